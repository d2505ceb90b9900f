import Trellis

/// One navigation bar button as UIKit shows it: what it looks like, whether it may be tapped
/// and the event it sends.
public struct BarItem: Hashable, Sendable {
  /// Which system button it is.
  public enum Kind: String, Hashable, Sendable {
    /// Add, a plus.
    case add
    /// Edit, which turns edit mode on.
    case edit
    /// Done while editing, which turns edit mode off (the Edit button, toggled).
    case endEditing
    /// Done, which saves the screen's draft.
    case done
    /// Cancel.
    case cancel
    /// Take Theirs, beside Done while a conflict is shown.
    case takeTheirs
  }

  /// Which button it is.
  public var kind: Kind
  /// Whether it may be tapped.
  public var isEnabled: Bool
  /// What a tap sends to the navigator.
  public var event: ScreenEvent

  /// The left and right buttons of `screen`, as its navigation bar type says: Edit shows Done
  /// while the screen is editing, and Done is disabled while the draft is not valid.
  public static func items(for screen: ScreenSnapshot) -> (left: [BarItem], right: [BarItem]) {
    var left: [BarItem] = []
    var right: [BarItem] = []
    for button in screen.barButtons {
      let item: BarItem
      switch button.role {
      case .add: item = BarItem(kind: .add, isEnabled: !screen.isBusy, event: .add(section: nil))
      case .edit:
        item =
          screen.isEditing
          ? BarItem(kind: .endEditing, isEnabled: true, event: .setEditing(false))
          : BarItem(kind: .edit, isEnabled: true, event: .setEditing(true))
      case .done: item = BarItem(kind: .done, isEnabled: screen.isDoneEnabled, event: .done)
      case .cancel: item = BarItem(kind: .cancel, isEnabled: !screen.isBusy, event: .cancel)
      case .takeTheirs:
        item = BarItem(kind: .takeTheirs, isEnabled: !screen.isBusy, event: .takeTheirs)
      }
      switch button.side {
      case .left: left.append(item)
      case .right: right.append(item)
      }
    }
    return (left, right)
  }
}
