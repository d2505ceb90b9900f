import OpenAPIKit
import Trellis

extension OpenAPIResource {
  /// The resources of a document: each path without a trailing parameter that has a GET or a
  /// POST, paired with the path of one of its objects (the same path and one parameter more).
  ///
  /// Only the path items of a resource are dereferenced, each while its resource is read.
  package static func resources(in routes: OpenAPIRoutes) -> [OpenAPIResource] {
    // Each object path (one parameter after a collection's), the first for its collection.
    var itemRoutes: [String: Int] = [:]
    for (index, path) in routes.paths.enumerated() {
      let components = path.components
      guard let final = components.last, isParameter(final) else { continue }
      let parent = normalized("/" + components.dropLast().joined(separator: "/"))
      if itemRoutes[parent] == nil { itemRoutes[parent] = index }
    }
    var resources: [OpenAPIResource] = []
    var names: Set<String> = []
    for (index, path) in routes.paths.enumerated() where resources.count < maximumResources {
      let raw = path.rawValue
      // A collection under another object's path (`/users/{id}/posts`) needs that object
      // first: it is not listed on its own.
      guard let last = path.components.last, !path.components.contains(where: isParameter),
        let item = routes.pathItem(at: index), item.get != nil || item.post != nil
      else { continue }
      let base = normalized(raw)
      let itemPath = itemRoutes[base].map { routes.paths[$0] }
      let one = itemRoutes[base].flatMap(routes.pathItem(at:))
      var name = String(last.prefix(100))
      while !names.insert(name).inserted { name += "_" }
      var resource = OpenAPIResource(
        name: name, collectionPath: raw, itemPath: itemPath?.rawValue,
        itemParameter: itemPath?.components.last.map(parameterName),
        itemName: singular(last))
      resource.canList = item.get != nil
      resource.canCreate = item.post != nil
      if let one {
        resource.canRead = one.get != nil
        resource.updateMethod = one.patch != nil ? "PATCH" : one.put != nil ? "PUT" : nil
        resource.canDelete = one.delete != nil
      }
      resource.readSchemas(
        list: item.get, create: item.post, read: one?.get, update: one?.patch ?? one?.put)
      if let list = item.get { resource.readPaging(list, pathParameters: item.parameters) }
      resources.append(resource)
    }
    return resources
  }

  /// The properties and the shape of the list response, from the operations' schemas: the
  /// list response's items first, then one object's response, then the bodies sent.
  mutating func readSchemas(
    list: DereferencedOperation?, create: DereferencedOperation?, read: DereferencedOperation?,
    update: DereferencedOperation?
  ) {
    var object: DereferencedJSONSchema?
    if let schema = list.flatMap(Self.successSchema) {
      switch Self.flattened(schema) {
      case .array(_, let context):
        object = context.items
      case .object(_, let context):
        // A wrapper: the array property holds the objects, the rest says how to page.
        let arrays = context.properties.filter {
          if case .array = Self.flattened($0.value) { return true } else { return false }
        }
        let preferred = ["results", "items", "data", "records", "rows", "content"]
        let key =
          preferred.first { name in arrays.contains { $0.key == name } } ?? arrays.first?.key
        if let key, let found = arrays.first(where: { $0.key == key }),
          case .array(_, let items) = Self.flattened(found.value)
        {
          resultsKey = key
          object = items.items
        }
        for (property, schema) in context.properties where property != key {
          let lowered = property.lowercased()
          if nextKey == nil,
            ["next", "next_url", "nextlink", "next_page_url", "nextpage"].contains(lowered),
            Self.isText(schema)
          {
            nextKey = property
          }
          if countKey == nil,
            ["count", "total", "total_count", "totalcount", "totalresults"].contains(lowered)
          {
            countKey = property
          }
        }
      default: break
      }
    }
    let candidates = [
      object, read.flatMap(Self.successSchema), create.flatMap(Self.bodySchema),
      update.flatMap(Self.bodySchema),
    ]
    var sent: Set<String> = []
    for schema in [create.flatMap(Self.bodySchema), update.flatMap(Self.bodySchema)] {
      guard let schema, let object = Self.objectProperties(schema) else { continue }
      sent.formUnion(object.required)
    }
    guard
      let chosen = candidates.compactMap({ $0 }).first(where: { Self.objectProperties($0) != nil }),
      let object = Self.objectProperties(chosen)
    else { return }
    let (properties, required) = (object.properties, object.required)
    if let component = chosen.vendorExtensions["x-component-name"]?.value as? String,
      !component.isEmpty
    {
      itemName = String(component.prefix(100))
    }
    // A property the objects have but the body that creates one does not is the service's
    // to set (an id, a time stamp): shown, not edited.
    let createdKeys = create.flatMap(Self.bodySchema).flatMap(Self.objectProperties)
      .map { Set($0.properties.map(\.0)) }
    for (key, schema) in properties.prefix(Self.maximumFields) {
      let setByService = createdKeys.map { !$0.isEmpty && !$0.contains(key) } ?? false
      let isRequired = (required.contains(key) || sent.contains(key)) && !setByService
      guard var field = OpenAPIField(name: key, schema: schema, isRequired: isRequired) else {
        continue
      }
      if setByService {
        field.rules["readOnly"] = true
        field.isOptional = true
      }
      fields.append(field)
    }
    if let parameter = itemParameter, fields.contains(where: { $0.name == parameter }) {
      idKey = parameter
    } else if !fields.contains(where: { $0.name == "id" }), let parameter = itemParameter,
      OpenAPIField.isKey(parameter)
    {
      idKey = parameter
    }
  }

