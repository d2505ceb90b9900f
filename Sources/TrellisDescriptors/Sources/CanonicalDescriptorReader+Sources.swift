import Trellis

/// A section's `source` and the keys that say how its items are listed.
extension CanonicalDescriptorReader {
  /// The section keys that only a section with a `source` takes.
  static let sourceListKeys = [
    "batchSize", "title", "detail", "search", "placeholder", "addItem", "allowAddingItems",
    "allowDeletingItems", "allowMovingItems", "allowEditDetailView", "fields",
  ]
  static let fieldKeys = [
    "kind", "title", "required", "choices", "minimum", "maximum", "placeholder",
  ]
  static let sourceKinds = ListSource.Kind.allCases.map(\.rawValue)
  static let sqliteKeys = ["file", "table", "keys", "name", "inferred"]
  static let postgresKeys = ["url", "table"]
  static let documentKeys = ["file", "keyPath", "keys", "name"]

  /// The section's source, when it has one, with its list keys; reports list keys given
  /// without a source, and a source given with `rows` or `list`.
  func sectionSource(_ node: DescriptorNode) -> SectionSource? {
    guard node.has("source") else {
      for key in Self.sourceListKeys where node.has(key) {
        reading.error(
          "'\(key)' applies to a section with a 'source'; this section has rows",
          at: node.path(key), onKey: true)
      }
      return nil
    }
    for key in ["rows", "list"] where node.has(key) {
      reading.error(
        "a section with a 'source' lists the source's items: it has no '\(key)'",
        at: node.path(key), onKey: true)
    }
    guard let sourceNode = node.dictionary("source"), let source = listSource(sourceNode) else {
      return nil
    }
    var section = SectionSource(source: source.source, location: node.location(of: "source"))
    section.settingLocations = source.locations
    if let size = node.integer("batchSize") {
      if size < 1 {
        reading.error("'batchSize' must be 1 or more, not \(size)", at: node.path("batchSize"))
      } else {
        section.batchSize = size
      }
    }
    section.titleKeys = keyList(node, "title") ?? []
    section.detailKeys = keyList(node, "detail") ?? []
    section.searchKeys = keyList(node, "search") ?? []
    for key in ["title", "detail", "search"] {
      if let location = node.location(of: key) { section.keyLocations[key] = location }
    }
    section.placeholder = node.string("placeholder")
    section.addItem = node.string("addItem")
    section.allowsAdding = node.bool("allowAddingItems") ?? true
    section.allowsDeleting = node.bool("allowDeletingItems")
    section.allowsMoving = node.bool("allowMovingItems")
    section.allowsEditingDetails = node.bool("allowEditDetailView") ?? true
    section.fields = fields(node)
    return section
  }

  /// `{"notes": {"kind": "textView"}, "age": {"minimum": 0}}`: how the items' detail screens
  /// show some of their keys.
  private func fields(_ node: DescriptorNode) -> [String: SourceField] {
    guard let fieldsNode = node.dictionary("fields") else { return [:] }
    var fields: [String: SourceField] = [:]
    for key in fieldsNode.value.dictionaryValue?.keys ?? [] {
      guard let child = fieldsNode.dictionary(key) else { continue }
      child.checkKeys(Self.fieldKeys, in: "a field")
      var field = SourceField(location: fieldsNode.location(of: key))
      field.kind = child.choice("kind", RowKind.self)
      field.title = child.string("title")
      field.isRequired = child.bool("required")
      field.choices = child.raw("choices").flatMap { raw in
        guard let values = raw.arrayValue else {
          reading.error("'choices' of a field is a list of values", at: child.path("choices"))
          return nil
        }
        return values
      }
      (field.minimum, field.maximum) = range(child)
      field.placeholder = child.string("placeholder")
      fields[key] = field
    }
    return fields
  }

  /// Keys of the items: a string (one key) or a list of strings.
  private func keyList(_ node: DescriptorNode, _ key: String) -> [String]? {
    guard let raw = node.raw(key) else { return nil }
    if raw.arrayValue != nil { return node.stringList(key)?.map(\.0) }
    return node.string(key).map { [$0] }
  }

