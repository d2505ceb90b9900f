import TrellisValues

/// Splits a theme file into tokens, skipping whitespace and comments.
///
/// Comments are CSS's `/* ... */` and C++'s `// ...` to the end of the line. Strings take
/// double or single quotes and the escapes `\\`, `\"`, `\'`, `\n`, `\t` and `\r`.
///
/// The lexer walks the text's own indices rather than an array of its characters, which would
/// take 16 bytes for every byte of an ASCII theme.
struct ThemeLexer {
  private let text: String
  private var offset: String.Index
  private var line = 1
  private var column = 1
  private let file: String?
  /// Problems found while splitting: unterminated strings and comments.
  private(set) var diagnostics: [Diagnostic] = []

  init(_ text: String, file: String?) {
    self.text = text
    self.offset = text.startIndex
    self.file = file
  }

  /// All tokens, ending with one `.end` token.
  mutating func tokenize() -> [ThemeToken] {
    var tokens: [ThemeToken] = []
    while true {
      let token = next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private func peek(_ ahead: Int = 0) -> Character? {
    var index = offset
    for _ in 0..<ahead {
      guard index < text.endIndex else { return nil }
      index = text.index(after: index)
    }
    return index < text.endIndex ? text[index] : nil
  }

  private mutating func advance() {
    guard offset < text.endIndex else { return }
    if Self.isLineBreak(text[offset]) {
      line += 1
      column = 1
    } else {
      column += 1
    }
    offset = text.index(after: offset)
  }

  private func location() -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  private mutating func skipTrivia() {
    while let c = peek() {
      if c.isWhitespace {
        advance()
      } else if c == "/", peek(1) == "/" {
        while let c = peek(), !Self.isLineBreak(c) { advance() }
      } else if c == "/", peek(1) == "*" {
        let opening = location()
        advance()
        advance()
        var closed = false
        while let c = peek() {
          if c == "*", peek(1) == "/" {
            advance()
            advance()
            closed = true
            break
          }
          advance()
        }
        if !closed {
          diagnostics.append(Diagnostic("unterminated comment: expected '*/'", at: opening))
        }
      } else {
        return
      }
    }
  }

  /// The next token; `.end` at the end of the text, and again on every later call.
  mutating func next() -> ThemeToken {
    skipTrivia()
    let start = offset
    let startLine = line
    let startColumn = column
    var token = ThemeToken(
      kind: .end, text: "", start: start, end: start, line: startLine, column: startColumn,
      endLine: startLine, endColumn: startColumn)
    guard let c = peek() else { return token }
    switch c {
    case "{": token.kind = .leftBrace
    case "}": token.kind = .rightBrace
    case ":": token.kind = .colon
    case ";": token.kind = .semicolon
    case "(": token.kind = .leftParen
    case ")": token.kind = .rightParen
    case ",": token.kind = .comma
    default: break
    }
    if token.kind != .end {
      advance()
    } else if c == "\"" || c == "'" {
      token.kind = .string
      (token.contents, token.isUnterminated) = scanString(quote: c)
    } else if c == "#" {
      token.kind = .hex
      advance()
      while let d = peek(), d.isLetter || d.isNumber { advance() }
      token.contents = String(text[text.index(after: start)..<offset])
    } else if Self.isIdentifierStart(c) {
      token.kind = .identifier
      while let d = peek(), Self.isIdentifierCharacter(d) { advance() }
    } else if let number = scanNumber() {
      token.kind = .number
      token.number = number
    } else {
      token.kind = .other
      advance()
    }
    token.text = String(text[start..<offset])
    token.end = offset
    token.endLine = line
    token.endColumn = column
    return token
  }

  /// A string's contents, and whether the line ended before its closing quote.
  private mutating func scanString(quote: Character) -> (String, Bool) {
    let opening = location()
    advance()
    var contents = ""
    while let c = peek() {
      if c == quote {
        advance()
        return (contents, false)
      }
      if Self.isLineBreak(c) { break }
      if c == "\\", let escaped = peek(1), !Self.isLineBreak(escaped) {
        advance()
        advance()
        switch escaped {
        case "n": contents.append("\n")
        case "t": contents.append("\t")
        case "r": contents.append("\r")
        default: contents.append(escaped)
        }
        continue
      }
      contents.append(c)
      advance()
    }
    diagnostics.append(
      Diagnostic("unterminated string: expected \(quote) before the end of the line", at: opening))
    return (contents, true)
  }

  /// A number: optional sign, digits, optional fraction. Leaves the position alone if none.
  private mutating func scanNumber() -> Double? {
    let text = self.text
    func character(at index: String.Index) -> Character? {
      index < text.endIndex ? text[index] : nil
    }
    func isDigit(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isNumber } ?? false }
    var end = offset
    if character(at: end) == "+" || character(at: end) == "-" { end = text.index(after: end) }
    var digits = 0
    while isDigit(character(at: end)) {
      end = text.index(after: end)
      digits += 1
    }
    if character(at: end) == ".", end < text.endIndex,
      isDigit(character(at: text.index(after: end)))
    {
      end = text.index(after: end)
      while isDigit(character(at: end)) {
        end = text.index(after: end)
        digits += 1
      }
    }
    guard digits > 0 else { return nil }
    let number = text[offset..<end]
    while offset < end { advance() }
    return Double(number.hasPrefix("+") ? String(number.dropFirst()) : String(number)) ?? .infinity
  }

  /// Whether `c` ends a line: `\n` or `\r\n`, as ``SourceLocation`` counts lines.
  static func isLineBreak(_ c: Character) -> Bool { c == "\n" || c == "\r\n" }

  /// Whether `c` can start an identifier: a letter or `_`.
  static func isIdentifierStart(_ c: Character) -> Bool { c.isLetter || c == "_" }

  /// Whether `c` can continue an identifier: a letter, digit, `_`, `-` or `.`.
  static func isIdentifierCharacter(_ c: Character) -> Bool {
    c.isLetter || c.isNumber || c == "_" || c == "-" || c == "."
  }

  /// Whether `text` lexes as exactly one identifier.
  static func isIdentifier<S: StringProtocol>(_ text: S) -> Bool {
    guard let first = text.first, isIdentifierStart(first) else { return false }
    return text.allSatisfy(isIdentifierCharacter)
  }

  /// `text` in double quotes, with quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for c in text {
      switch c {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.append(c)
      }
    }
    return result + "\""
  }
}
