import TrellisValues

/// The colour names a theme accepts: UIColor's class constructors (`orangeColor`) and the same
/// names without the `Color` suffix (`orange`).
extension ThemeColor {
  /// UIColor's named constructors, with the components UIKit documents for them.
  static let uiColorNames: [(name: String, color: ThemeColor)] = [
    ("blackColor", ThemeColor(white: 0)),
    ("darkGrayColor", ThemeColor(white: 1.0 / 3)),
    ("lightGrayColor", ThemeColor(white: 2.0 / 3)),
    ("whiteColor", ThemeColor(white: 1)),
    ("grayColor", ThemeColor(white: 0.5)),
    ("redColor", ThemeColor(red: 1, green: 0, blue: 0)),
    ("greenColor", ThemeColor(red: 0, green: 1, blue: 0)),
    ("blueColor", ThemeColor(red: 0, green: 0, blue: 1)),
    ("cyanColor", ThemeColor(red: 0, green: 1, blue: 1)),
    ("yellowColor", ThemeColor(red: 1, green: 1, blue: 0)),
    ("magentaColor", ThemeColor(red: 1, green: 0, blue: 1)),
    ("orangeColor", ThemeColor(red: 1, green: 0.5, blue: 0)),
    ("purpleColor", ThemeColor(red: 0.5, green: 0, blue: 0.5)),
    ("brownColor", ThemeColor(red: 0.6, green: 0.4, blue: 0.2)),
    ("clearColor", ThemeColor(white: 0, alpha: 0)),
    ("lightTextColor", ThemeColor(white: 1, alpha: 0.6)),
    ("darkTextColor", ThemeColor(white: 0)),
    ("groupTableViewBackgroundColor", ThemeColor(red255: 239, green255: 239, blue255: 244)),
  ]

  /// Every accepted name, for "did you mean" suggestions.
  static let allNames: [String] = uiColorNames.flatMap { entry in
    [entry.name, String(entry.name.dropLast(5))]
  }

  /// The colour called `name` (`orangeColor` or `orange`); names are case-sensitive.
  public init?(named name: String) {
    for entry in Self.uiColorNames where entry.name == name || entry.name == name + "Color" {
      self = entry.color
      return
    }
    return nil
  }

  /// The UIColor constructor name of this colour, if it is one of the named colours.
  public var uiColorName: String? {
    Self.uiColorNames.first { $0.color == self }?.name
  }
}