  /// `{"sqlite": {...}}`, `{"document": {...}}` or `{"webService": {...}}`, with where each
  /// setting is written; `what` names the key in messages.
  func listSource(_ node: DescriptorNode, in what: String = "a 'source'") -> (
    source: ListSource, locations: [String: SourceLocation]
  )? {
    node.checkKeys(Self.sourceKinds, in: what)
    // In the order written, so that the second kind is the one reported.
    let named = (node.value.dictionaryValue?.keys ?? []).filter(Self.sourceKinds.contains)
    guard let kindName = named.first, let kind = ListSource.Kind(rawValue: kindName) else {
      if node.value.dictionaryValue?.isEmpty ?? true {
        reading.error(
          "\(what) names one kind of source: 'sqlite', 'postgres', 'document' or "
            + "'webService'",
          at: node.path)
      }
      return nil
    }
    if named.count > 1 {
      reading.error(
        "\(what) names one kind of source, not both '\(named[0])' and '\(named[1])'",
        at: node.path(named[1]), onKey: true)
      return nil
    }
    guard let settings = node.dictionary(kindName) else { return nil }
    let locations = settingLocations(settings)
    switch kind {
    case .sqlite:
      settings.checkKeys(Self.sqliteKeys, in: "an SQLite source")
      let file = settings.require("file", in: "an SQLite source") ? nonEmpty(settings, "file") : nil
      let table =
        settings.require("table", in: "an SQLite source") ? nonEmpty(settings, "table") : nil
      let keys = namesString(settings, "keys")
      guard let file, let table else { return nil }
      return (
        .sqlite(
          file: file, table: table, keys: keys, name: settings.string("name"),
          inferred: settings.bool("inferred") ?? false), locations
      )
    case .document:
      settings.checkKeys(Self.documentKeys, in: "a document source")
      guard settings.require("file", in: "a document source"), let file = nonEmpty(settings, "file")
      else { return nil }
      let keyPath = settings.string("keyPath") ?? ""
      let keys = namesString(settings, "keys")
      return (
        .document(file: file, keyPath: keyPath, keys: keys, name: settings.string("name")),
        locations
      )
    case .webService:
      return webServiceSettings(settings).map { (.webService(settings: $0), locations) }
    case .postgres:
      settings.checkKeys(Self.postgresKeys, in: "a PostgreSQL source")
      let url = settings.require("url", in: "a PostgreSQL source") ? nonEmpty(settings, "url") : nil
      let table =
        settings.require("table", in: "a PostgreSQL source") ? nonEmpty(settings, "table") : nil
      guard let url, let table else { return nil }
      return (.postgres(url: url, table: table), locations)
    }
  }

  /// Where each setting of a source is written, by name.
  private func settingLocations(_ node: DescriptorNode) -> [String: SourceLocation] {
    var locations: [String: SourceLocation] = [:]
    for key in node.value.dictionaryValue?.keys ?? [] {
      if let location = node.location(of: key) { locations[key] = location }
    }
    return locations
  }

  /// A string that must not be empty.
  func nonEmpty(_ node: DescriptorNode, _ key: String) -> String? {
    guard let text = node.string(key) else { return nil }
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      reading.error("'\(key)' must not be empty", at: node.path(key))
      return nil
    }
    return text
  }

  /// A names string (`"name;notes"`, `"Task:(name,notes)"`), its mistakes located inside it.
  func namesString(_ node: DescriptorNode, _ key: String) -> String? {
    guard let text = node.string(key) else { return nil }
    do { _ = try PropertyNamesString.parse(text) } catch {
      let origin = node.textLocation(of: key)
      for diagnostic in error.diagnostics {
        var located = diagnostic
        located.message = "bad names string in '\(key)': " + diagnostic.message
        located.file = reading.document.file
        if let origin, let inner = diagnostic.location, inner.line == 1 {
          located.location = SourceLocation(
            file: reading.document.file, line: origin.line, column: origin.column + inner.column - 1
          )
        } else {
          located.location = node.location(of: key)?.inFile(reading.document.file)
        }
        reading.append(located)
      }
      return nil
    }
    if text.trimmingCharacters(in: .whitespaces).isEmpty {
      reading.error("'\(key)' names no key: list the keys to show", at: node.path(key))
      return nil
    }
    return text
  }
}
