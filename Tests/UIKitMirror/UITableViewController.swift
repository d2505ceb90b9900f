import Foundation

/// Mirror of UIKit's `UITableViewController`: a controller whose view is a table.
@MainActor
open class UITableViewController: UIViewController {
  open var tableView: UITableView!
  open var refreshControl: UIRefreshControl? {
    get { tableView.refreshControl }
    set { tableView.refreshControl = newValue }
  }

  public required init?(coder: NSCoder) { return nil }

  public init(style: UITableView.Style) {
    super.init()
    tableView = UITableView(frame: .zero, style: style)
  }

  open override func loadView() { view = tableView }

  open override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    tableView.setEditing(editing, animated: animated)
  }
}
