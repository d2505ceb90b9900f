import TrellisValues

/// How a table draws the lines between rows (UITableViewCellSeparatorStyle).
///
/// A theme writes it as UIKit's constant (`UITableViewCellSeparatorStyleSingleLine`) or as the
/// short name (`singleLine`).
public enum ThemeSeparatorStyle: String, Hashable, Sendable, Codable, CaseIterable,
  CustomStringConvertible
{
  /// No separator.
  case none
  /// A thin line.
  case singleLine
  /// An etched (grooved) line.
  case singleLineEtched

  /// UIKit's constant name for the style.
  public var uiKitName: String {
    switch self {
    case .none: "UITableViewCellSeparatorStyleNone"
    case .singleLine: "UITableViewCellSeparatorStyleSingleLine"
    case .singleLineEtched: "UITableViewCellSeparatorStyleSingleLineEtched"
    }
  }

  /// The style written as `name`: a short name or UIKit's constant.
  public init?(named name: String) {
    if let style = Self(rawValue: name) {
      self = style
      return
    }
    guard let style = Self.allCases.first(where: { $0.uiKitName == name }) else { return nil }
    self = style
  }

  /// Every accepted name, for "did you mean" suggestions.
  static let allNames: [String] = allCases.flatMap { [$0.rawValue, $0.uiKitName] }

  /// The short name.
  public var description: String { rawValue }
}
