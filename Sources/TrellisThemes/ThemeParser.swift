import TrellisValues

/// Reads the tokens of a theme file into styles, reporting every problem it can and recovering
/// after each one.
struct ThemeParser {
  private let text: String
  private var tokens: ThemeTokenStream
  private let file: String?
  /// Problems found, errors and warnings, in the order found.
  private(set) var diagnostics: [Diagnostic] = []
  /// Style-name values to check once every style is known: the name and where it was written.
  private var styleReferences: [(name: String, token: ThemeToken)] = []

  init(_ text: String, file: String?) {
    // The lexer's problems come first, all of them, as the error limit counts them; the
    // tokens themselves are read again as the parser moves on, rather than kept.
    var lexer = ThemeLexer(text, file: file)
    while lexer.next().kind != .end {}
    self.tokens = ThemeTokenStream(text, file: file)
    self.text = text
    self.file = file
    self.diagnostics = lexer.diagnostics
  }

  /// After this many errors the parser stops: a file that wrong (a generated one, say, or
  /// styles nested a hundred thousand deep) would otherwise bury the first, useful errors and
  /// take as long to report as it is long.
  static let maximumErrors = 100

  /// Parses the whole file.
  mutating func parse() -> [ThemeStyle] {
    var styles: [ThemeStyle] = []
    var counted = 0
    var errors = 0
    while current.kind != .end {
      // Only the diagnostics added since the last style are counted: linear in all.
      errors += diagnostics[counted...].lazy.filter { $0.severity == .error }.count
      counted = diagnostics.count
      if errors >= Self.maximumErrors {
        error(
          "too many errors (\(Self.maximumErrors)); the rest of the file is not checked",
          at: current)
        break
      }
      if current.kind == .identifier {
        if let style = parseStyle() { styles.append(style) }
        continue
      }
      if current.kind == .rightBrace {
        error("unexpected '}' outside a style", at: current)
      } else {
        error("expected a style name, found \(current.display)", at: current)
      }
      advance()
      while current.kind != .end, current.kind != .identifier { advance() }
    }
    checkStyleReferences(styles)
    diagnostics = diagnostics.enumerated().sorted { a, b in
      let (l, r) = (a.element.location, b.element.location)
      if let l, let r, l != r { return l < r }
      return a.offset < b.offset
    }.map(\.element)
    return styles
  }

  // MARK: Tokens

  private var current: ThemeToken { tokens.current }
  private var next: ThemeToken { tokens.next }

  private mutating func advance() { tokens.advance() }

  private func location(of token: ThemeToken) -> SourceLocation {
    SourceLocation(file: file, line: token.line, column: token.column)
  }

  private func location(after token: ThemeToken) -> SourceLocation {
    SourceLocation(file: file, line: token.endLine, column: token.endColumn)
  }

  private mutating func error(_ message: String, at token: ThemeToken) {
    diagnostics.append(Diagnostic(message, at: location(of: token)))
  }

  private mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  /// Whether the current token starts a declaration (`name:`) or a style (`name {`).
  private var atDeclarationOrStyle: Bool { tokens.atDeclarationOrStyle }

  /// Skips to just after the next `;`, or to the next `}`, declaration or style.
  private mutating func skipDeclaration() {
    while current.kind != .end, current.kind != .rightBrace, !atDeclarationOrStyle {
      let kind = current.kind
      advance()
      if kind == .semicolon { return }
    }
  }

  // MARK: Styles

  private mutating func parseStyle() -> ThemeStyle? {
    let nameToken = current
    advance()
    let name = nameToken.text
    if current.kind == .leftBrace {
      advance()
    } else if current.kind == .identifier, next.kind == .colon {
      report(
        Diagnostic("expected '{' after style name '\(name)'", at: location(after: nameToken)))
    } else if current.kind == .colon {
      error(
        "declaration of '\(name)' is outside any style; expected a style name and '{'",
        at: nameToken)
      advance()
      skipDeclaration()
      return nil
    } else {
      report(
        Diagnostic(
          "expected '{' after style name '\(name)', found \(current.display)",
          at: location(of: current)))
      return nil
    }
    var style = ThemeStyle(name: name, location: location(of: nameToken))
    let element = style.element
    checkStyleName(nameToken, element: element)
    parseBody(of: &style, element: element, nameToken: nameToken)
    return style
  }

  private mutating func parseBody(
    of style: inout ThemeStyle, element: ThemeElement?, nameToken: ThemeToken
  ) {
    var seen: Set<String> = []
    while true {
      switch current.kind {
      case .rightBrace:
        advance()
        return
      case .end:
        error(
          "expected '}' to close style '\(style.name)' opened at "
            + "\(nameToken.line):\(nameToken.column)", at: current)
        return
      case .semicolon:
        advance()
      case .identifier where next.kind == .colon:
        guard let declaration = parseDeclaration(element: element) else { continue }
        if !seen.insert(declaration.keyPath).inserted {
          report(
            Diagnostic(
              "duplicate attribute '\(declaration.keyPath)' in style '\(style.name)'; the later "
                + "value wins", at: declaration.location, severity: .warning))
        }
        style.declarations.append(declaration)
      case .identifier where next.kind == .leftBrace:
        error(
          "expected '}' to close style '\(style.name)' before style '\(current.text)'", at: current)
        return
      case .identifier:
        report(
          Diagnostic(
            "expected ':' after attribute '\(current.text)'", at: location(after: current)))
        advance()
        skipDeclaration()
      default:
        error("expected an attribute name, found \(current.display)", at: current)
        advance()
        skipDeclaration()
      }
    }
  }

