import Foundation
import Trellis

/// One list of an OpenAPI fixture as its service answers for it: where its objects are, how a
/// page of them is asked for and wrapped, and what an object's id is called, all read from the
/// list's inferred `webService` settings; and where the Store API keeping its objects is mounted.
struct OpenAPIFixtureResource: Sendable {
  /// How the document pages the list.
  enum Paging: Sendable, Equatable {
    /// Every object in one answer (at most the size asked for, when the document has a size).
    case none
    /// A page and the address of the next (`next`), asked for with `page`.
    case nextLink
    /// Pages by number, the first numbered `first`.
    case page(parameter: String, first: Int)
    /// Slices from an offset.
    case offset(parameter: String)
  }

  /// The collection's path, without a slash at either end: `members`, `api/contacts`.
  let collection: String
  /// An object's path before its id (`members/`), when the document has object paths.
  let itemPrefix: String?
  /// An object's path after its id (`/` for `api/contacts/{id}/`).
  let itemSuffix: String
  /// The property holding the id (`eventId`), and whether the document writes it as text.
  let idKey: String
  let idIsText: Bool
  /// Where the objects of an answer go; a bare array when `nil`.
  let resultsKey: String?
  let nextKey: String?
  let countKey: String?
  let paging: Paging
  let sizeParameter: String?
  let searchParameter: String?
  /// The properties besides the id, with their value kinds (`int?`), rules and conversions.
  let keys: [String]
  let kinds: [String: String]
  let rules: ValueDictionary
  let conversions: ValueDictionary
  /// Where the Store API keeping the objects is mounted: `/store/0/`.
  let storePath: String

  /// Objects per page when a request names no size: a list's first batch.
  static let pageSize = 20
  /// The most objects an answer holds, whatever the request asks.
  static let maximumPageSize = 1000

  /// The resource a list's `settings` describe, its objects kept at `/store/INDEX/`; `nil`
  /// when the settings name no collection.
  init?(settings: ValueDictionary, index: Int) {
    guard let fetch = settings["fetchObjectsAPI"]?.stringValue else { return nil }
    collection = Self.trimmed(fetch)
    guard !collection.isEmpty else { return nil }
    let item = ["updateObject", "deleteObject", "readObject"].lazy.compactMap {
      settings[$0]?.dictionaryValue?["path"]?.stringValue
    }.first { $0.contains("{id}") }
    if let item, let range = item.range(of: "{id}") {
      itemPrefix = String(item[..<range.lowerBound].drop { $0 == "/" })
      itemSuffix = String(item[range.upperBound...])
    } else {
      itemPrefix = nil
      itemSuffix = ""
    }
    var kinds: [String: String] = [:]
    for (key, kind) in settings["valueKinds"]?.dictionaryValue ?? [:] {
      if let kind = kind.stringValue { kinds[key] = kind }
    }
    idKey = settings["idKeyName"]?.stringValue ?? "id"
    idIsText = kinds[idKey]?.hasPrefix("string") ?? false
    resultsKey = settings["resultsKeyName"]?.stringValue
    nextKey = settings["nextBatchURLKeyName"]?.stringValue
    countKey = settings["totalCountKeyName"]?.stringValue
    sizeParameter = settings["batchSizeParameterName"]?.stringValue
    searchParameter = settings["searchParameterName"]?.stringValue
    switch settings["paging"] {
    case .string("nextLink")?: paging = .nextLink
    case .dictionary(let entries)?:
      if let page = entries["page"]?.stringValue {
        paging = .page(parameter: page, first: entries["first"]?.intValue ?? 1)
      } else if let offset = entries["offset"]?.stringValue {
        paging = .offset(parameter: offset)
      } else {
        paging = .none
      }
    default: paging = .none
    }
    let names = (settings["resultsDictionaryKeyNamesString"]?.stringValue ?? "")
      .split(separator: ";").map(String.init)
    let idKey = self.idKey
    keys = names.filter { $0 != idKey && $0 != "id" }
    self.kinds = kinds
    rules = settings["rules"]?.dictionaryValue ?? [:]
    conversions = settings["conversions"]?.dictionaryValue ?? [:]
    storePath = "/store/\(index)/"
  }

  /// `/api/contacts/` → `api/contacts`.
  static func trimmed(_ path: some StringProtocol) -> String {
    String(path.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed())
  }

  /// What a request's path names: the collection, or the object with an id.
  enum Target: Equatable {
    case collection
    case item(String)
  }

