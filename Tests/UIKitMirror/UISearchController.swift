import Foundation

/// Mirror of UIKit's `UISearchResultsUpdating`.
@MainActor
public protocol UISearchResultsUpdating: NSObjectProtocol {
  func updateSearchResults(for searchController: UISearchController)
}

/// Mirror of UIKit's `UISearchController`: a search field in the navigation bar.
@MainActor
open class UISearchController: UIViewController {
  public let searchBar = UISearchBar(frame: .zero)
  open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
  open var obscuresBackgroundDuringPresentation = true
  open var isActive = false

  public required init?(coder: NSCoder) { return nil }

  public init(searchResultsController: UIViewController?) { super.init() }

  /// Types `text` into the search field (mirror only).
  public func type(_ text: String) {
    isActive = true
    searchBar.text = text
    searchResultsUpdater?.updateSearchResults(for: self)
  }
}

/// Mirror of UIKit's `UISearchBar`.
@MainActor
open class UISearchBar: UIView {
  open var text: String?
  open var placeholder: String?
}
