import Foundation
import TrellisValues

extension DocumentFormat {
  /// Recognises the format of `data` from its content, with the file's extension as a hint.
  ///
  /// Content decides whenever it can: `bplist` is binary; `<?xml`, `<!DOCTYPE` or `<plist` is
  /// XML; `[` is JSON; `(`, or a dictionary whose first key is unquoted or followed by `=` is
  /// OpenStep; a dictionary whose first key is followed by `:` is JSON. Comments are looked
  /// past, so that JSON written with comments is read as JSON, and its error says that JSON
  /// has none. Only when the
  /// content fits both JSON and OpenStep (an empty dictionary, a lone string or number), or
  /// starts as neither does (binary bytes, whose error is then the expected format's), does the
  /// extension decide: `plist` and `strings` mean OpenStep, anything else JSON. Separated
  /// values have no mark of their own: the extensions `csv` and `tsv` decide them.
  public static func detect(in data: Data, pathExtension: String? = nil) -> DocumentFormat {
    detect(in: [UInt8](data), pathExtension: pathExtension)
  }

  /// Recognises the format of `bytes`; see ``detect(in:pathExtension:)``.
  package static func detect(in bytes: [UInt8], pathExtension: String?) -> DocumentFormat {
    let hint = pathExtension?.lowercased()
    if hint == "csv" { return .csv }
    if hint == "tsv" { return .tsv }
    let ambiguous: DocumentFormat = (hint == "plist" || hint == "strings") ? .openStepPlist : .json
    if bytes.starts(with: Array("bplist".utf8)) { return .binaryPlist }
    var scanner = FormatScanner(bytes: bytes)
    scanner.skipSpace()
    guard let first = scanner.peek() else { return ambiguous }
    switch first {
    case UInt8(ascii: "<"):
      return scanner.isHexData() ? .openStepPlist : .xmlPlist
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "("): return .openStepPlist
    case UInt8(ascii: "{"):
      scanner.advance()
      return scanner.formatAfterOpeningBrace() ?? ambiguous
    case UInt8(ascii: "\""):
      return scanner.isFollowedByEquals() ? .openStepPlist : ambiguous
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return ambiguous
    case UInt8(ascii: "'"): return .openStepPlist
    default:
      let word = scanner.unquotedWord()
      if ["true", "false", "null"].contains(word) { return ambiguous }
      // Neither format starts so (binary bytes, say): the extension picks whose error it is.
      return word.isEmpty ? ambiguous : .openStepPlist
    }
  }
}

/// A small look-ahead over the first tokens of a document, for format detection.
private struct FormatScanner {
  let bytes: [UInt8]
  var index = 0

  func peek(at distance: Int = 0) -> UInt8? {
    index + distance < bytes.count ? bytes[index + distance] : nil
  }

  mutating func advance(_ count: Int = 1) { index += count }

  static func isHexOrSpace(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"), 0x20, 0x09, 0x0A, 0x0D:
      true
    default: false
    }
  }

  /// Whether the `<` at the current position opens OpenStep hex data rather than an XML tag.
  func isHexData() -> Bool {
    var distance = 1
    while let byte = peek(at: distance), Self.isHexOrSpace(byte) { distance += 1 }
    return peek(at: distance) == UInt8(ascii: ">")
  }

  /// Skips a byte order mark, whitespace and comments (`//` to the line's end, `/* */`).
  mutating func skipSpace() {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) && index == 0 { index = 3 }
    while let byte = peek() {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if byte == UInt8(ascii: "/"), peek(at: 1) == UInt8(ascii: "/") {
        while let byte = peek(), byte != 0x0A { advance() }
      } else if byte == UInt8(ascii: "/"), peek(at: 1) == UInt8(ascii: "*") {
        advance(2)
        while peek() != nil, !(peek() == UInt8(ascii: "*") && peek(at: 1) == UInt8(ascii: "/")) {
          advance()
        }
        advance(2)
      } else {
        return
      }
    }
  }

  /// The format told by what follows `{`, or `nil` when both fit.
  mutating func formatAfterOpeningBrace() -> DocumentFormat? {
    skipSpace()
    guard let byte = peek() else { return nil }
    switch byte {
    case UInt8(ascii: "}"): return nil
    case UInt8(ascii: "'"): return .openStepPlist
    case UInt8(ascii: "\""):
      return isFollowedByEquals() ? .openStepPlist : .json
    default:
      return unquotedWord().isEmpty ? .json : .openStepPlist
    }
  }

  /// Whether the quoted string at the current position is followed by `=`, as OpenStep keys are.
  mutating func isFollowedByEquals() -> Bool {
    advance()
    while let byte = peek(), byte != UInt8(ascii: "\"") {
      advance(byte == UInt8(ascii: "\\") ? 2 : 1)
    }
    advance()
    skipSpace()
    return peek() == UInt8(ascii: "=")
  }

  /// The run of OpenStep unquoted-string characters at the current position.
  mutating func unquotedWord() -> String {
    let start = index
    while let byte = peek(), OpenStepSyntax.isUnquotedCharacter(byte) { advance() }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }
}
