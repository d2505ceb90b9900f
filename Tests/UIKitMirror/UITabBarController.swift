import Foundation

/// Mirror of UIKit's `UITabBarController`: one tab per controller.
@MainActor
open class UITabBarController: UIViewController {
  open var viewControllers: [UIViewController]? {
    didSet {
      for controller in oldValue ?? [] { controller.removeFromParent() }
      for controller in viewControllers ?? [] { addChild(controller) }
    }
  }
  open var selectedIndex = 0
}

/// Mirror of UIKit's `UITabBarItem`.
@MainActor
open class UITabBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var tag: Int

  public init(title: String?, image: UIImage?, tag: Int) {
    self.title = title
    self.image = image
    self.tag = tag
    super.init()
  }
}
