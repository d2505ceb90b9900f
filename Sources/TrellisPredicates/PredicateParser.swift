import TrellisValues

/// Parses a predicate's text into a ``PredicateNode`` by recursive descent.
///
/// Precedence, loosest first: OR, AND, NOT, comparison. Nesting (parentheses, NOT, aggregates)
/// is limited to ``maximumDepth`` levels so that hostile input cannot overflow the stack.
struct PredicateParser {
  /// The deepest nesting accepted.
  static let maximumDepth = 64

  /// Words that cannot start a key path unless escaped with `#`.
  static let reservedWords: Set<String> = [
    "AND", "OR", "NOT", "TRUEPREDICATE", "FALSEPREDICATE", "BEGINSWITH", "ENDSWITH", "CONTAINS",
    "LIKE", "MATCHES", "IN", "BETWEEN", "YES", "NO", "TRUE", "FALSE", "NIL", "NULL", "ANY", "ALL",
    "NONE", "SOME", "SELF",
  ]

  var lexer: PredicateLexer
  var token: PredicateToken
  var depth = 0
  /// The text, the file and where the text starts in it, for locations.
  let text: String
  let file: String?
  let origin: SourceLocation?

  /// Parses a whole predicate. Locations are reported in `file`, shifted to start at `origin`.
  static func parse(_ text: String, file: String? = nil, origin: SourceLocation? = nil)
    throws(Diagnostic) -> PredicateNode
  {
    var parser = PredicateParser(text, file: file, origin: origin)
    do throws(PredicateSyntaxError) {
      try parser.advance()
      let node = try parser.parseOr(after: nil)
      guard case .end = parser.token.kind else {
        throw parser.unexpected("expected AND, OR or the end of the predicate")
      }
      return node
    } catch {
      throw Diagnostic(error.message, at: parser.location(of: error.offset), file: file)
    }
  }

  private init(_ text: String, file: String?, origin: SourceLocation?) {
    self.text = text
    self.file = file
    self.origin = origin
    lexer = PredicateLexer(text)
    token = PredicateToken(kind: .end, offset: 0, text: "")
  }

  /// The location of the scalar at `offset`, in characters, shifted by the origin.
  func location(of offset: Int) -> SourceLocation {
    let prefix = String(String.UnicodeScalarView(lexer.scalars.prefix(max(0, offset))))
    let local = SourceLocation(offset: prefix.count, in: text, file: file)
    guard let origin else { return local }
    return SourceLocation(
      file: file, line: origin.line + local.line - 1,
      column: local.line == 1 ? origin.column + local.column - 1 : local.column)
  }

  /// "column 7", or "line 2, column 7" for text that spans lines.
  func place(of offset: Int) -> String {
    let location = location(of: offset)
    if origin == nil, location.line == 1, !text.contains(where: \.isNewline) {
      return "column \(location.column)"
    }
    return "line \(location.line), column \(location.column)"
  }

  // MARK: - Helpers

  mutating func advance() throws(PredicateSyntaxError) {
    token = try lexer.next()
  }

  /// An error at the current token: "`expectation` but found `token`".
  func unexpected(_ expectation: String) -> PredicateSyntaxError {
    var message = "\(expectation) but found \(token.quoted)"
    if let word = token.word, Self.reservedWords.contains(word) {
      message += " (to use it as a key, write '#\(token.text)')"
    }
    return PredicateSyntaxError(message: message, offset: token.offset)
  }

