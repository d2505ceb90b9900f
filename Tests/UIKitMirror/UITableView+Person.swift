import Foundation
import TrellisTesting

/// What a person does to a table, the way UIKit reports it to the data source and delegate
/// (mirror only: tests drive the adapter through these).
extension UITableView {
  /// Taps the row at `indexPath`: selected when the delegate lets it highlight.
  public func tapRow(at indexPath: IndexPath) {
    guard let delegate else { return }
    if isEditing && !allowsSelectionDuringEditing { return }
    guard delegate.tableView(self, shouldHighlightRowAt: indexPath) else { return }
    delegate.tableView(self, didSelectRowAt: indexPath)
  }

  /// Taps the accessory button of the row at `indexPath`.
  public func tapAccessoryButton(at indexPath: IndexPath) {
    delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
  }

  /// Swipes the row at `indexPath` left: the actions it reveals.
  public func swipeActions(at indexPath: IndexPath) -> [UIContextualAction] {
    if let configuration = delegate?.tableView(
      self, trailingSwipeActionsConfigurationForRowAt: indexPath)
    {
      return configuration.actions
    }
    // For no configuration UIKit offers its own Delete on a row whose editing style is delete.
    guard editingStyle(at: indexPath) == .delete else { return [] }
    return [
      UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
        guard let self else { return completion(false) }
        self.dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
        completion(true)
      }
    ]
  }

  /// Taps the swiped action titled `title` of the row at `indexPath`; whether it said it
  /// completed.
  @discardableResult
  public func tapSwipeAction(_ title: String, at indexPath: IndexPath) -> Bool? {
    guard let action = swipeActions(at: indexPath).first(where: { $0.title == title }) else {
      return nil
    }
    var completed: Bool?
    action.handler(action, self) { completed = $0 }
    return completed
  }

  /// The editing control edit mode shows for the row at `indexPath`.
  public func editingStyle(at indexPath: IndexPath) -> UITableViewCell.EditingStyle {
    guard dataSource?.tableView(self, canEditRowAt: indexPath) ?? false else { return .none }
    return delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
  }

  /// Taps the editing control (delete or insert) of the row at `indexPath` in edit mode.
  public func tapEditingControl(at indexPath: IndexPath) {
    let style = editingStyle(at: indexPath)
    guard style != .none else { return }
    dataSource?.tableView(self, commit: style, forRowAt: indexPath)
  }

  /// Drags the row at `source` by its reorder control to `proposed`, as UIKit does: the
  /// delegate may retarget it, the table moves the row itself, then tells the data source.
  /// Returns where the row landed, or `nil` when the row cannot move.
  @discardableResult
  public func dragRow(from source: IndexPath, to proposed: IndexPath) -> IndexPath? {
    guard isEditing, let dataSource,
      dataSource.tableView(self, canMoveRowAt: source)
    else { return nil }
    let target =
      delegate?.tableView(
        self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed)
      ?? proposed
    dataSource.tableView(self, moveRowAt: source, to: target)
    applyHostMove(from: source, to: target)
    return target
  }

  /// The section the section index's title at `index` scrolls to.
  public func sectionForIndexTitle(at index: Int) -> Int? {
    guard let dataSource, let titles = dataSource.sectionIndexTitles(for: self),
      titles.indices.contains(index)
    else { return nil }
    return dataSource.tableView(self, sectionForSectionIndexTitle: titles[index], at: index)
  }

  /// Shows the row at `indexPath` as it scrolls into view.
  public func display(at indexPath: IndexPath) {
    guard let cell = cellForRow(at: indexPath) else { return }
    delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
  }

  /// Every row's height as the delegate answers it.
  public func height(at indexPath: IndexPath) -> CGFloat {
    delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
  }
}