  /// What `path` (with its leading slash, without the query) names of this resource; `nil`
  /// when it is not one of its paths.
  func target(of path: String) -> Target? {
    if Self.trimmed(path) == collection { return .collection }
    let relative = String(path.drop { $0 == "/" })
    guard let itemPrefix, relative.hasPrefix(itemPrefix), relative.hasSuffix(itemSuffix),
      relative.count > itemPrefix.count + itemSuffix.count
    else { return nil }
    let id = relative.dropFirst(itemPrefix.count).dropLast(itemSuffix.count)
    guard !id.contains("/") else { return nil }
    return .item(id.removingPercentEncoding ?? String(id))
  }

  // MARK: Objects

  /// An object as the Store API answers it, as the document writes it: its `id` under the
  /// document's name and type.
  func outward(_ object: Value) -> Value {
    guard var entries = object.dictionaryValue, let id = entries["id"] else { return object }
    entries["id"] = nil
    entries[idKey] = idIsText ? .string(id.intValue.map(String.init) ?? id.displayText) : id
    return .dictionary(entries)
  }

  /// An object as a client sends it, as the Store API takes it: without an id, which the
  /// service gives.
  func inward(_ object: Value) -> Value {
    guard var entries = object.dictionaryValue else { return object }
    entries[idKey] = nil
    entries["id"] = nil
    return .dictionary(entries)
  }

  /// The objects a service starts with: `count` of them, each value of its key's kind and
  /// within its rules.
  func seeds(_ count: Int) -> [Value] {
    (1...max(count, 1)).map { number in
      var object: ValueDictionary = ["id": .int(number)]
      for key in keys { object[key] = seed(key, number) }
      return .object(ObjectReference(DocumentObject(.dictionary(object))))
    }
  }

  /// The `number`th object's value of `key`.
  private func seed(_ key: String, _ number: Int) -> Value {
    let rules = self.rules[key]?.dictionaryValue ?? [:]
    if let choices = rules["choices"]?.arrayValue, !choices.isEmpty {
      return choices[number % choices.count]
    }
    let kind = (kinds[key] ?? "string").replacingOccurrences(of: "?", with: "")
    switch kind {
    case "int":
      let low = rules["minimum"]?.intValue ?? 0
      let high = max(rules["maximum"]?.intValue ?? low + 100, low)
      return .int(low + 1 + number % max(high - low, 1))
    case "double":
      let low = rules["minimum"]?.doubleValue ?? 0
      return .double(low + Double(number) + 0.5)
    case "bool": return .bool(number.isMultiple(of: 2))
    case "date":
      let day = String(format: "2026-01-%02d", number % 28 + 1)
      return conversions[key]?.stringValue == "iso8601Day"
        ? .string(day) : .string(day + "T10:30:00Z")
    default:
      switch rules["format"]?.stringValue {
      case "email": return .string("person\(number)@example.com")
      case "uri": return .string("https://example.com/\(number)")
      default: break
      }
      // A pattern the seeds cannot be sure to match is left to the forms to fill.
      if rules["pattern"] != nil { return .null }
      let text = "\(key.prefix(1).uppercased())\(key.dropFirst()) \(number)"
      let longest = rules["maxLength"]?.intValue ?? text.count
      return .string(String(text.prefix(max(longest, 1))))
    }
  }

  // MARK: Pages

  /// The answer to a list's request with `query`, from every object that matched
  /// (`objects`, as the Store API answers them): the page asked for, wrapped as the document
  /// says; `origin` (`http://127.0.0.1:8080`) and `path` make the next page's address.
  func page(of objects: [Value], query: OpenAPIFixtureQuery, origin: String, path: String)
    -> Value
  {
    let asked = sizeParameter.flatMap { query.int($0) }
    let size = min(max(asked ?? Self.pageSize, 1), Self.maximumPageSize)
    let pages = objects.count / size + 1
    var start = 0
    var next: Value = .null
    switch paging {
    case .none:
      break
    case .nextLink:
      let number = max(query.int("page") ?? 1, 1)
      start = number > pages ? objects.count : (number - 1) * size
      if start + size < objects.count {
        next = .string(origin + path + "?" + query.replacing("page", with: "\(number + 1)"))
      }
    case .page(let parameter, let first):
      let index = (query.int(parameter) ?? first) - first
      start = index < 0 || index >= pages ? objects.count : index * size
    case .offset(let parameter):
      start = min(max(query.int(parameter) ?? 0, 0), objects.count)
    }
    // Without paging, every object, unless the request names how many.
    let end = paging == .none && asked == nil ? objects.count : min(start + size, objects.count)
    let shown = objects[start..<max(start, end)]
    let items = Value.array(shown.map(outward))
    guard let resultsKey else { return items }
    var wrapper: ValueDictionary = [resultsKey: items]
    if let countKey { wrapper[countKey] = .int(objects.count) }
    if let nextKey { wrapper[nextKey] = next }
    return .dictionary(wrapper)
  }
}