  /// How the list pages and searches, from its query parameters.
  mutating func readPaging(_ list: DereferencedOperation, pathParameters: [DereferencedParameter]) {
    let queries = (list.parameters + pathParameters).filter { $0.location == .query }.map(\.name)
    func first(_ names: [String]) -> String? {
      names.lazy.compactMap { name in queries.first { $0.lowercased() == name } }.first
    }
    pageParameter = first(["page", "page_number", "pagenumber"])
    offsetParameter = first(["offset", "skip", "start"])
    sizeParameter = first([
      "page_size", "pagesize", "per_page", "perpage", "limit", "size", "_size",
    ])
    searchParameter = first(["search", "q", "query", "_search", "filter"])
  }

  /// The JSON schema of an operation's first success response.
  static func successSchema(_ operation: DereferencedOperation) -> DereferencedJSONSchema? {
    let ordered =
      operation.responses.filter { $0.key.isSuccess }
      + operation.responses.filter {
        $0.key.rawValue == "default"
      }
    for (_, response) in ordered {
      if let schema = jsonSchema(response.content) { return schema }
    }
    return nil
  }

  /// The JSON schema of an operation's request body.
  static func bodySchema(_ operation: DereferencedOperation) -> DereferencedJSONSchema? {
    operation.requestBody.flatMap { jsonSchema($0.content) }
  }

  /// The schema of the JSON entry of a content map (`application/json`, `…+json`), else the
  /// first entry's.
  static func jsonSchema(_ content: DereferencedContent.Map) -> DereferencedJSONSchema? {
    let json = content.first { $0.key.rawValue.lowercased().contains("json") }
    return (json?.value ?? content.first?.value)?.schema
  }

  /// The properties of an object schema (an `allOf` of objects merged), with the required
  /// ones; `nil` when the schema is no object.
  static func objectProperties(_ schema: DereferencedJSONSchema)
    -> (properties: [(String, DereferencedJSONSchema)], required: Set<String>)?
  {
    switch flattened(schema) {
    case .object(_, let context):
      return (context.properties.map { ($0.key, $0.value) }, Set(context.requiredProperties))
    case .all(let parts, _):
      var properties: [(String, DereferencedJSONSchema)] = []
      var required: Set<String> = []
      var found = false
      for part in parts.prefix(50) {
        guard let object = objectProperties(part) else { continue }
        found = true
        for (key, value) in object.properties where !properties.contains(where: { $0.0 == key }) {
          properties.append((key, value))
        }
        required.formUnion(object.required)
      }
      return found ? (properties, required) : nil
    default:
      return nil
    }
  }

  /// A schema with `oneOf`/`anyOf` of one type and null taken as the one type, and an
  /// `allOf` of one schema as that schema.
  static func flattened(_ schema: DereferencedJSONSchema) -> DereferencedJSONSchema {
    switch schema {
    case .all(let parts, _) where parts.count == 1:
      return flattened(parts[0])
    case .one(let options, _), .any(let options, _):
      let kept = options.filter { if case .null = $0 { return false } else { return true } }
      return kept.count == 1 ? flattened(kept[0]) : schema
    default:
      return schema
    }
  }

  static func isText(_ schema: DereferencedJSONSchema) -> Bool {
    if case .string = flattened(schema) { return true }
    return false
  }

  static func isParameter(_ component: String) -> Bool {
    component.hasPrefix("{") && component.hasSuffix("}")
  }

  static func parameterName(_ component: String) -> String {
    String(component.dropFirst().dropLast())
  }

  /// A path without its trailing slash, for pairing `/pets` with `/pets/{id}/`.
  static func normalized(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path.hasPrefix("/") ? path : "/" + path
  }

  /// `pets` → `Pet`, `categories` → `Category`, `courses` → `Course`.
  static func singular(_ word: String) -> String {
    let word = EnglishNoun.singular(String(word.prefix(100)))
    return word.prefix(1).uppercased() + word.dropFirst()
  }
}
