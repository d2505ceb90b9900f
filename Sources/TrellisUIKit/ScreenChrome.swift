import Trellis

/// Everything around a screen's table, as a value: its title, bar buttons, search, pull to
/// refresh, notice and appearance. The screen's controller sets it on its navigation item and
/// table whenever it changes.
public struct ScreenChrome: Hashable, Sendable {
  /// The title in the navigation bar.
  public var title: String?
  /// The buttons on the bar's left.
  public var leftItems: [BarItem]
  /// The buttons on the bar's right.
  public var rightItems: [BarItem]
  /// Whether a search field shows above the table.
  public var isSearchable: Bool
  /// The text searched for.
  public var searchText: String
  /// Whether pulling the table down reloads its lists.
  public var isRefreshable: Bool
  /// Whether the screen is in edit mode.
  public var isEditing: Bool
  /// A message the screen shows (a store's refusal).
  public var notice: String?
  /// How the table and the bar look.
  public var appearance: TableAppearance

  /// The chrome of `screen`.
  public init(_ screen: Screen) {
    let snapshot = screen.snapshot()
    title = snapshot.title
    (leftItems, rightItems) = BarItem.items(for: snapshot)
    isSearchable = screen.isSearchable
    searchText = screen.searchText
    isRefreshable = screen.model.sections.contains { $0 is PagedSection }
    isEditing = snapshot.isEditing
    notice = snapshot.notice
    appearance = TableAppearance(snapshot)
  }
}
