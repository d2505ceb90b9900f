import Foundation
import TrellisValues

/// Reads an XML property list into a ``LocatedDocument``, recording where every entry starts.
///
/// This is a small XML reader for the property list vocabulary (`plist`, `dict`, `key`, `array`,
/// `string`, `integer`, `real`, `true`, `false`, `date`, `data`) with comments, processing
/// instructions, a document type declaration, CDATA sections and character references. It
/// tracks positions exactly, keeps the order of dictionary keys, and needs nothing beyond
/// Foundation. A key's location is its `<key>` tag; a value's is its element's `<`.
struct XMLPlistDocumentParser {
  var builder: DocumentTreeBuilder
  let bytes: [UInt8]
  var index = 0

  /// The value elements, for "did you mean" suggestions.
  static let valueElements = [
    "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
  ]

  init(bytes: [UInt8], file: String?, options: DocumentReadOptions) {
    builder = DocumentTreeBuilder(bytes: bytes, file: file, options: options)
    self.bytes = bytes
  }

  /// Parses the whole document.
  mutating func parse() throws(Diagnostic) -> LocatedDocument {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    try skipMisc(allowDoctype: true)
    guard peek() == UInt8(ascii: "<") else {
      throw builder.error("expected <plist>, found \(describe(index))", at: index)
    }
    let tag = try parseStartTag()
    let root: Value
    if tag.name == "plist" {
      guard !tag.selfClosing else {
        throw builder.error("<plist> holds no value", at: tag.offset)
      }
      try skipMisc(allowDoctype: false)
      guard peek() == UInt8(ascii: "<"), peek(at: 1) != UInt8(ascii: "/") else {
        throw builder.error("<plist> holds no value", at: index)
      }
      let valueTag = try parseStartTag()
      root = try parseValue(valueTag, path: "", keyOffset: nil, depth: 0)
      try skipMisc(allowDoctype: false)
      try parseEndTag("plist", openedAt: tag.offset)
    } else {
      root = try parseValue(tag, path: "", keyOffset: nil, depth: 0)
    }
    try skipMisc(allowDoctype: false)
    if index < bytes.count {
      throw builder.error("unexpected \(describe(index)) after the property list", at: index)
    }
    return builder.document(root: root, format: .xmlPlist)
  }

  // MARK: - Values

