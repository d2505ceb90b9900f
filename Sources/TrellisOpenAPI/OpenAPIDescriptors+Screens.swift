import OpenAPIKit
import Trellis
import TrellisDescriptors
import TrellisListSources

extension OpenAPIDescriptors {
  /// The home screen: a section of the resources that list, one of those that cannot, with
  /// why, and a footer saying how requests are signed.
  static func home(
    _ document: OpenAPI.Document, resources: [OpenAPIResource], screens: [String: String],
    title: String, credential: OpenAPICredential?, readOnly: Bool
  ) -> Value {
    var listed: [Value] = []
    var others: [Value] = []
    var reasons: [String] = []
    var notes: [String] = []
    for resource in resources {
      var row: ValueDictionary = [
        "id": .string(resource.collectionPath), "text": .string(capitalised(resource.name)),
        "detail": .string(resource.collectionPath), "cellStyle": "subtitle",
      ]
      if let screen = screens[resource.collectionPath] {
        row["accessory"] = "disclosureIndicator"
        row["push"] = .string(screen)
        listed.append(.dictionary(row))
        if resource.isReadOnly && !readOnly {
          notes.append(
            "\(resource.collectionPath) is read-only: the API has no operation that changes it.")
        }
      } else {
        others.append(.dictionary(row))
        reasons.append(
          resource.canList
            ? "\(resource.collectionPath): its objects have no property a form can show."
            : "\(resource.collectionPath): the API has no GET for it, so it cannot be listed.")
      }
    }
    if readOnly { notes.insert("Served read-only: nothing can be changed.", at: 0) }
    if let credential {
      notes.append(
        "Requests carry the \(credential.schemeName) credential from \(OpenAPICredential.variable) "
          + "(or --token).")
    }
    var sections: [Value] = []
    var section: ValueDictionary = [
      "id": "resources", "header": "Resources",
      "rows": listed.isEmpty ? [["text": "The API has no resource to list"]] : .array(listed),
    ]
    if !notes.isEmpty { section["footer"] = .string(notes.joined(separator: "\n")) }
    sections.append(.dictionary(section))
    if !others.isEmpty {
      sections.append(
        [
          "id": "unlisted", "header": "Not listed", "rows": .array(others),
          "footer": .string(reasons.joined(separator: "\n")),
        ])
    }
    var heading = document.info.title.isEmpty ? title : document.info.title
    heading = String(heading.prefix(200))
    return [
      "schemaVersion": .int(TableDescriptor.currentSchemaVersion), "title": .string(heading),
      "sections": .array(sections),
    ]
  }

  /// A resource's list: its objects from the service, a page at a time, each opening its
  /// form; the footer states what the API does not allow.
  static func list(
    _ resource: OpenAPIResource, baseURL: String, credential: OpenAPICredential?, readOnly: Bool
  ) -> Value {
    let canCreate = resource.canCreate && !readOnly
    let canUpdate = resource.updateMethod != nil && !readOnly
    let canDelete = resource.canDelete && !readOnly
    var fields = resource.fields
    if !fields.contains(where: { $0.name == resource.idKey }) {
      // The identity is read from every object even when the schema does not list it.
      fields.insert(
        OpenAPIField(
          name: resource.idKey, kind: "string", isOptional: true, rules: ["readOnly": true]),
        at: 0)
    }
    if !canUpdate {
      // Shown, not edited: without an update a form can only show.
      for index in fields.indices where !canCreate { fields[index].rules["readOnly"] = true }
    }
    var settings: ValueDictionary = [
      "baseURL": .string(baseURL), "fetchObjectsAPI": .string(relative(resource.collectionPath)),
      "resultsDictionaryKeyNamesString": .string(fields.map(\.name).joined(separator: ";")),
      "idKeyName": .string(resource.idKey), "name": .string(resource.itemName),
      "errors": "fieldLists",
      // Others' changes (other programs, other servers) show within a few seconds.
      "pollInterval": .int(Self.pollSeconds),
    ]
    if let key = resource.resultsKey { settings["resultsKeyName"] = .string(key) }
    if let key = resource.nextKey {
      settings["nextBatchURLKeyName"] = .string(key)
      settings["paging"] = "nextLink"
    } else if let page = resource.pageParameter {
      settings["paging"] = ["page": .string(page), "first": 1]
    } else if let offset = resource.offsetParameter {
      settings["paging"] = ["offset": .string(offset)]
    }
    if let key = resource.countKey { settings["totalCountKeyName"] = .string(key) }
    if let size = resource.sizeParameter { settings["batchSizeParameterName"] = .string(size) }
    if let search = resource.searchParameter { settings["searchParameterName"] = .string(search) }
    let item = resource.itemPath.map { path -> String in
      var written = relative(path)
      if let parameter = resource.itemParameter {
        written = written.replacingOccurrences(of: "{\(parameter)}", with: "{id}")
      }
      return written
    }
    func endpoint(_ method: String, _ path: String?, _ allowed: Bool) -> Value {
      guard allowed, let path else { return false }
      return ["method": .string(method), "path": .string(path)]
    }
    settings["createObject"] = endpoint("POST", relative(resource.collectionPath), canCreate)
    settings["updateObject"] = endpoint(resource.updateMethod ?? "PATCH", item, canUpdate)
    settings["deleteObject"] = endpoint("DELETE", item, canDelete)
    settings["readObject"] = endpoint("GET", item, resource.canRead && canUpdate)
    settings["valueKinds"] = .dictionary(
      ValueDictionary(fields.map { ($0.name, .string($0.valueKind)) }))
    let conversions = fields.compactMap { field in
      field.conversion.map { (field.name, Value.string($0)) }
    }
    if !conversions.isEmpty { settings["conversions"] = .dictionary(ValueDictionary(conversions)) }
    let rules = fields.filter { !$0.rules.isEmpty }.map { ($0.name, Value.dictionary($0.rules)) }
    if !rules.isEmpty { settings["rules"] = .dictionary(ValueDictionary(rules)) }
    if let credential { settings["credential"] = credential.setting }

    let title = capitalised(resource.name)
    var section: ValueDictionary = [
      "id": "objects", "header": .string(title),
      "source": ["webService": .dictionary(settings)], "batchSize": .int(batchSize),
      "placeholder": .string("No \(resource.name)"),
    ]
    if let key = resource.titleKey { section["title"] = .string(key) }
    let texts = resource.fields.filter { $0.kind == "string" }.map(\.name)
    if !texts.isEmpty { section["search"] = .array(texts.prefix(8).map(Value.string)) }
    if canCreate { section["addItem"] = .string("New \(Humanizer.title(for: resource.itemName))") }
    if !canCreate { section["allowAddingItems"] = false }
    if !canDelete { section["allowDeletingItems"] = false }
    // An object the API cannot change is shown, with Back, not edited with Done and Cancel.
    if !canUpdate { section["allowEditDetailView"] = false }
    section["allowMovingItems"] = false
    var notes: [String] = []
    if readOnly {
      notes.append("Served read-only.")
    } else if !resource.missing.isEmpty {
      let list = resource.missing.joined(separator: "; ")
      notes.append(
        resource.isReadOnly
          ? "Read-only: \(list)." : list.prefix(1).uppercased() + list.dropFirst() + ".")
    }
    if !notes.isEmpty { section["footer"] = .string(notes.joined(separator: "\n")) }
    return [
      "schemaVersion": .int(TableDescriptor.currentSchemaVersion), "title": .string(title),
      "editable": .bool(canCreate || canUpdate || canDelete), "sections": [.dictionary(section)],
    ]
  }

  static func capitalised(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }
}
