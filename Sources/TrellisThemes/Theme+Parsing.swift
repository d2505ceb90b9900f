import Foundation
import TrellisValues

/// The outcome of parsing a theme: the theme, with everything that could be read, and every
/// problem found.
public struct ThemeParseResult: Hashable, Sendable {
  /// The theme. Declarations with errors are left out; everything else is kept.
  public var theme: Theme
  /// Errors and warnings, in source order.
  public var diagnostics: [Diagnostic]

  /// The errors.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
  /// The warnings: unknown attributes, names and values, with suggestions.
  public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
  /// Whether any error was found.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension Theme {
  /// Parses theme text, reporting every problem found rather than stopping at the first.
  ///
  /// Never fails: the result holds what could be read and the diagnostics.
  public static func parse(_ text: String, file: String? = nil) -> ThemeParseResult {
    var parser = ThemeParser(text, file: file)
    let styles = parser.parse()
    return ThemeParseResult(theme: Theme(styles: styles), diagnostics: parser.diagnostics)
  }

  /// Parses theme text, throwing every diagnostic (warnings included) if there is any error.
  public init(parsing text: String, file: String? = nil) throws(DiagnosticList) {
    let result = Self.parse(text, file: file)
    guard !result.hasErrors else { throw DiagnosticList(result.diagnostics) }
    self = result.theme
  }

  /// Reads and parses the theme file at `url`; diagnostics name the file's last path component.
  ///
  /// Throws the read error, or a ``DiagnosticList`` if the theme has errors.
  public init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    let file = url.lastPathComponent
    guard let text = String(data: data, encoding: .utf8) else {
      throw DiagnosticList([Diagnostic("the theme is not UTF-8 text", file: file)])
    }
    try self.init(parsing: text, file: file)
  }
}
