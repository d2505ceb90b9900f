import Foundation

/// Mirror of UIKit's `UINavigationBar`.
@MainActor
open class UINavigationBar: UIView {
  open var standardAppearance = UINavigationBarAppearance()
  open var scrollEdgeAppearance: UINavigationBarAppearance?
  open var prefersLargeTitles = false
}

/// Mirror of UIKit's `UINavigationBarAppearance`.
@MainActor
open class UINavigationBarAppearance: NSObject {
  open var backgroundColor: UIColor?
  open var backgroundImage: UIImage?

  public override init() { super.init() }

  open func configureWithOpaqueBackground() {}
  open func configureWithDefaultBackground() {}
}
