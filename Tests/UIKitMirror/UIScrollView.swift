import Foundation

/// Mirror of UIKit's `UIScrollView`, with its refresh control.
@MainActor
open class UIScrollView: UIView {
  open var refreshControl: UIRefreshControl?
  open var keyboardDismissMode = KeyboardDismissMode.none

  /// How the keyboard leaves as the view scrolls.
  public enum KeyboardDismissMode: Int, Sendable {
    case none, onDrag, interactive
  }
}
