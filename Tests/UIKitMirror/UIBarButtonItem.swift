import Foundation

/// Mirror of UIKit's `UIBarButtonItem`.
@MainActor
open class UIBarButtonItem: NSObject {
  /// Mirror of `UIBarButtonItem.SystemItem`.
  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace
  }

  open var title: String?
  open var isEnabled = true
  open var primaryAction: UIAction?
  /// The system item it was made as, if any (mirror only).
  public let systemItem: SystemItem?

  public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    self.systemItem = systemItem
    self.primaryAction = primaryAction
    super.init()
  }

  public init(
    title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil,
    menu: UIMenu? = nil
  ) {
    self.title = title
    systemItem = nil
    self.primaryAction = primaryAction
    super.init()
  }

  /// Taps the button (mirror only).
  public func tap() {
    guard isEnabled, let primaryAction else { return }
    primaryAction.handler(primaryAction)
  }
}

/// Mirror of UIKit's `UIMenu`; nothing here shows one.
@MainActor
open class UIMenu: NSObject {}
