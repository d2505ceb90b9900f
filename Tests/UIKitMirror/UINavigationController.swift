import Foundation

/// Mirror of UIKit's `UINavigationControllerDelegate`.
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

/// Mirror of UIKit's `UINavigationController`: a stack of controllers, Back on top of each.
@MainActor
open class UINavigationController: UIViewController {
  public private(set) var viewControllers: [UIViewController] = []
  public let navigationBar = UINavigationBar(frame: .zero)
  open weak var delegate: (any UINavigationControllerDelegate)?

  public required init?(coder: NSCoder) { return nil }

  public init(rootViewController: UIViewController) {
    super.init()
    setViewControllers([rootViewController], animated: false)
  }

  open var topViewController: UIViewController? { viewControllers.last }

  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    for controller in self.viewControllers
    where !viewControllers.contains(where: { $0 === controller }) {
      controller.removeFromParent()
    }
    for controller in viewControllers { addChild(controller) }
    self.viewControllers = viewControllers
    if let top = viewControllers.last { show(top, animated: animated) }
  }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    addChild(viewController)
    viewControllers.append(viewController)
    show(viewController, animated: animated)
  }

  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1, let popped = viewControllers.popLast() else { return nil }
    popped.removeFromParent()
    if let top = viewControllers.last { show(top, animated: animated) }
    return popped
  }

  private func show(_ controller: UIViewController, animated: Bool) {
    _ = controller.view
    controller.viewWillAppear(animated)
    controller.viewDidAppear(animated)
    delegate?.navigationController(self, didShow: controller, animated: animated)
  }

  /// What Back does (mirror only): pops the top controller, as a person tapping Back would.
  public func tapBack() { popViewController(animated: true) }
}
