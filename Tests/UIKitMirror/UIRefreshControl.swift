import Foundation

/// Mirror of UIKit's `UIRefreshControl`: pull to refresh.
@MainActor
open class UIRefreshControl: UIControl {
  public private(set) var isRefreshing = false

  open func beginRefreshing() { isRefreshing = true }
  open func endRefreshing() { isRefreshing = false }

  /// What UIKit does when a person pulls the table down: refreshing, then `.valueChanged`.
  public func pull() {
    beginRefreshing()
    sendActions(for: .valueChanged)
  }
}
