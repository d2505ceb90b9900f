import TrellisValues

extension ThemeColor {
  /// Reads a colour written as a theme file writes one: a UIColor name (`whiteColor` or
  /// `white`), `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(255, 0, 0)` or `rgba(255, 0, 0, 0.3)`.
  ///
  /// - Parameter key: the attribute the colour is for, named in messages.
  /// - Throws: a ``Diagnostic`` without a location, saying what is wrong and, for a misspelt
  ///   name, which colour was meant.
  public init(parsing text: String, for key: String = "colour") throws(Diagnostic) {
    var lexer = ThemeLexer(text, file: nil)
    let tokens = lexer.tokenize().filter { $0.kind != .end }
    if let problem = lexer.diagnostics.first {
      throw Diagnostic("'\(text)' is not a colour: \(problem.message)")
    }
    guard !tokens.isEmpty else { throw Diagnostic("an empty string is not a colour") }
    var parser = ThemeValueParser(
      tokens: ThemeTokenStream(text, file: nil, isWholeValue: true), keyPath: key, file: nil)
    let value = parser.parse(as: .color)
    if case .color(let color)? = value, color.patternImage == nil {
      self = color
      return
    }
    if let problem = parser.diagnostics.first {
      let prefix = "'\(text)' is not a colour"
      throw Diagnostic(
        problem.message.hasPrefix(prefix) ? problem.message : prefix + ": " + problem.message)
    }
    throw Diagnostic(
      "'\(text)' is not a colour: expected a colour name, #RRGGBB or rgba(r, g, b, a)")
  }
}
