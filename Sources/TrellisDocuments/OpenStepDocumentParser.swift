import Foundation
import TrellisValues

/// Reads an OpenStep (old-style ASCII) property list into a ``LocatedDocument``.
///
/// Grammar: dictionaries `{ key = value; }`, arrays `( a, b )` (a trailing comma is allowed),
/// strings quoted with `"` or `'` or written bare from letters, digits and `_$/:.-`, and data
/// as `<hex digits>`. `//` and `/* */` comments may appear between tokens. A top level of bare
/// `key = value;` entries (a strings file) reads as a dictionary, where `"key";` alone is
/// short for `"key" = "key";`.
///
/// Every scalar is a string: the format has no numbers, Booleans or dates, so `rows = 12;`
/// gives `"12"`. The schema layer converts where it knows the type.
///
/// Quoted strings understand `\a \b \f \n \r \t \v \" \' \\`, `\U` with up to four hex digits
/// (two in a row form a surrogate pair), and up to three octal digits, read as Latin-1 code
/// points. Any other escaped character stands for itself.
struct OpenStepDocumentParser {
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
    try skipSpace()
    guard index < bytes.count else {
      throw builder.error("expected a property list value", at: index)
    }
    let start = index
    var root = try parseValue(path: "", keyOffset: nil, depth: 0)
    try skipSpace()
    var stringsFile = false
    if case .string = root, peek() == UInt8(ascii: "=") || peek() == UInt8(ascii: ";") {
      index = start
      root = try parseEntries(path: "", until: nil, depth: 1)
      builder.record("", key: nil, value: start)
      stringsFile = true
    }
    if index < bytes.count {
      throw builder.error("unexpected \(describe(index)) after the property list", at: index)
    }
    var document = builder.document(root: root, format: .openStepPlist)
    document.stringsFile = stringsFile
    return document
  }

  // MARK: - Values

  private mutating func parseValue(path: String, keyOffset: Int?, depth: Int)
    throws(Diagnostic) -> Value
  {
    builder.record(path, key: keyOffset, value: index)
    guard let byte = peek() else {
      throw builder.error("expected a property list value, found end of document", at: index)
    }
    switch byte {
    case UInt8(ascii: "{"):
      let open = index
      try builder.checkDepth(depth + 1, at: index)
      index += 1
      return try parseEntries(path: path, until: open, depth: depth + 1)
    case UInt8(ascii: "("): return try parseArray(path: path, depth: depth + 1)
    case UInt8(ascii: "<"): return .data(Data(try parseData()))
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseQuotedString())
    default:
      guard OpenStepSyntax.isUnquotedCharacter(byte) else {
        throw builder.error("expected a property list value, found \(describe(index))", at: index)
      }
      return .string(parseUnquotedString())
    }
  }

  /// Reads `key = value;` entries up to the `}` matching the `{` at `open`, or to the end of
  /// the document when `open` is `nil`.
  private mutating func parseEntries(path: String, until open: Int?, depth: Int)
    throws(Diagnostic) -> Value
  {
    var dictionary = ValueDictionary()
    while true {
      try skipSpace()
      guard let byte = peek() else {
        if let open {
          let place = builder.location(at: open)
          throw builder.error(
            "expected '}' to close the dictionary opened at \(place.line):\(place.column)",
            at: index)
        }
        return .dictionary(dictionary)
      }
      if byte == UInt8(ascii: "}"), open != nil {
        index += 1
        return .dictionary(dictionary)
      }
      let keyOffset = index
      let key: String
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        key = try parseQuotedString()
      } else if OpenStepSyntax.isUnquotedCharacter(byte) {
        key = parseUnquotedString()
      } else {
        throw builder.error(
          "expected a string as dictionary key, found \(describe(index))", at: index)
      }
      let childPath = builder.path(path, key)
      try builder.checkDuplicate(key, in: dictionary, path: childPath, keyOffset: keyOffset)
      try skipSpace()
      if open == nil, peek() == UInt8(ascii: ";") {
        // A strings file's shorthand: `"Cancel";` is `"Cancel" = "Cancel";`.
        builder.record(childPath, key: keyOffset, value: keyOffset)
        dictionary[key] = .string(key)
        index += 1
        continue
      }
      guard peek() == UInt8(ascii: "=") else {
        throw builder.error("expected '=' after dictionary key '\(key)'", at: index)
      }
      index += 1
      try skipSpace()
      dictionary[key] = try parseValue(path: childPath, keyOffset: keyOffset, depth: depth)
      try skipSpace()
      guard peek() == UInt8(ascii: ";") else {
        throw builder.error("expected ';' after the value of '\(key)'", at: index)
      }
      index += 1
    }
  }

  private mutating func parseArray(path: String, depth: Int) throws(Diagnostic) -> Value {
    let open = index
    try builder.checkDepth(depth, at: index)
    index += 1
    var array: [Value] = []
    while true {
      try skipSpace()
      if peek() == UInt8(ascii: ")") {
        index += 1
        return .array(array)
      }
      if peek() == nil {
        let place = builder.location(at: open)
        throw builder.error(
          "expected ')' to close the array opened at \(place.line):\(place.column)", at: index)
      }
      let childPath = builder.path(path, array.count)
      array.append(try parseValue(path: childPath, keyOffset: nil, depth: depth))
      try skipSpace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: ")"):
        index += 1
        return .array(array)
      default:
        throw builder.error("expected ',' or ')' after array element", at: index)
      }
    }
  }

  /// Reads `<hex digits>`; white space may separate the digits.
  private mutating func parseData() throws(Diagnostic) -> [UInt8] {
    let open = index
    index += 1
    var data: [UInt8] = []
    var high: UInt32?
    while true {
      guard let byte = peek() else { throw builder.error("unterminated data", at: open) }
      if byte == UInt8(ascii: ">") {
        guard high == nil else {
          throw builder.error("data has an odd number of hex digits", at: index)
        }
        index += 1
        return data
      }
      if OpenStepSyntax.isWhitespace(byte) {
        index += 1
        continue
      }
      guard let digit = hexValue(byte) else {
        throw builder.error("invalid character \(describe(index)) in data", at: index)
      }
      if let first = high {
        data.append(UInt8(first << 4 | digit))
        high = nil
      } else {
        high = digit
      }
      index += 1
    }
  }

  private mutating func parseUnquotedString() -> String {
    let start = index
    while let byte = peek(), OpenStepSyntax.isUnquotedCharacter(byte) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  // MARK: - Spaces and comments

  private func peek(at distance: Int = 0) -> UInt8? {
    index + distance < bytes.count ? bytes[index + distance] : nil
  }

  /// Skips white space and comments.
  private mutating func skipSpace() throws(Diagnostic) {
    while let byte = peek() {
      if OpenStepSyntax.isWhitespace(byte) {
        index += 1
      } else if byte == UInt8(ascii: "/") && peek(at: 1) == UInt8(ascii: "/") {
        while let byte = peek(), byte != 0x0A && byte != 0x0D { index += 1 }
      } else if byte == UInt8(ascii: "/") && peek(at: 1) == UInt8(ascii: "*") {
        let open = index
        index += 2
        while !(peek() == UInt8(ascii: "*") && peek(at: 1) == UInt8(ascii: "/")) {
          guard peek() != nil else { throw builder.error("unterminated comment", at: open) }
          index += 1
        }
        index += 2
      } else {
        return
      }
    }
  }

  private func describe(_ offset: Int) -> String {
    describeCharacter(in: bytes, at: offset)
  }
}

