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
    // A byte order mark (editors on Windows write one) starts the file; it is no style name.
    var parser = ThemeParser(
      text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, file: file)
    let styles = parser.parse()
    return ThemeParseResult(theme: Theme(styles: styles), diagnostics: parser.diagnostics)
  }

  /// Parses the bytes of a theme file. Bytes that are not UTF-8 are an error, located at the
  /// first of them (its line and column, and its byte offset in the message).
  public static func parse(_ data: Data, file: String? = nil) -> ThemeParseResult {
    let bytes = [UInt8](data)
    guard let invalid = SourceLocation.firstInvalidUTF8(in: bytes, file: file) else {
      return parse(String(decoding: bytes, as: UTF8.self), file: file)
    }
    let byte = String(bytes[invalid.offset], radix: 16, uppercase: true)
    let message =
      "the theme is not UTF-8 text: byte 0x\(byte) at byte offset \(invalid.offset) is not "
      + "valid UTF-8"
    return ThemeParseResult(
      theme: Theme(styles: []), diagnostics: [Diagnostic(message, at: invalid.location)])
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
    let result = Self.parse(data, file: file)
    guard !result.hasErrors else { throw DiagnosticList(result.diagnostics) }
    self = result.theme
  }
}