  // MARK: Declarations

  private mutating func parseDeclaration(element: ThemeElement?) -> ThemeDeclaration? {
    let keyToken = current
    advance()
    let colon = current
    advance()
    let written = keyToken.text
    guard tokens.atValueToken else {
      if current.kind == .semicolon { advance() }
      report(Diagnostic("expected a value for '\(written)'", at: location(after: colon)))
      return nil
    }
    // The value is read as the tokens come, never held whole: one of a million tokens takes
    // no more memory than its text. What the key path and attribute report goes after what
    // the value's end reports, as when the value was read first.
    let first = current
    let reported = diagnostics.count
    let wellFormed = checkKeyPath(keyToken)
    let keyPath = ThemeAttribute.aliases[written] ?? written
    let type = wellFormed ? attributeType(keyToken, keyPath: keyPath, element: element) : nil
    let keyDiagnostics = diagnostics[reported...]
    diagnostics.removeSubrange(reported...)
    tokens.beginValue()
    var valueParser = ThemeValueParser(tokens: tokens, keyPath: written, file: file)
    let value = wellFormed ? valueParser.parse(as: type) : nil
    tokens = valueParser.tokens
    while tokens.atValueToken { advance() }
    guard let last = tokens.lastTaken else { return nil }
    // The lexer reported an unterminated string, which took the ';' too: the value is not
    // what was meant, and that one error says so.
    guard !tokens.tookUnterminatedString else { return nil }
    if current.kind == .semicolon {
      advance()
    } else if current.kind != .rightBrace {
      report(Diagnostic("expected ';' after value of '\(written)'", at: location(after: last)))
    }
    diagnostics += keyDiagnostics
    guard wellFormed else { return nil }
    diagnostics += valueParser.diagnostics
    guard let value else { return nil }
    if type == .styleName, let name = value.nameValue {
      styleReferences.append((name, first))
    }
    let raw = String(text[first.start..<last.end])
    return ThemeDeclaration(
      keyPath: keyPath, value: value, rawValue: raw, location: location(of: keyToken))
  }

  /// Reports a key path with empty or malformed components; returns whether it is well formed.
  private mutating func checkKeyPath(_ token: ThemeToken) -> Bool {
    let parts = token.text.split(separator: ".", omittingEmptySubsequences: false)
    if parts.allSatisfy({ ThemeLexer.isIdentifier($0) && !$0.contains("-") }) { return true }
    error("'\(token.text)' is not a valid attribute key path", at: token)
    return false
  }

  /// The type of the attribute at `keyPath`, reporting unknown or misplaced attributes.
  private mutating func attributeType(
    _ token: ThemeToken, keyPath: String, element: ThemeElement?
  ) -> ThemeAttribute.ValueType? {
    guard let attribute = ThemeAttribute.named(keyPath) else {
      var message = "unknown attribute '\(keyPath)'"
      if let suggestion = ThemeValueParser.suggestion(
        for: keyPath, among: ThemeAttribute.allKeyPaths)
      {
        message += "; did you mean '\(suggestion)'?"
      }
      report(Diagnostic(message, at: location(of: token), severity: .warning))
      return ThemeAttribute.inferredType(forKeyPath: keyPath)
    }
    if let element, !attribute.targets.contains(element.category) {
      let targets = [
        (ThemeAttribute.Targets.table, "the table"), (.navigationBar, "the navigation bar"),
        (.section, "sections"), (.cell, "cells"),
      ].filter { attribute.targets.contains($0.0) }.map(\.1)
      report(
        Diagnostic(
          "attribute '\(keyPath)' does not apply to \(element.name); it styles "
            + targets.joined(separator: " and "), at: location(of: token), severity: .warning))
    }
    return attribute.type
  }

  // MARK: Names

  /// Warns about a style name that looks like a misspelt element or an element Trellis lacks.
  private mutating func checkStyleName(_ token: ThemeToken, element: ThemeElement?) {
    let name = token.text
    guard element == nil, !RowKind.controlCellStyleNames.contains(name) else { return }
    let tail = " is not an element name, so the style applies only where a row or section names it"
    if let suggestion = ThemeValueParser.suggestion(for: name, among: ThemeElement.allNames) {
      report(
        Diagnostic(
          "'\(name)'\(tail); did you mean '\(suggestion)'?", at: location(of: token),
          severity: .warning))
    } else if looksLikeClassName(name) {
      report(Diagnostic("'\(name)'\(tail)", at: location(of: token), severity: .warning))
    }
  }

  private func looksLikeClassName(_ name: String) -> Bool {
    let chars = Array(name)
    guard chars.count > 2, chars[0] == "S" && chars[1] == "C" || chars[0] == "U" && chars[1] == "I"
    else { return false }
    return chars[2].isUppercase
  }

  /// Warns about style-name values that name no style in the theme.
  private mutating func checkStyleReferences(_ styles: [ThemeStyle]) {
    let names = styles.map(\.name)
    let known = Set(names)
    for (name, token) in styleReferences where !known.contains(name) {
      var message = "unknown theme style '\(name)'"
      if let suggestion = ThemeValueParser.suggestion(for: name, among: names) {
        message += "; did you mean '\(suggestion)'?"
      }
      report(Diagnostic(message, at: location(of: token), severity: .warning))
    }
  }
}
