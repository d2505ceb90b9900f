import Trellis

/// What a person's gestures on a row mean, decided from the row: a tap, a swipe, the editing
/// control, and where Return goes.
public enum RowGesture {
  /// What tapping `row` does.
  public enum Tap: Hashable, Sendable {
    /// Nothing (a placeholder, or a disabled row).
    case none
    /// Focus the row's field.
    case focus
    /// Open the photo picker for the row.
    case pickImage
    /// Send the event to the navigator.
    case send(ScreenEvent)
  }

  /// What tapping `row` does: a field takes the keyboard, an image row opens the photo picker,
  /// any other enabled row is selected.
  public static func tap(_ row: RowSnapshot) -> Tap {
    guard row.isEnabled, row.kind != .placeholder else { return .none }
    if row.isExpanded != nil { return .send(.select(row.id)) }
    switch CellContent.control(for: row) {
    case .textField, .textView: return .focus
    case .imagePicker: return .pickImage
    case .toggle, .slider, .segmented, .date: return .none
    default: return .send(.select(row.id))
    }
  }

  /// A button a swipe reveals.
  public struct SwipeAction: Hashable, Sendable {
    /// The button's title.
    public var title: String
    /// Whether it is drawn as destructive (red).
    public var isDestructive: Bool
    /// What it sends.
    public var event: ScreenEvent
  }

  /// The buttons swiping `row` to the left reveals: Delete for a row that can be deleted.
  public static func swipeActions(_ row: RowSnapshot) -> [SwipeAction] {
    guard row.isEnabled, row.isDeletable, row.editingStyle == .delete else { return [] }
    return [SwipeAction(title: "Delete", isDestructive: true, event: .delete(row.id))]
  }

  /// What the editing control of `row` sends in edit mode: delete or insert.
  public static func editingControl(_ row: RowSnapshot) -> ScreenEvent? {
    switch row.editingStyle {
    case .delete: .delete(row.id)
    case .insert: .insert(row.id)
    case .none: nil
    }
  }

  /// The event that moves the row at `source` in `table` to `destination` (UIKit's index path
  /// once moved); `nil` when no row is at `source`.
  public static func move(
    in table: TableSnapshot, from source: ItemPath, to destination: ItemPath
  ) -> ScreenEvent? {
    guard let row = table[safe: source] else { return nil }
    return .move(row.id, to: destination)
  }

  /// The row whose field Return moves to after the row `id`: the next row below it, in any
  /// section, whose control takes text; `nil` after the last field.
  public static func nextField(after id: RowID, in table: TableSnapshot) -> ItemPath? {
    var passed = false
    for (s, section) in table.sections.enumerated() {
      for (r, row) in section.items.enumerated() {
        if passed, row.isEnabled, CellContent.control(for: row).takesText {
          return ItemPath(item: r, section: s)
        }
        if row.id == id { passed = true }
      }
    }
    return nil
  }

  /// The first row that asks for the keyboard when its screen appears.
  public static func firstResponder(in table: TableSnapshot) -> ItemPath? {
    for (s, section) in table.sections.enumerated() {
      for (r, row) in section.items.enumerated() where row.attributes.becomesFirstResponder {
        return ItemPath(item: r, section: s)
      }
    }
    return nil
  }
}
