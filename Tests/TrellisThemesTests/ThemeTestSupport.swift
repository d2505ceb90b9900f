import Foundation
import Testing
import TrellisValues
import TrellisTesting

@testable import TrellisThemes

/// Helpers shared by the theme tests.
enum ThemeTestSupport {
  /// The seed's final theme file.
  static func fixtureText() throws -> String {
    try String(contentsOf: TestFixtures.url("Theme.sct"), encoding: .utf8)
  }

  /// The seed's final theme, parsed.
  static func fixtureTheme() throws -> Theme {
    try Theme(parsing: fixtureText(), file: "Theme.sct")
  }

  /// Parses `text` and returns the value of `keyPath` in the first style.
  static func value(_ keyPath: String, in text: String) -> ThemeValue? {
    Theme.parse(text).theme.styles.first?[keyPath]
  }

  /// Parses `Style { key: value; }` and returns the value and diagnostics.
  static func parseValue(_ value: String, for keyPath: String) -> (ThemeValue?, [Diagnostic]) {
    let result = Theme.parse("S {\n  \(keyPath): \(value);\n}\n")
    return (result.theme.styles.first?[keyPath], result.diagnostics)
  }

  /// The diagnostics as `LINE:COL: severity: message` lines.
  static func messages(_ text: String) -> [String] {
    Theme.parse(text).diagnostics.map(\.description)
  }

  /// The theme's content without source locations, for comparing parses of different texts.
  static func content(_ theme: Theme) -> [[String]] {
    theme.styles.map { style in
      [style.name] + style.declarations.map { "\($0.keyPath)=\($0.value)|\($0.rawValue)" }
    }
  }
}
