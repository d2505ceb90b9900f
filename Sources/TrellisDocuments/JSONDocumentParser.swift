import TrellisValues

/// Reads JSON (RFC 8259) into a ``LocatedDocument``, recording where every entry starts.
///
/// Numbers written without a fraction or exponent become ``Value/int(_:)`` when they fit an
/// `Int`; every other number becomes ``Value/double(_:)``. Errors name the exact line and column.
struct JSONDocumentParser {
  private var builder: DocumentTreeBuilder
  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8], file: String?, options: DocumentReadOptions) {
    builder = DocumentTreeBuilder(bytes: bytes, file: file, options: options)
    self.bytes = bytes
  }

  /// Parses the whole document.
  mutating func parse() throws(Diagnostic) -> LocatedDocument {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw builder.error("expected a JSON value", at: index) }
    let root = try parseValue(path: "", keyOffset: nil, depth: 0)
    skipWhitespace()
    if index < bytes.count {
      throw builder.error(
        isComment(index)
          ? "a comment after the JSON value, which JSON does not allow"
          : "unexpected \(describe(index)) after the JSON value", at: index)
    }
    var document = builder.document(root: root, format: .json)
    // JSON holds a line break only between tokens, so the first one tells how lines end.
    if let feed = bytes.firstIndex(of: 0x0A) {
      document.lineBreak = feed > 0 && bytes[feed - 1] == 0x0D ? .crlf : .lf
      document.indentation = Self.indentation(in: bytes, from: feed + 1)
    }
    return document
  }

  // MARK: - Values

  private mutating func parseValue(path: String, keyOffset: Int?, depth: Int)
    throws(Diagnostic) -> Value
  {
    let start = index
    builder.record(path, key: keyOffset, value: start)
    guard let byte = peek() else { throw builder.error("expected a JSON value", at: index) }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(path: path, depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(path: path, depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    default:
      throw builder.error("expected a JSON value, found \(describe(index))", at: index)
    }
  }

  private mutating func parseObject(path: String, depth: Int) throws(Diagnostic) -> Value {
    try builder.checkDepth(depth, at: index)
    index += 1
    var dictionary = ValueDictionary()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return .dictionary(dictionary)
    }
    while true {
      skipWhitespace()
      let keyOffset = index
      guard peek() == UInt8(ascii: "\"") else {
        if peek() == UInt8(ascii: "}") && !dictionary.isEmpty {
          throw builder.error("trailing comma is not allowed in JSON", at: index)
        }
        throw builder.error("expected a string as object key, found \(describe(index))", at: index)
      }
      let key = try parseString()
      let childPath = builder.path(path, key)
      try builder.checkDuplicate(key, in: dictionary, path: childPath, keyOffset: keyOffset)
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw builder.error("expected ':' after object key" + commentNote(index), at: index)
      }
      index += 1
      skipWhitespace()
      dictionary[key] = try parseValue(path: childPath, keyOffset: keyOffset, depth: depth)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .dictionary(dictionary)
      default:
        throw builder.error(
          "expected ',' or '}' after object member" + commentNote(index), at: index)
      }
    }
  }

  private mutating func parseArray(path: String, depth: Int) throws(Diagnostic) -> Value {
    try builder.checkDepth(depth, at: index)
    index += 1
    var array: [Value] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return .array(array)
    }
    while true {
      skipWhitespace()
      if peek() == UInt8(ascii: "]") && !array.isEmpty {
        throw builder.error("trailing comma is not allowed in JSON", at: index)
      }
      let childPath = builder.path(path, array.count)
      array.append(try parseValue(path: childPath, keyOffset: nil, depth: depth))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(array)
      default:
        throw builder.error(
          "expected ',' or ']' after array element" + commentNote(index), at: index)
      }
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: Value) throws(Diagnostic) -> Value {
    let utf8 = Array(word.utf8)
    guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8
    else {
      throw builder.error("expected a JSON value, found \(describe(index))", at: index)
    }
    index += utf8.count
    return value
  }

  // MARK: - Numbers

  private mutating func parseNumber() throws(Diagnostic) -> Value {
    let start = index
    var integral = true
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else {
      throw builder.error("expected a digit after '-'", at: index)
    }
    index += 1
    if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
      throw builder.error("leading zeros are not allowed in JSON numbers", at: index - 1)
    }
    skipDigits()
    if peek() == UInt8(ascii: ".") {
      integral = false
      index += 1
      guard let next = peek(), isDigit(next) else {
        throw builder.error("expected a digit after '.'", at: index)
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      integral = false
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let next = peek(), isDigit(next) else {
        throw builder.error("expected a digit in the exponent", at: index)
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if integral {
      // A whole number is held exactly or not at all: as a fraction it would be saved back
      // with other digits.
      guard let int = Int(text) else {
        throw builder.error(
          "the whole number \(text) is out of range (\(Int.min) to \(Int.max)); saving would "
            + "change its digits", at: start)
      }
      return .int(int)
    }
    guard let double = Double(text), double.isFinite else {
      throw builder.error("number \(text) is out of range", at: start)
    }
    return .double(double)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { index += 1 }
  }

  // MARK: - Strings

  /// Reads a string starting at its opening quote.
  private mutating func parseString() throws(Diagnostic) -> String {
    let open = index
    index += 1
    var scalars: [UInt8] = []
    while true {
      guard let byte = peek() else {
        throw builder.error("unterminated string", at: open)
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape(into: &scalars)
      case 0..<0x20:
        throw builder.error("control character U+\(hex(UInt32(byte))) must be escaped", at: index)
      case 0x80...:
        let length = try validateUTF8(at: index)
        scalars.append(contentsOf: bytes[index..<index + length])
        index += length
      default:
        scalars.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseEscape(into scalars: inout [UInt8]) throws(Diagnostic) {
    let start = index
    index += 1
    guard let byte = peek() else { throw builder.error("unterminated string", at: start) }
    index += 1
    let simple: UInt8? =
      switch byte {
      case UInt8(ascii: "\""): 0x22
      case UInt8(ascii: "\\"): 0x5C
      case UInt8(ascii: "/"): 0x2F
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      scalars.append(simple)
      return
    }
    guard byte == UInt8(ascii: "u") else {
      throw builder.error("invalid escape '\\\(describeByte(byte))'", at: start)
    }
    var code = try hexQuad(escapeAt: start)
    if (0xD800...0xDBFF).contains(code) {
      let low = index
      guard peek() == UInt8(ascii: "\\"), peek(at: 1) == UInt8(ascii: "u") else {
        throw builder.error("unpaired surrogate \\u\(hex(code)) in string", at: start)
      }
      index += 2
      let second = try hexQuad(escapeAt: low)
      guard (0xDC00...0xDFFF).contains(second) else {
        throw builder.error("unpaired surrogate \\u\(hex(code)) in string", at: start)
      }
      code = 0x10000 + ((code - 0xD800) << 10) + (second - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(code) {
      throw builder.error("unpaired surrogate \\u\(hex(code)) in string", at: start)
    }
    guard let scalar = Unicode.Scalar(code) else {
      throw builder.error("invalid unicode escape", at: start)
    }
    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  /// Reads four hex digits after `\u`.
  private mutating func hexQuad(escapeAt start: Int) throws(Diagnostic) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = hexValue(byte) else {
        throw builder.error("expected four hex digits after '\\u'", at: start)
      }
      code = code << 4 | digit
      index += 1
    }
    return code
  }

  /// The length of the valid UTF-8 sequence at `offset`, or a located error.
  private mutating func validateUTF8(at offset: Int) throws(Diagnostic) -> Int {
    guard let length = UTF8Validation.sequenceLength(in: bytes, at: offset) else {
      throw builder.error("invalid UTF-8 in string", at: offset)
    }
    return length
  }

  // MARK: - Scanning

  private func peek(at distance: Int = 0) -> UInt8? {
    index + distance < bytes.count ? bytes[index + distance] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      index += 1
    }
  }

  /// "end of document", or the character at `offset` quoted.
  private func describe(_ offset: Int) -> String {
    // Comments are common in hand-written JSON (JSONC); saying so beats naming a slash.
    if isComment(offset) { return "a comment, which JSON does not allow" }
    return describeCharacter(in: bytes, at: offset)
  }

  /// Whether a comment (`//` or `/*`) starts at `offset`.
  private func isComment(_ offset: Int) -> Bool {
    offset < bytes.count
      && (bytes[offset...].starts(with: Array("//".utf8))
        || bytes[offset...].starts(with: Array("/*".utf8)))
  }

  /// What an error at `offset` adds when a comment starts there.
  private func commentNote(_ offset: Int) -> String {
    isComment(offset) ? ", found a comment, which JSON does not allow" : ""
  }
}

extension JSONDocumentParser {
  /// One level of indentation: the leading spaces or tabs of the first indented line from
  /// `start` (the line after the first line break), which in a pretty-printed file is one
  /// level deep; `nil` when that line is not indented (at most 16 characters are taken).
  static func indentation(in bytes: [UInt8], from start: Int) -> String? {
    var end = start
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09, end - start < 16 {
      end += 1
    }
    guard end > start, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D else {
      return nil
    }
    let unit = bytes[start..<end]
    // Mixed spaces and tabs say nothing clear.
    guard Set(unit).count == 1 else { return nil }
    return String(decoding: unit, as: UTF8.self)
  }
}
