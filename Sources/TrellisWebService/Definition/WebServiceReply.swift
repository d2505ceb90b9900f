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
      guard entries[definition.idKeyName].map({ $0 != .null }) ?? false else {
        let suggestion =
          NameSuggestion.closest(to: definition.idKeyName, among: entries.keys)
          .map { " (did you mean '\($0)'?)" } ?? ""
        throw .failed(
          "object \(index + 1) of \(url) has no '\(definition.idKeyName)', the idKeyName"
            + suggestion)
      }
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

  /// A short text of an answer's body, for an error message: its message if it is JSON with
  /// one, else its first characters.
  package static func detail(of body: [UInt8], url: String) -> String {
    guard !body.isEmpty else { return "" }
    if let json = try? WebServiceReply.json(body, url: url), case .dictionary(let entries) = json {
      for key in ["detail", "error", "message", "title"] {
        if let text = entries[key]?.stringValue { return ": \(text)" }
      }
      if let errors = entries["errors"]?.arrayValue {
        return ": " + errors.map(\.displayText).joined(separator: "; ")
      }
    }
    let text = String(decoding: body.prefix(120), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: " ")
    return ": “\(text)”"
  }

  /// What a refusal (400) says, per field where it names fields the objects have: those
  /// messages go on the rows they name.
  package static func refusal(
    _ body: [UInt8], format: WebServiceDefinition.ErrorFormat, keys: [String], url: String
  ) -> StoreError {
    guard let json = try? WebServiceReply.json(body, url: url) else {
      return .refused("the service refused the values\(detail(of: body, url: url))")
    }
    var fields: [String: String] = [:]
    var general: [String] = []
    func place(_ message: String) {
      if let key = keys.first(where: { mentions(message, $0) }) {
        fields[key] = fields[key].map { $0 + " " + message } ?? message
      } else {
        general.append(message)
      }
    }
    switch format {
    case .fieldLists:
      for (key, value) in json.dictionaryValue ?? [:] {
        let messages = value.arrayValue?.map(\.displayText) ?? [value.displayText]
        if keys.contains(key) {
          fields[key] = messages.joined(separator: " ")
        } else {
          general += messages.map {
            key == "detail" || key == "non_field_errors" ? $0 : "\(key): \($0)"
          }
        }
      }
    case .messageList(let key):
      for message in json.dictionaryValue?[key]?.arrayValue ?? [] { place(message.displayText) }
    case .message(let key):
      if let message = json.dictionaryValue?[key]?.displayText { place(message) }
    }
    if !fields.isEmpty {
      if !general.isEmpty, let first = fields.keys.sorted().first {
        fields[first] = (fields[first] ?? "") + " " + general.joined(separator: " ")
      }
      if fields.count == 1, let (property, message) = fields.first {
        return .refusedValue(property: property, message: message)
      }
      return .refusedValues(fields)
    }
    let text = general.isEmpty ? "the service refused the values" : general.joined(separator: " ")
    return .refused(text)
  }

  /// Whether a message names `key` the way databases and frameworks do: `table.key`,
  /// `'key'`, `"key"`, `key:` at its start, or a constraint named after it (`key_not_blank`).
  static func mentions(_ message: String, _ key: String) -> Bool {
    message.contains(".\(key)") || message.contains("'\(key)'") || message.contains("\"\(key)\"")
      || message.hasPrefix("\(key):") || message.hasPrefix("\(key) ")
      || message.contains(" \(key)_")
  }
}
