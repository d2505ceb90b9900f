import Trellis

/// The formats a table descriptor is written in.
public enum DescriptorFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Trellis's own schema: a dictionary with `schemaVersion` and a list of `sections`.
  case canonical
  /// RCSTableKit's table definition: a dictionary with `displaySections` and `sections`.
  case rcsTableKit
  /// RMSTableViews' form descriptor: a list of sections with `rows` of `className`s.
  case rmsTableViews
  /// One page of an iOS `Settings.bundle`: a dictionary with `PreferenceSpecifiers`. Read a
  /// whole bundle, with its child panes and strings files, with ``SettingsBundle``.
  case settingsBundle

  public var description: String {
    switch self {
    case .canonical: "Trellis descriptor"
    case .rcsTableKit: "RCSTableKit table definition"
    case .rmsTableViews: "RMSTableViews form descriptor"
    case .settingsBundle: "Settings bundle page"
    }
  }

  /// Recognises the format of a document's root, or `nil` when it fits none.
  ///
  /// A list is an RMSTableViews descriptor. A dictionary with `schemaVersion`, or with a list
  /// of `sections`, is canonical. A dictionary with `displaySections`, a dictionary of
  /// `sections`, or `nib` is RCSTableKit. A dictionary with `PreferenceSpecifiers` is a
  /// Settings bundle page.
  public static func detect(_ root: Value) -> DescriptorFormat? {
    if root.arrayValue != nil { return .rmsTableViews }
    guard let dictionary = root.dictionaryValue else { return nil }
    if dictionary["PreferenceSpecifiers"] != nil { return .settingsBundle }
    if dictionary["schemaVersion"] != nil { return .canonical }
    if dictionary["sections"]?.arrayValue != nil { return .canonical }
    if dictionary["displaySections"] != nil || dictionary["sections"]?.dictionaryValue != nil
      || dictionary["nib"] != nil
    {
      return .rcsTableKit
    }
    return nil
  }
}

extension DescriptorFormat {
  /// Whether `root`, which ``detect(_:)`` takes for an RMSTableViews descriptor, reads as
  /// data instead: an empty list, a list of plain values, or a list of records none of which
  /// has a section's keys (`rows`, `className`, `properties`, `bindVariable`, `enabled`).
  /// `trellis render` and `trellis serve` show such a file as `trellis edit` does (a list, or
  /// why it cannot be shown), and reading it as a descriptor says that it is data.
  package static func isListOfRecords(_ root: Value) -> Bool {
    guard let entries = root.arrayValue else { return false }
    if entries.allSatisfy({ $0.dictionaryValue == nil }) { return true }
    return entries.allSatisfy { entry in
      entry.dictionaryValue?.keys.contains(where: RMSTableViewsReader.sectionKeys.contains)
        == false
    }
  }
}

/// The outcome of reading a descriptor: the descriptor when there is no error, and every
/// problem found.
public struct DescriptorReadResult: Hashable, Sendable {
  /// The descriptor; `nil` when any error was found, so that nothing half-renders.
  public var descriptor: TableDescriptor?
  /// Errors and warnings, in the order found.
  public var diagnostics: [Diagnostic]

  /// The errors.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
  /// Whether any error was found.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
