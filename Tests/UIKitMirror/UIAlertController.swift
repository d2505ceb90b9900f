import Foundation

/// Mirror of UIKit's `UIAlertController`.
@MainActor
open class UIAlertController: UIViewController {
  /// Mirror of `UIAlertController.Style`.
  public enum Style: Int, Sendable {
    case actionSheet, alert
  }

  open var message: String?
  public let preferredStyle: Style
  public private(set) var actions: [UIAlertAction] = []

  public required init?(coder: NSCoder) { return nil }

  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    super.init()
    self.title = title
    self.message = message
  }

  open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

/// Mirror of UIKit's `UIAlertAction`.
@MainActor
open class UIAlertAction: NSObject {
  /// Mirror of `UIAlertAction.Style`.
  public enum Style: Int, Sendable {
    case `default`, cancel, destructive
  }

  public let title: String?
  public let style: Style
  let handler: (@MainActor (UIAlertAction) -> Void)?

  public init(
    title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
    super.init()
  }
}

extension UIAlertController {
  /// A person taps the action titled `title`: its handler runs and the alert goes (mirror
  /// only); whether there was such an action.
  @discardableResult
  public func tapAction(_ title: String) -> Bool {
    guard let action = actions.first(where: { $0.title == title }) else { return false }
    presentingViewController?.dismiss(animated: true)
    action.handler?(action)
    return true
  }
}
