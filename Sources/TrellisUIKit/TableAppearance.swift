import Trellis

/// How a screen's table and navigation bar look, from the theme: the values UIKit sets on the
/// table view and the bar.
public struct TableAppearance: Hashable, Sendable {
  /// The table's background.
  public var backgroundColor: ThemeColor?
  /// An image behind the table.
  public var backgroundImage: ThemeImage?
  /// Whether rows are separated by a line.
  public var separatorStyle: ThemeSeparatorStyle?
  /// The separators' colour.
  public var separatorColor: ThemeColor?
  /// The height of every row that sets none.
  public var rowHeight: Double?
  /// The colour of the section index and of controls.
  public var tintColor: ThemeColor?
  /// The navigation bar's background.
  public var barColor: ThemeColor?
  /// The navigation bar's buttons' colour.
  public var barTintColor: ThemeColor?
  /// The navigation bar's background image.
  public var barImage: ThemeImage?

  /// The appearance of `screen`'s table and bar.
  public init(_ screen: ScreenSnapshot) {
    if let table = screen.tableStyle {
      backgroundColor = table.backgroundColor
      backgroundImage = table.backgroundView ?? table.backgroundImage
      separatorStyle = table.separatorStyle
      separatorColor = table.separatorColor
      rowHeight = table.number("rowHeight")
      tintColor = table.tintColor
    }
    if let bar = screen.navigationBarStyle {
      barColor = bar.barTintColor ?? bar.backgroundColor
      barTintColor = bar.tintColor
      barImage = bar.backgroundImage
    }
  }
}