  /// Reads the value whose start tag was just read.
  mutating func parseValue(_ tag: StartTag, path: String, keyOffset: Int?, depth: Int)
    throws(Diagnostic) -> Value
  {
    builder.record(path, key: keyOffset, value: tag.offset)
    switch tag.name {
    case "dict": return try parseDictionary(tag, path: path, depth: depth + 1)
    case "array": return try parseArray(tag, path: path, depth: depth + 1)
    case "string": return .string(try content(of: tag))
    case "integer": return .int(try integer(try content(of: tag), tag: tag))
    case "real": return .double(try real(try content(of: tag), tag: tag))
    case "true", "false":
      let text = try content(of: tag)
      guard text.allSatisfy(\.isWhitespace) else {
        throw builder.error("<\(tag.name)/> must be empty", at: tag.contentOffset)
      }
      return .bool(tag.name == "true")
    case "date":
      let text = try content(of: tag)
      guard let date = DocumentDate.date(from: text.trimmingCharacters(in: .whitespaces)) else {
        throw builder.error(
          "invalid date '\(text)' (expected YYYY-MM-DDTHH:MM:SSZ)", at: tag.contentOffset)
      }
      return .date(date)
    case "data":
      let text = try content(of: tag).filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: text) else {
        throw builder.error("invalid base64 in <data>", at: tag.contentOffset)
      }
      return .data(data)
    default:
      var message = "unknown element <\(tag.name)>"
      if tag.name == "key" {
        message = "<key> is only allowed in a <dict>"
      } else if let close = NameSuggestion.closest(to: tag.name, among: Self.valueElements) {
        message += " (did you mean <\(close)>?)"
      }
      throw builder.error(message, at: tag.offset)
    }
  }

  private mutating func parseDictionary(_ tag: StartTag, path: String, depth: Int)
    throws(Diagnostic) -> Value
  {
    try builder.checkDepth(depth, at: tag.offset)
    var dictionary = ValueDictionary()
    if tag.selfClosing { return .dictionary(dictionary) }
    while true {
      try skipMisc(allowDoctype: false, inside: "dict")
      if peek() == UInt8(ascii: "<") && peek(at: 1) == UInt8(ascii: "/") {
        try parseEndTag("dict", openedAt: tag.offset)
        return .dictionary(dictionary)
      }
      guard peek() != nil else {
        throw unclosed(tag)
      }
      let keyTag = try parseStartTag()
      guard keyTag.name == "key" else {
        throw builder.error("expected <key> in <dict>, found <\(keyTag.name)>", at: keyTag.offset)
      }
      let key = try content(of: keyTag)
      let childPath = builder.path(path, key)
      try builder.checkDuplicate(key, in: dictionary, path: childPath, keyOffset: keyTag.offset)
      try skipMisc(allowDoctype: false, inside: "dict")
      guard peek() == UInt8(ascii: "<"), peek(at: 1) != UInt8(ascii: "/") else {
        throw builder.error("missing value for key '\(key)'", at: index)
      }
      let valueTag = try parseStartTag()
      if valueTag.name == "key" {
        throw builder.error("missing value for key '\(key)'", at: valueTag.offset)
      }
      dictionary[key] = try parseValue(
        valueTag, path: childPath, keyOffset: keyTag.offset, depth: depth)
    }
  }

  private mutating func parseArray(_ tag: StartTag, path: String, depth: Int)
    throws(Diagnostic) -> Value
  {
    try builder.checkDepth(depth, at: tag.offset)
    var array: [Value] = []
    if tag.selfClosing { return .array(array) }
    while true {
      try skipMisc(allowDoctype: false, inside: "array")
      if peek() == UInt8(ascii: "<") && peek(at: 1) == UInt8(ascii: "/") {
        try parseEndTag("array", openedAt: tag.offset)
        return .array(array)
      }
      guard peek() != nil else { throw unclosed(tag) }
      let elementTag = try parseStartTag()
      let childPath = builder.path(path, array.count)
      array.append(try parseValue(elementTag, path: childPath, keyOffset: nil, depth: depth))
    }
  }

  /// The text of a scalar element, through its end tag.
  private mutating func content(of tag: StartTag) throws(Diagnostic) -> String {
    if tag.selfClosing { return "" }
    let text = try parseText(inside: tag)
    try parseEndTag(tag.name, openedAt: tag.offset)
    return text
  }

  private mutating func integer(_ text: String, tag: StartTag) throws(Diagnostic) -> Int {
    var digits = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
    var negative = false
    if digits.first == "-" || digits.first == "+" {
      negative = digits.first == "-"
      digits = digits.dropFirst()
    }
    var radix = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
    }
    let plain =
      !digits.isEmpty
      && digits.allSatisfy { $0.isASCII && (radix == 16 ? $0.isHexDigit : $0.isWholeNumber) }
    guard plain, let magnitude = UInt64(digits, radix: radix) else {
      let reason = plain ? "is out of range" : "is not an integer"
      throw builder.error("'\(text)' \(reason)", at: tag.contentOffset)
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else {
        throw builder.error("'\(text)' is out of range", at: tag.contentOffset)
      }
      return magnitude == UInt64(Int64.max) + 1 ? Int.min : -Int(magnitude)
    }
    guard magnitude <= UInt64(Int.max) else {
      throw builder.error("'\(text)' is out of range", at: tag.contentOffset)
    }
    return Int(magnitude)
  }

  private mutating func real(_ text: String, tag: StartTag) throws(Diagnostic) -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    switch trimmed.lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: break
    }
    let allowed = trimmed.utf8.allSatisfy { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || [
          UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
          UInt8(ascii: "-"),
        ].contains(byte)
    }
    guard allowed, let value = Double(trimmed) else {
      throw builder.error("'\(text)' is not a number", at: tag.contentOffset)
    }
    return value
  }

  private mutating func unclosed(_ tag: StartTag) -> Diagnostic {
    let place = builder.location(at: tag.offset)
    return builder.error(
      "expected </\(tag.name)> to close <\(tag.name)> opened at \(place.line):\(place.column)",
      at: index)
  }
}