  mutating func enter() throws(PredicateSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw PredicateSyntaxError(
        message: "the predicate is nested too deeply (more than \(Self.maximumDepth) levels)",
        offset: token.offset)
    }
  }

  mutating func leave() { depth -= 1 }

  // MARK: - Predicates

  /// `and { OR and }`. `previous` names what came before, for messages.
  private mutating func parseOr(after previous: String?) throws(PredicateSyntaxError)
    -> PredicateNode
  {
    var nodes = [try parseAnd(after: previous)]
    while token.word == "OR" || token.isSymbol("||") {
      let op = token.text
      try advance()
      nodes.append(try parseAnd(after: op))
    }
    return .disjunction(nodes)
  }

  /// `not { AND not }`.
  private mutating func parseAnd(after previous: String?) throws(PredicateSyntaxError)
    -> PredicateNode
  {
    var nodes = [try parseNot(after: previous)]
    while token.word == "AND" || token.isSymbol("&&") {
      let op = token.text
      try advance()
      nodes.append(try parseNot(after: op))
    }
    return .conjunction(nodes)
  }

  /// `NOT not | primary`.
  private mutating func parseNot(after previous: String?) throws(PredicateSyntaxError)
    -> PredicateNode
  {
    guard token.word == "NOT" || token.isSymbol("!") else {
      return try parsePrimary(after: previous)
    }
    let op = token.text
    try enter()
    try advance()
    let operand = try parseNot(after: op)
    leave()
    return .not(operand)
  }

  /// `( or ) | TRUEPREDICATE | FALSEPREDICATE | comparison`.
  private mutating func parsePrimary(after previous: String?) throws(PredicateSyntaxError)
    -> PredicateNode
  {
    switch token.word {
    case "TRUEPREDICATE":
      try advance()
      return .constant(true)
    case "FALSEPREDICATE":
      try advance()
      return .constant(false)
    default: break
    }
    if token.isSymbol("(") {
      let open = token
      try enter()
      try advance()
      let node = try parseOr(after: "(")
      guard token.isSymbol(")") else {
        throw unexpected("expected AND, OR or ')' to close the '(' at \(place(of: open.offset))")
      }
      leave()
      try advance()
      return node
    }
    return .comparison(try parseComparison(after: previous))
  }

  // MARK: - Comparisons

  /// `[quantifier] operand operator [modifier] operand`.
  private mutating func parseComparison(after previous: String?) throws(PredicateSyntaxError)
    -> PredicateComparison
  {
    var quantifier: PredicateQuantifier?
    switch token.word {
    case "ANY", "SOME": quantifier = .anyElement
    case "ALL": quantifier = .everyElement
    case "NONE": quantifier = .noElement
    default: break
    }
    var expectation =
      previous.map { "expected a predicate after '\($0)'" } ?? "expected a predicate"
    if let quantifier {
      expectation = "expected a key path after \(quantifier.rawValue)"
      try advance()
    }
    let leftToken = token
    guard let left = try parseOperand() else { throw unexpected(expectation) }
    if quantifier != nil {
      switch left {
      case .keyPath, .variable, .aggregate, .evaluatedValue: break
      case .literal:
        throw PredicateSyntaxError(
          message: "\(expectation) but found \(leftToken.quoted)", offset: leftToken.offset)
      }
    }
    let leftText = lexerText(from: leftToken.offset)
    let operatorToken = token
    guard let op = Self.comparisonOperator(token) else {
      throw unexpected(
        "expected an operator such as '==', '<', CONTAINS or IN after '\(leftText)'")
    }
    try advance()
    let options = try parseModifier(after: operatorToken)
    let modifier = options.modifierText
    let rightToken = token
    guard let right = try parseOperand() else {
      throw unexpected("expected a value after '\(operatorToken.text)\(modifier)'")
    }
    let comparison = PredicateComparison(
      quantifier: quantifier, left: left, op: op, options: options, right: right)
    try Self.check(comparison, rightToken: rightToken)
    return comparison
  }

  /// The source text from `offset` up to the current token, trimmed, for messages.
  func lexerText(from offset: Int) -> String {
    let end = max(offset, min(token.offset, lexer.scalars.count))
    var view = String.UnicodeScalarView()
    view.append(contentsOf: lexer.scalars[offset..<end])
    let text = String(view).trimmingTrailingWhitespace()
    return text.count > 24 ? String(text.prefix(24)) + "…" : text
  }

  private static func comparisonOperator(_ token: PredicateToken) -> PredicateOperator? {
    if case .symbol(let symbol) = token.kind {
      switch symbol {
      case "==": return .equal
      case "!=": return .notEqual
      case "<": return .less
      case "<=": return .lessOrEqual
      case ">": return .greater
      case ">=": return .greaterOrEqual
      default: return nil
      }
    }
    guard let word = token.word, let op = PredicateOperator(rawValue: word), op.isWord else {
      return nil
    }
    return op
  }

  /// `[c]`, `[d]`, `[cd]` after an operator.
  private mutating func parseModifier(after op: PredicateToken) throws(PredicateSyntaxError)
    -> PredicateOptions
  {
    guard token.isSymbol("[") else { return [] }
    try advance()
    var options: PredicateOptions = []
    let letters: [String]
    if case .keyPath(let keys, false) = token.kind, keys.count == 1 {
      letters = keys[0].unicodeScalars.map { String($0) }
    } else {
      letters = []
    }
    guard !letters.isEmpty else {
      throw unexpected("expected c, d or cd in the modifier of '\(op.text)'")
    }
    for (index, letter) in letters.enumerated() {
      switch letter {
      case "c", "C": options.insert(.caseInsensitive)
      case "d", "D": options.insert(.diacriticInsensitive)
      default:
        throw PredicateSyntaxError(
          message: "unknown modifier '\(letter)' on '\(op.text)': use c (case-insensitive), "
            + "d (diacritic-insensitive) or cd",
          offset: token.offset + index)
      }
    }
    try advance()
    guard token.isSymbol("]") else { throw unexpected("expected ']' to close the modifier") }
    try advance()
    return options
  }
}

extension String {
  /// The string without trailing white space.
  func trimmingTrailingWhitespace() -> String {
    var scalars = Substring(self).unicodeScalars
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
