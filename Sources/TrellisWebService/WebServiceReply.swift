import Trellis
import TrellisDocuments

/// Reads a web service's answers: JSON into ``Value``s, a page's objects, its next-page
/// address and count, and a refusal's messages. Nothing a server sends can crash it: every
/// surprise is a ``StoreError`` naming the address, the key, and what was found.
package enum WebServiceReply {
  /// The JSON of an answer from `url`.
  package static func json(_ bytes: [UInt8], url: String) throws(StoreError) -> Value {
    let options = DocumentReadOptions(
      maximumDepth: 64, allowsDuplicateKeys: true, recordsLocations: false)
    do {
      return try LocatedDocument(bytes: bytes, format: .json, file: nil, options: options).root
    } catch {
      let preview = String(decoding: bytes.prefix(60), as: UTF8.self)
        .replacingOccurrences(of: "\n", with: " ")
      throw .failed("the answer of \(url) is not JSON (\(error.message)): “\(preview)”")
    }
  }

  /// What one page holds.
  package struct Page: Sendable {
    /// The objects, each a dictionary.
    package var results: [ValueDictionary]
    /// The next page's address, when the answer gives one.
    package var next: String?
    /// How many objects match, when the answer says.
    package var count: Int?
  }

  /// The objects, next-page address and count of `root`, an answer from `url`, as
  /// `definition` says where they are.
  package static func page(_ root: Value, of definition: WebServiceDefinition, url: String)
    throws(StoreError) -> Page
  {
    let list: Value
    if let key = definition.resultsKeyName {
      list = try find(key, in: root, url: url, what: "resultsKeyName")
    } else {
      list = root
    }
    guard case .array(let items) = list else {
      let place = definition.resultsKeyName.map { "'\($0)'" } ?? "the answer"
      throw .failed("\(place) of \(url) is \(describe(list)), not a list of objects")
    }
    var results: [ValueDictionary] = []
    results.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      guard case .dictionary(let entries) = item else {
        throw .failed("object \(index + 1) of \(url) is \(describe(item)), not an object")
      }
      guard let id = entries[definition.idKeyName], id != .null else {
        let suggestion =
          NameSuggestion.closest(to: definition.idKeyName, among: entries.keys)
          .map { " (did you mean '\($0)'?)" } ?? ""
        throw .failed(
          "object \(index + 1) of \(url) has no '\(definition.idKeyName)', the idKeyName"
            + suggestion)
      }
      _ = id
      results.append(convert(entries, with: definition.conversions))
    }
    var next: String?
    if let key = definition.nextBatchURLKeyName {
      switch try? find(key, in: root, url: url, what: "nextBatchURLKeyName") {
      case .string(let address)? where !address.isEmpty: next = address
      case .null?, nil, .string?: next = nil
      case let other?:
        throw .failed("'\(key)' of \(url) is \(describe(other)), not an address")
      }
    }
    var count: Int?
    if let key = definition.totalCountKeyName,
      let value = try? find(key, in: root, url: url, what: "totalCountKeyName")
    {
      count = value.intValue
    }
    return Page(results: results, next: next, count: count)
  }

  /// The value at `keyPath` of `root`; a missing key is an error naming the definition's key
  /// and suggesting the answer's closest one.
  static func find(_ keyPath: String, in root: Value, url: String, what: String)
    throws(StoreError) -> Value
  {
    var current = root
    for key in keyPath.split(separator: ".").map(String.init) {
      guard case .dictionary(let entries) = current else {
        throw .failed(
          "the answer of \(url) has no '\(keyPath)' (the \(what)): it is \(describe(current))")
      }
      guard let next = entries[key] else {
        let suggestion =
          NameSuggestion.closest(to: key, among: entries.keys)
          .map { " (did you mean '\($0)'?)" } ?? ""
        let keys = entries.keys.prefix(8).joined(separator: ", ")
        throw .failed(
          "the answer of \(url) has no '\(keyPath)', the \(what)\(suggestion); it has: \(keys)")
      }
      current = next
    }
    return current
  }

  /// A value's kind in words.
  static func describe(_ value: Value) -> String {
    switch value {
    case .null: "null"
    case .bool: "a Boolean"
    case .int, .double: "a number"
    case .string: "text"
    case .array: "a list"
    case .dictionary: "an object"
    default: "\(value.type)"
    }
  }

  /// The entries with each key's conversion applied; a value that does not convert stays as
  /// it came.
  static func convert(_ entries: ValueDictionary, with conversions: [String: ValueConversion])
    -> ValueDictionary
  {
    guard !conversions.isEmpty else { return entries }
    var result = entries
    for (key, conversion) in conversions {
      if let value = entries[key] { result[key] = conversion.read(value) }
    }
    return result
  }
}
