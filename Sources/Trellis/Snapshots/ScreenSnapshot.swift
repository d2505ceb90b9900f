import Foundation
import TrellisDiff

/// Everything a host draws for one screen: its title, style, edit mode, and table.
public struct ScreenSnapshot: Hashable, Sendable {
  /// The title in the navigation bar.
  public var title: String?
  /// Grouped or plain.
  public var style: TableStyle
  /// Whether the table is in edit mode.
  public var isEditing: Bool
  /// The sections and rows.
  public var table: TableSnapshot
  /// The navigation bar's buttons.
  public var barButtons: [BarButton] = []
  /// Whether Done may be tapped (false while a draft holds an invalid value).
  public var isDoneEnabled = true
  /// Whether the screen was pushed, so that Back applies.
  public var canGoBack = false
  /// The title of the screen Back returns to, which a host may show on its Back button as
  /// `UINavigationBar` does; `nil` when there is none, or it has no title.
  public var backTitle: String?
  /// Whether the screen is presented modally: a sheet over the screen below.
  public var isModal = false
  /// A refusal a person should see, such as why Done was refused.
  public var notice: String?
  /// Whether the screen waits for a store (Done's write under way): the notice then says so,
  /// and is news rather than a refusal.
  public var isBusy = false
  /// Whether the screen's draft holds values Done has not saved yet: a host asks before a
  /// page or window that would lose them goes away.
  public var hasUnsavedChanges = false
  /// Whether the screen has a search field, and its text.
  public var search: String?
  /// The theme's style for the table (`UITableView`/`table`, then its named style); `nil`
  /// without a theme.
  public var tableStyle: ResolvedStyle?
  /// The theme's style for the navigation bar; `nil` without a theme.
  public var navigationBarStyle: ResolvedStyle?

  /// Creates a screen snapshot.
  public init(
    title: String? = nil, style: TableStyle = .grouped, isEditing: Bool = false,
    table: TableSnapshot
  ) {
    self.title = title
    self.style = style
    self.isEditing = isEditing
    self.table = table
  }
}

extension TableModel {
  /// The screen as hosts show it now.
  public func screenSnapshot(isEditing: Bool = false) -> ScreenSnapshot {
    var result = ScreenSnapshot(title: title, style: style, isEditing: isEditing, table: snapshot)
    if let theme {
      result.tableStyle = theme.tableStyle(themeStyle: themeStyle)
      result.navigationBarStyle = theme.navigationBarStyle()
    }
    return result
  }
}
