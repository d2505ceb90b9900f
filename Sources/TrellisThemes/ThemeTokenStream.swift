import TrellisValues

/// The tokens of a theme text, read one at a time as a parser moves on, with one token of
/// lookahead: a parser holds two tokens rather than the whole file's (a token per character
/// of a long run of punctuation).
struct ThemeTokenStream {
  private var lexer: ThemeLexer
  /// Whether every token up to the end is part of one value (a colour read on its own), rather
  /// than a value ending at a `;`, a brace or the next declaration.
  private let isWholeValue: Bool
  /// The token at the position, and the one after it (`.end` at and after the end).
  private(set) var current: ThemeToken
  private(set) var next: ThemeToken
  /// The last token moved past, and whether any moved past since ``beginValue()`` was a
  /// string the line ended in.
  private(set) var lastTaken: ThemeToken?
  private(set) var tookUnterminatedString = false

  /// The tokens of `text`; with `isWholeValue`, all of them are one value.
  init(_ text: String, file: String?, isWholeValue: Bool = false) {
    lexer = ThemeLexer(text, file: file)
    self.isWholeValue = isWholeValue
    current = lexer.next()
    next = current.kind == .end ? current : lexer.next()
  }

  /// Moves to the next token; stays at the end.
  mutating func advance() {
    guard current.kind != .end else { return }
    lastTaken = current
    if current.isUnterminated { tookUnterminatedString = true }
    current = next
    if next.kind != .end { next = lexer.next() }
  }

  /// Whether the current token starts a declaration (`name:`) or a style (`name {`).
  var atDeclarationOrStyle: Bool {
    current.kind == .identifier && (next.kind == .colon || next.kind == .leftBrace)
  }

  /// Whether the current token is part of the value being read: not the end, nor a `;` or
  /// brace, nor the start of the next declaration or style.
  var atValueToken: Bool {
    if isWholeValue { return current.kind != .end }
    switch current.kind {
    case .semicolon, .rightBrace, .leftBrace, .end: return false
    default: return !atDeclarationOrStyle
    }
  }

  /// Starts a value: forgets the tokens moved past so far.
  mutating func beginValue() {
    lastTaken = nil
    tookUnterminatedString = false
  }
}
