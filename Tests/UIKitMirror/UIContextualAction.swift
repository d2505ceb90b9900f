import Foundation

/// Mirror of UIKit's `UIContextualAction`: one button a swipe reveals.
@MainActor
open class UIContextualAction: NSObject {
  /// Mirror of `UIContextualAction.Handler`.
  public typealias Handler =
    @MainActor (UIContextualAction, UIView, @escaping (Bool) -> Void) ->
    Void

  public let style: Style
  open var title: String?
  open var backgroundColor: UIColor!
  public let handler: Handler

  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
    super.init()
  }

  /// Mirror of `UIContextualAction.Style`.
  public enum Style: Int, Sendable {
    case normal, destructive
  }
}

/// Mirror of UIKit's `UISwipeActionsConfiguration`.
@MainActor
open class UISwipeActionsConfiguration: NSObject {
  public let actions: [UIContextualAction]
  open var performsFirstActionWithFullSwipe = true

  public init(actions: [UIContextualAction]) {
    self.actions = actions
    super.init()
  }
}
