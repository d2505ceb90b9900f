import TrellisValues

/// Writing a theme back as theme text.
extension Theme {
  /// The theme as `.sct` text: each style as its name on one line, then its declarations between
  /// braces on lines of their own, indented by four spaces, with a blank line between styles.
  ///
  /// Values are written as they were read (``ThemeDeclaration/rawValue``), so parsing the text
  /// again gives the same theme.
  public func formatted() -> String {
    styles.map { style in
      let body = style.declarations.map { "    \($0.keyPath): \($0.rawValue);\n" }.joined()
      return "\(style.name)\n{\n\(body)}\n"
    }.joined(separator: "\n")
  }
}
