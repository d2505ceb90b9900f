import TrellisValues

/// A syntax error in a predicate's text, at an offset counted in Unicode scalars.
///
/// The parser turns it into a located ``Diagnostic``.
struct PredicateSyntaxError: Error, Hashable, Sendable {
  var message: String
  var offset: Int
}

/// One token of a predicate's text.
struct PredicateToken: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// A key path or a word: its keys, and whether the first was escaped with `#`.
    case keyPath([String], escaped: Bool)
    /// `$name`.
    case variable(String)
    case string(String)
    case integer(Int)
    case decimal(Double)
    /// Punctuation and symbolic operators, in canonical spelling (`=<` becomes `<=`).
    case symbol(String)
    case end
  }

  var kind: Kind
  /// Where the token starts, in Unicode scalars.
  var offset: Int
  /// The token as written, for messages.
  var text: String

  /// The single unescaped word this token is, upper-cased; `nil` for anything else.
  var word: String? {
    if case .keyPath(let keys, false) = kind, keys.count == 1 { return keys[0].uppercased() }
    return nil
  }

  /// Whether this is the symbol `symbol`.
  func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }

  /// The token as a message names it: `'name'`, `the string "a"`, `end of input`.
  var quoted: String {
    let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
    switch kind {
    case .end: return "end of input"
    case .string: return "the string \(shown)"
    case .integer, .decimal: return "the number \(shown)"
    default: return "'\(shown)'"
    }
  }
}

