import Foundation

/// Mirror of UIKit's `UISplitViewController`: a list column beside a detail column.
@MainActor
open class UISplitViewController: UIViewController {
  /// Mirror of `UISplitViewController.Style`.
  public enum Style: Int, Sendable {
    case unspecified, doubleColumn, tripleColumn
  }

  /// Mirror of `UISplitViewController.Column`.
  public enum Column: Int, Sendable {
    case primary, supplementary, secondary, compact
  }

  /// Mirror of `UISplitViewController.DisplayMode`.
  public enum DisplayMode: Int, Sendable {
    case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary
  }

  public let style: Style
  open var preferredDisplayMode = DisplayMode.automatic
  private var columns: [Column: UIViewController] = [:]
  /// The column last shown (mirror only).
  public private(set) var shownColumn: Column?

  public required init?(coder: NSCoder) { return nil }

  public init(style: Style) {
    self.style = style
    super.init()
  }

  open func setViewController(_ vc: UIViewController?, for column: Column) {
    columns[column]?.removeFromParent()
    columns[column] = vc
    if let vc {
      addChild(vc)
      _ = vc.view
    }
  }

  open func viewController(for column: Column) -> UIViewController? { columns[column] }

  open func show(_ column: Column) { shownColumn = column }
}
