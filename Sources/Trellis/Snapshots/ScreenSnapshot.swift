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
    ScreenSnapshot(title: title, style: style, isEditing: isEditing, table: snapshot)
  }
}
