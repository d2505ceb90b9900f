import Foundation

/// Mirror of UIKit's `UINavigationItem`: what a controller puts in the navigation bar.
@MainActor
open class UINavigationItem: NSObject {
  open var title: String?
  open var prompt: String?
  open var leftBarButtonItems: [UIBarButtonItem]?
  open var rightBarButtonItems: [UIBarButtonItem]?
  open var searchController: UISearchController?
  open var hidesSearchBarWhenScrolling = true
  open var standardAppearance: UINavigationBarAppearance?
  open var scrollEdgeAppearance: UINavigationBarAppearance?

  public override init() { super.init() }
}
