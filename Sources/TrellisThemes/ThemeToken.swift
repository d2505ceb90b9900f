import TrellisValues

/// One token of a theme file, with where it starts and ends.
struct ThemeToken: Sendable, Equatable {
  /// The kinds of token.
  enum Kind: Sendable, Equatable {
    case identifier
    case number
    case string
    case hex
    case leftBrace
    case rightBrace
    case colon
    case semicolon
    case leftParen
    case rightParen
    case comma
    case other
    case end
  }

  /// The kind.
  var kind: Kind
  /// The source text of the token.
  var text: String
  /// The decoded contents of a string token; the digits of a hex token.
  var contents: String = ""
  /// Whether a string token's line ended before its closing quote. The declaration holding
  /// it is dropped, as CSS drops one holding a bad string: what follows the quote, `;`
  /// included, was read as the string.
  var isUnterminated = false
  /// The value of a number token.
  var number: Double = 0
  /// Where the first character is in the text.
  var start: String.Index
  /// Where the text after the last character starts.
  var end: String.Index
  /// The line and column of the first character.
  var line: Int
  var column: Int
  /// The line and column just after the last character.
  var endLine: Int
  var endColumn: Int

  /// How the token is quoted in messages.
  var display: String {
    switch kind {
    case .end: "end of file"
    case .string: text.count > 40 ? "string" : text
    default: "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
    }
  }

  /// Whether this is an identifier with exactly `text`.
  func isIdentifier(_ text: String) -> Bool { kind == .identifier && self.text == text }
}
