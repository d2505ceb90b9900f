import Trellis

/// The outcome of reading a Settings bundle: the bundle when there is no error, and every
/// problem found.
public struct SettingsBundleReadResult: Sendable {
  /// The bundle; `nil` when any error was found, so that nothing half-renders.
  public var bundle: SettingsBundle?
  /// Errors and warnings, in the order found.
  public var diagnostics: [Diagnostic]

  /// Whether any error was found.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
