import TrellisValues

/// The lexical rules of OpenStep (old-style ASCII) property lists, shared by reader and writer.
enum OpenStepSyntax {
  /// Whether `byte` may appear in an unquoted string: ASCII letters and digits and `_$/:.-`.
  static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// Whether `byte` is white space between tokens.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// Whether `string` can be written without quotes and read back as the same string.
  ///
  /// It must be non-empty, use only unquoted characters, and not contain `//` or `/*`, which a
  /// reader could take for a comment.
  static func canWriteUnquoted(_ string: String) -> Bool {
    let utf8 = Array(string.utf8)
    guard !utf8.isEmpty, utf8.allSatisfy(isUnquotedCharacter) else { return false }
    for index in utf8.indices.dropLast() where utf8[index] == UInt8(ascii: "/") {
      let next = utf8[index + 1]
      if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { return false }
    }
    return true
  }
}
