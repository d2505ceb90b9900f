import Foundation

/// Mirror of UIKit's `UIWindow`.
@MainActor
open class UIWindow: UIView {
  open var rootViewController: UIViewController?
  public private(set) var isKeyWindow = false
  public private(set) weak var windowScene: UIWindowScene?

  public init(windowScene: UIWindowScene) {
    self.windowScene = windowScene
    super.init(frame: .zero)
  }

  open func makeKeyAndVisible() {
    isKeyWindow = true
    _ = rootViewController?.view
  }
}