extension OpenStepDocumentParser {
  /// Reads a string quoted with `"` or `'`, starting at the quote.
  fileprivate mutating func parseQuotedString() throws(Diagnostic) -> String {
    let open = index
    let quote = bytes[index]
    index += 1
    var utf8: [UInt8] = []
    var pendingHighSurrogate: (code: UInt32, offset: Int)?
    while true {
      guard let byte = peek() else { throw builder.error("unterminated string", at: open) }
      if byte == quote && pendingHighSurrogate == nil {
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        let escape = index
        index += 1
        guard let next = peek() else { throw builder.error("unterminated string", at: open) }
        if next == UInt8(ascii: "U") || next == UInt8(ascii: "u") {
          index += 1
          let code = try hexDigits(escapeAt: escape)
          if let high = pendingHighSurrogate {
            guard (0xDC00...0xDFFF).contains(code) else {
              throw unpaired(high.code, at: high.offset)
            }
            pendingHighSurrogate = nil
            append(0x10000 + ((high.code - 0xD800) << 10) + (code - 0xDC00), to: &utf8)
          } else if (0xD800...0xDBFF).contains(code) {
            pendingHighSurrogate = (code, escape)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw unpaired(code, at: escape)
          } else {
            append(code, to: &utf8)
          }
          continue
        }
        if let high = pendingHighSurrogate { throw unpaired(high.code, at: high.offset) }
        append(try simpleEscape(next), to: &utf8)
        continue
      }
      if let high = pendingHighSurrogate { throw unpaired(high.code, at: high.offset) }
      guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
        throw builder.error("invalid UTF-8 in string", at: index)
      }
      utf8.append(contentsOf: bytes[index..<index + length])
      index += length
    }
  }

  /// The code point of the escape whose letter is at the current index, which it consumes.
  private mutating func simpleEscape(_ letter: UInt8) throws(Diagnostic) -> UInt32 {
    if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(letter) {
      var code: UInt32 = 0
      var count = 0
      while count < 3, let digit = peek(), (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) {
        code = code << 3 | UInt32(digit - UInt8(ascii: "0"))
        index += 1
        count += 1
      }
      return code
    }
    guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
      throw builder.error("invalid UTF-8 in string", at: index)
    }
    defer { index += length }
    switch letter {
    case UInt8(ascii: "a"): return 0x07
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "v"): return 0x0B
    default:
      let character = String(decoding: bytes[index..<index + length], as: UTF8.self)
      return character.unicodeScalars.first?.value ?? 0xFFFD
    }
  }

  /// Reads one to four hex digits after `\U`.
  private mutating func hexDigits(escapeAt escape: Int) throws(Diagnostic) -> UInt32 {
    var code: UInt32 = 0
    var count = 0
    while count < 4, let byte = peek(), let digit = hexValue(byte) {
      code = code << 4 | digit
      index += 1
      count += 1
    }
    guard count > 0 else { throw builder.error("expected hex digits after '\\U'", at: escape) }
    return code
  }

  private mutating func unpaired(_ code: UInt32, at offset: Int) -> Diagnostic {
    builder.error("unpaired surrogate \\U\(hex(code)) in string", at: offset)
  }

  private func append(_ code: UInt32, to utf8: inout [UInt8]) {
    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
  }
}
