import Foundation

/// Mirror of UIKit's `UITableViewDelegate`, with the defaults UIKit assumes for the optional
/// requirements.
@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
  func tableView(
    _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
  ) -> UITableViewCell.EditingStyle
  func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
  func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration?
  func tableView(
    _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath
  func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
  func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
  func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath)
    -> Bool
  { true }
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {}
  public func tableView(
    _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
  ) -> UITableViewCell.EditingStyle { .delete }
  public func tableView(
    _ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath
  ) {}
  public func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  public func tableView(
    _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { proposedDestinationIndexPath }
  public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
    nil
  }
  public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int)
    -> CGFloat
  { UITableView.automaticDimension }
  public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
    nil
  }
  public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int)
    -> CGFloat
  { UITableView.automaticDimension }
}
