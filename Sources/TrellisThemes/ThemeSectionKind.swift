import TrellisValues

/// The kinds of section a theme styles separately, named as Trellis names section kinds.
public enum ThemeSectionKind: String, Hashable, Sendable, Codable, CaseIterable {
  case basic, object, arrayOfObjects, arrayOfStrings, selection, objectSelection

  /// The Trellis element name that styles this kind (`arrayOfStringsSection`).
  public var elementName: String { rawValue + "Section" }

  /// STV's class for this kind of section, when it differs from the generic section's.
  public var stvClassName: String? {
    switch self {
    case .basic: nil
    case .object: "SCObjectSection"
    case .arrayOfObjects: "SCArrayOfObjectsSection"
    case .arrayOfStrings: "SCArrayOfStringsSection"
    case .selection: "SCSelectionSection"
    case .objectSelection: "SCObjectSelectionSection"
    }
  }
}
