import Foundation
import Trellis

/// An API that publishes no OpenAPI document, described from its own answers as one: a
/// Django REST framework API root (`{"contacts": "http://…/api/contacts/"}`), and for each of
/// its lists the fields its `OPTIONS` names (kinds, lengths, bounds, choices, which are
/// required or read-only), how a page of it comes (`count`, `next`, `results`), and which
/// methods its items take.
///
/// The document it makes is read as any other (``OpenAPIDocumentReader``), so that such an
/// API is served with one command, as one that publishes its document is.
package enum APIRootDescription {
  /// At most this many lists are asked about.
  package static let maximumLists = 50

  /// What was learnt of one list.
  package struct List: Sendable {
    /// Its name in the root (`contacts`).
    package var name: String
    /// Its address.
    package var url: URL
    /// The body of its `OPTIONS` answer, read as JSON; `nil` when it gave none.
    package var options: Value?
    /// The methods its `Allow` header names (`GET`, `POST`).
    package var allows: Set<String>
    /// The body of its first page, read as JSON; `nil` when it gave none.
    package var page: Value?
    /// The methods an item's `Allow` header names (`PUT`, `PATCH`, `DELETE`); empty when
    /// no item was there to ask.
    package var itemAllows: Set<String>

    /// Describes a list.
    package init(
      name: String, url: URL, options: Value?, allows: Set<String>, page: Value?,
      itemAllows: Set<String>
    ) {
      self.name = name
      self.url = url
      self.options = options
      self.allows = allows
      self.page = page
      self.itemAllows = itemAllows
    }
  }

  /// The lists an API root names, by name and address: every entry whose value is an
  /// `http(s)` address on the root's own server; `nil` when `root` is no such object.
  package static func lists(inRoot root: Value, at address: URL) -> [(name: String, url: URL)]? {
    guard case .dictionary(let entries) = root, !entries.isEmpty else { return nil }
    var lists: [(name: String, url: URL)] = []
    for (name, value) in entries {
      guard let text = value.stringValue, let url = URL(string: text),
        ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
        url.host?.lowercased() == address.host?.lowercased(), url.port == address.port
      else { return nil }
      lists.append((name, url))
    }
    return Array(lists.prefix(maximumLists))
  }

  /// The OpenAPI 3 document of `lists`, served at `root`, as JSON.
  package static func document(title: String, root: URL, lists: [List]) -> Data {
    var paths = ValueDictionary()
    var schemas = ValueDictionary()
    for list in lists {
      let path = list.url.path.hasSuffix("/") ? list.url.path : list.url.path + "/"
      let component = Humanizer.title(for: EnglishNoun.singular(list.name))
        .replacingOccurrences(of: " ", with: "")
      schemas[component] = schema(of: list)
      let reference: Value = ["$ref": .string("#/components/schemas/\(component)")]
      var collection = ValueDictionary()
      if list.allows.contains("GET") {
        collection["get"] = [
          "parameters": .array(pageParameters(list)),
          "responses": ["200": response(page(list, items: reference))],
        ]
      }
      if list.allows.contains("POST") {
        collection["post"] = [
          "requestBody": ["content": ["application/json": ["schema": reference]]],
          "responses": ["201": response(reference)],
        ]
      }
      paths[path] = .dictionary(collection)
      var item = ValueDictionary()
      item["parameters"] = [
        ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]]
      ]
      item["get"] = ["responses": ["200": response(reference)]]
      let body: Value = ["content": ["application/json": ["schema": reference]]]
      if list.itemAllows.contains("PATCH") {
        item["patch"] = ["requestBody": body, "responses": ["200": response(reference)]]
      } else if list.itemAllows.contains("PUT") {
        item["put"] = ["requestBody": body, "responses": ["200": response(reference)]]
      }
      if list.itemAllows.contains("DELETE") {
        item["delete"] = ["responses": ["204": ["description": "Deleted"]]]
      }
      paths[path + "{id}/"] = .dictionary(item)
    }
    var server = root.absoluteString
    if let host = root.host {
      server = "\(root.scheme ?? "http")://\(host)" + (root.port.map { ":\($0)" } ?? "")
    }
    let document: Value = [
      "openapi": "3.0.3",
      "info": ["title": .string(title), "version": ""],
      "servers": [["url": .string(server)]],
      "paths": .dictionary(paths),
      "components": ["schemas": .dictionary(schemas)],
    ]
    return (try? DocumentWriter.data(for: document, format: .json)) ?? Data()
  }

  /// A JSON response holding `schema`.
  private static func response(_ schema: Value) -> Value {
    ["description": "", "content": ["application/json": ["schema": schema]]]
  }

  /// A page of the list as its first page came: the items under `results` with `count` and
  /// `next` beside them, or a plain array.
  private static func page(_ list: List, items: Value) -> Value {
    guard case .dictionary(let entries)? = list.page, entries["results"]?.arrayValue != nil
    else { return ["type": "array", "items": items] }
    var properties: ValueDictionary = ["results": ["type": "array", "items": items]]
    if entries["count"] != nil { properties["count"] = ["type": "integer"] }
    if entries["next"] != nil { properties["next"] = ["type": "string", "nullable": true] }
    return ["type": "object", "properties": .dictionary(properties)]
  }

  /// The query parameters a paged list takes: `page`, and `page_size`, which a list whose
  /// pages name it in their `next` address honours.
  private static func pageParameters(_ list: List) -> [Value] {
    guard case .dictionary(let entries)? = list.page, entries["results"] != nil else { return [] }
    var names = ["page"]
    if entries["next"]?.stringValue?.contains("page_size=") == true { names.append("page_size") }
    return names.map { ["name": .string($0), "in": "query", "schema": ["type": "integer"]] }
  }

  /// The schema of the list's items: the fields its `OPTIONS` names for a new one (`POST`),
  /// else for a change (`PUT`); else the keys of an item of its first page.
  private static func schema(of list: List) -> Value {
    let actions = list.options?.dictionaryValue?["actions"]?.dictionaryValue
    guard let fields = (actions?["POST"] ?? actions?["PUT"])?.dictionaryValue else {
      return sampled(list)
    }
    var properties = ValueDictionary()
    var required: [Value] = []
    for (name, field) in fields {
      guard let field = field.dictionaryValue, let property = property(field) else { continue }
      properties[name] = property
      if field["required"] == .bool(true), field["read_only"] != .bool(true) {
        required.append(.string(name))
      }
    }
    var schema: ValueDictionary = ["type": "object", "properties": .dictionary(properties)]
    if !required.isEmpty { schema["required"] = .array(required) }
    return .dictionary(schema)
  }

  /// The schema of one field as Django REST framework describes it; `nil` for one that
  /// nests or names others (`field`, `nested object`, lists).
  private static func property(_ field: ValueDictionary) -> Value? {
    var schema = ValueDictionary()
    switch field["type"]?.stringValue ?? "" {
    case "integer": schema["type"] = "integer"
    case "float", "decimal": schema["type"] = "number"
    case "boolean": schema["type"] = "boolean"
    case "string", "slug", "regex", "ip address", "uuid", "file upload", "image upload":
      schema["type"] = "string"
    case "email": schema = ["type": "string", "format": "email"]
    case "url": schema = ["type": "string", "format": "uri"]
    case "date": schema = ["type": "string", "format": "date"]
    case "datetime": schema = ["type": "string", "format": "date-time"]
    case "time": schema = ["type": "string", "format": "time"]
    case "choice":
      let values = field["choices"]?.arrayValue?.compactMap { $0.dictionaryValue?["value"] } ?? []
      guard !values.isEmpty else { return nil }
      schema["type"] = values.allSatisfy { $0.intValue != nil } ? "integer" : "string"
      schema["enum"] = .array(values)
    default: return nil
    }
    if field["read_only"] == .bool(true) { schema["readOnly"] = true }
    if let length = field["max_length"]?.intValue { schema["maxLength"] = .int(length) }
    if let length = field["min_length"]?.intValue { schema["minLength"] = .int(length) }
    for (key, bound) in [("min_value", "minimum"), ("max_value", "maximum")] {
      if let value = field[key], value.doubleValue != nil { schema[bound] = value }
    }
    if field["required"] != .bool(true) { schema["nullable"] = true }
    return .dictionary(schema)
  }

  /// The schema of an item of the list's first page, by the kinds of its values.
  private static func sampled(_ list: List) -> Value {
    let items = list.page?.dictionaryValue?["results"]?.arrayValue ?? list.page?.arrayValue ?? []
    var properties = ValueDictionary()
    for (key, value) in items.first?.dictionaryValue ?? [:] {
      switch value {
      case .int: properties[key] = ["type": "integer"]
      case .double: properties[key] = ["type": "number"]
      case .bool: properties[key] = ["type": "boolean"]
      case .string, .null: properties[key] = ["type": "string", "nullable": true]
      default: continue
      }
    }
    return ["type": "object", "properties": .dictionary(properties)]
  }
}