/// Splits a predicate's text into tokens on demand, over Unicode scalars.
struct PredicateLexer {
  let scalars: [Unicode.Scalar]
  private(set) var position = 0

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// The next token, or `.end` at the end of the text.
  mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
    while let scalar = peek(), scalar.properties.isWhitespace { position += 1 }
    let start = position
    guard let scalar = peek() else { return PredicateToken(kind: .end, offset: start, text: "") }
    let kind: PredicateToken.Kind
    switch scalar {
    case "'", "\"": kind = .string(try lexString(quote: scalar))
    case "$":
      position += 1
      guard let name = lexIdentifier() else {
        throw PredicateSyntaxError(
          message: "expected a variable name after '$' but found \(describeHere())", offset: start)
      }
      kind = .variable(name)
    case "0"..."9": kind = try lexNumber()
    case "-":
      guard let following = peek(at: 1), ("0"..."9").contains(following) else {
        throw PredicateSyntaxError(
          message: "unexpected '-': a negative number needs a digit right after the sign",
          offset: start)
      }
      kind = try lexNumber()
    case "#", "@", "_": kind = try lexKeyPath()
    default:
      if scalar.properties.isXIDStart {
        kind = try lexKeyPath()
      } else {
        kind = .symbol(try lexSymbol())
      }
    }
    return PredicateToken(kind: kind, offset: start, text: text(from: start))
  }

  // MARK: - Pieces

  private func peek(at distance: Int = 0) -> Unicode.Scalar? {
    let index = position + distance
    return index < scalars.count ? scalars[index] : nil
  }

  private func text(from start: Int) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[start..<position])
    return String(view)
  }

  /// The scalar at the current position, for messages.
  private func describeHere() -> String {
    guard let scalar = peek() else { return "end of input" }
    return "'\(String(scalar))'"
  }

  private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isXIDStart
  }

  private static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isXIDContinue
  }

  /// An identifier at the current position, or `nil` (consuming nothing) when there is none.
  private mutating func lexIdentifier() -> String? {
    guard let first = peek(), Self.isIdentifierStart(first) else { return nil }
    var view = String.UnicodeScalarView()
    while let scalar = peek(), Self.isIdentifierContinue(scalar) {
      view.append(scalar)
      position += 1
    }
    return String(view)
  }

  /// `name`, `#and`, `profile.firstName`, `steps.0.name`, `steps.@count`.
  private mutating func lexKeyPath() throws(PredicateSyntaxError) -> PredicateToken.Kind {
    let start = position
    var keys: [String] = []
    var escaped = false
    repeat {
      let keyStart = position
      if peek() == "#" {
        position += 1
        if keys.isEmpty { escaped = true }
        guard let name = lexIdentifier() else {
          throw PredicateSyntaxError(
            message: "expected a key after '#' but found \(describeHere())", offset: keyStart)
        }
        keys.append(name)
      } else if peek() == "@" {
        position += 1
        guard let name = lexIdentifier() else {
          throw PredicateSyntaxError(
            message: "expected a name after '@' (such as @count) but found \(describeHere())",
            offset: keyStart)
        }
        keys.append("@" + name)
      } else if let digit = peek(), ("0"..."9").contains(digit), !keys.isEmpty {
        var digits = ""
        while let scalar = peek(), ("0"..."9").contains(scalar) {
          digits.unicodeScalars.append(scalar)
          position += 1
        }
        keys.append(digits)
      } else if let name = lexIdentifier() {
        keys.append(name)
      } else {
        let path = text(from: start)
        throw PredicateSyntaxError(
          message: "expected a key after '\(path)' but found \(describeHere())", offset: position)
      }
      if let next = peek(), Self.isIdentifierContinue(next) || next == "@" || next == "#" {
        throw PredicateSyntaxError(
          message: "unexpected '\(String(next))' in key path '\(text(from: start))'",
          offset: position)
      }
    } while consumeDot()
    return .keyPath(keys, escaped: escaped)
  }

  private mutating func consumeDot() -> Bool {
    guard peek() == "." else { return false }
    position += 1
    return true
  }

  /// `12`, `-3`, `0.25`, `1e+20`.
  private mutating func lexNumber() throws(PredicateSyntaxError) -> PredicateToken.Kind {
    let start = position
    var isDecimal = false
    if peek() == "-" { position += 1 }
    skipDigits()
    if peek() == ".", let following = peek(at: 1), ("0"..."9").contains(following) {
      isDecimal = true
      position += 1
      skipDigits()
    }
    if peek() == "e" || peek() == "E" {
      var ahead = 1
      if peek(at: 1) == "+" || peek(at: 1) == "-" { ahead = 2 }
      if let digit = peek(at: ahead), ("0"..."9").contains(digit) {
        isDecimal = true
        position += ahead
        skipDigits()
      }
    }
    let literal = text(from: start)
    if let next = peek(), Self.isIdentifierContinue(next) || next == "." {
      throw PredicateSyntaxError(
        message: "invalid number '\(literal)\(String(next))'", offset: start)
    }
    if isDecimal {
      guard let value = Double(literal), value.isFinite else {
        throw PredicateSyntaxError(
          message: "the number \(literal) is too large", offset: start)
      }
      return .decimal(value)
    }
    guard let value = Int(literal) else {
      throw PredicateSyntaxError(
        message: "the integer \(literal) does not fit in 64 bits; write \(literal).0 for a decimal",
        offset: start)
    }
    return .integer(value)
  }

  private mutating func skipDigits() {
    while let scalar = peek(), ("0"..."9").contains(scalar) { position += 1 }
  }

  /// Punctuation and symbolic operators.
  private mutating func lexSymbol() throws(PredicateSyntaxError) -> String {
    let start = position
    guard let scalar = peek() else { return "" }
    position += 1
    let next = peek()
    func take(_ symbol: String) -> String {
      position += 1
      return symbol
    }
    switch scalar {
    case "(", ")", "{", "}", "[", "]", ",": return String(scalar)
    case "=":
      if next == "=" { return take("==") }
      if next == "<" { return take("<=") }
      if next == ">" { return take(">=") }
      return "=="
    case "!": return next == "=" ? take("!=") : "!"
    case "<":
      if next == "=" { return take("<=") }
      if next == ">" { return take("!=") }
      return "<"
    case ">": return next == "=" ? take(">=") : ">"
    case "&":
      if next == "&" { return take("&&") }
      throw PredicateSyntaxError(message: "unexpected '&'; did you mean '&&'?", offset: start)
    case "|":
      if next == "|" { return take("||") }
      throw PredicateSyntaxError(message: "unexpected '|'; did you mean '||'?", offset: start)
    default:
      let shown =
        scalar.properties.isWhitespace || scalar.value < 0x20
        ? scalar.escaped(asASCII: true) : String(scalar)
      throw PredicateSyntaxError(message: "unexpected character '\(shown)'", offset: start)
    }
  }

  /// A quoted string, with its escapes decoded. The opening quote is at the current position.
  private mutating func lexString(quote: Unicode.Scalar) throws(PredicateSyntaxError) -> String {
    let start = position
    position += 1
    var view = String.UnicodeScalarView()
    while true {
      guard let scalar = peek() else {
        throw PredicateSyntaxError(
          message:
            "unterminated string: expected a closing \(String(quote)) before the end of input",
          offset: start)
      }
      position += 1
      if scalar == quote { break }
      guard scalar == "\\" else {
        view.append(scalar)
        continue
      }
      view.append(try lexEscape(at: position - 1))
    }
    return String(view)
  }

  /// The scalar an escape sequence stands for; the backslash is at `start`.
  private mutating func lexEscape(at start: Int) throws(PredicateSyntaxError) -> Unicode.Scalar {
    guard let letter = peek() else {
      throw PredicateSyntaxError(
        message: "unterminated escape: expected a character after '\\'", offset: start)
    }
    position += 1
    switch letter {
    case "\\", "'", "\"": return letter
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "0": return "\0"
    case "u":
      var hex = ""
      if peek() == "{" {
        position += 1
        while let digit = peek(), digit.properties.isASCIIHexDigit, hex.count < 8 {
          hex.unicodeScalars.append(digit)
          position += 1
        }
        if peek() == "}", !hex.isEmpty, let value = UInt32(hex, radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          position += 1
          return scalar
        }
      }
      throw PredicateSyntaxError(
        message: "invalid escape: '\\u' needs 1 to 8 hexadecimal digits of a valid code point "
          + "in braces, such as \\u{e9}",
        offset: start)
    default:
      throw PredicateSyntaxError(
        message: "unknown escape '\\\(String(letter))': use \\\\, \\', \\\", \\n, \\t, \\r, \\0 "
          + "or \\u{...}",
        offset: start)
    }
  }
}
