#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  // The table view's delegate: taps, swipes, editing controls, heights and keyboard focus, each
  // decided by ``RowGesture`` and ``CellContent``.
  extension TableViewAdapter {
    public func tableView(
      _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
    ) -> UITableViewCell.EditingStyle {
      switch driver.item(at: ItemPath(indexPath))?.editingStyle ?? Trellis.EditingStyle.none {
      case .none: .none
      case .delete: .delete
      case .insert: .insert
      }
    }

    public func tableView(
      _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      // An empty configuration, not nil: for nil UIKit shows its own Delete, which would
      // offer a delete the row does not allow.
      guard let row = driver.item(at: ItemPath(indexPath)) else {
        return UISwipeActionsConfiguration(actions: [])
      }
      let actions = RowGesture.swipeActions(row).map { swipe in
        UIContextualAction(style: swipe.isDestructive ? .destructive : .normal, title: swipe.title)
        { [weak self] _, _, completion in
          guard let self else { return completion(false) }
          let before = self.screen.model.snapshot
          self.send(swipe.event)
          completion(self.screen.model.snapshot != before)
        }
      }
      return UISwipeActionsConfiguration(actions: actions)
    }

    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath)
      -> Bool
    {
      guard let row = driver.item(at: ItemPath(indexPath)) else { return false }
      return RowGesture.tap(row) != .none
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      // By identity, read from the table shown: the row tapped, wherever the model has it.
      guard let row = driver.item(at: ItemPath(indexPath)) else { return }
      switch RowGesture.tap(row) {
      case .none: break
      case .focus: (tableView.cellForRow(at: indexPath) as? RowCell)?.focus()
      case .pickImage:
        enterTyping()
        onPickImage?(row)
      case .send(let event):
        // A tap does not take the keyboard away: what is typed is entered on this screen
        // before the tap opens another.
        enterTyping()
        send(event)
      }
    }

    public func tableView(
      _ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath
    ) {
      guard let id = driver.item(at: ItemPath(indexPath))?.id else { return }
      enterTyping()
      send(.accessoryTap(id))
    }

    /// Ends the typing in the table's field, which enters it (a field enters what was typed
    /// when it ends editing).
    func enterTyping() {
      tableView?.endEditing(true)
    }

    /// A "Load more" row that loads by itself (an async store's) asks for the next page as it
    /// scrolls into view.
    public func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      guard let row = driver.item(at: ItemPath(indexPath)), row.kind == .loadMore,
        row.attributes.loadsWhenShown, !isLoadingMore
      else { return }
      // UIKit displays cells while it lays out the table, when it takes no batch update: the
      // page is asked for once it has finished, by the row's identity, wherever it is then.
      isLoadingMore = true
      let id = row.id
      schedule { [weak self] in
        guard let self else { return }
        self.isLoadingMore = false
        // The row is the last of its section.
        guard
          let section = self.driver.shown.sections.firstIndex(where: { $0.items.last?.id == id })
        else { return }
        self.send(.loadMore(section: section))
      }
    }

    // MARK: Headers and footers

    /// A section's header view: its image, named for accessibility by the header title.
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int)
      -> UIView?
    {
      guard let shown = driver.section(at: section), let view = shown.style?.headerView else {
        return nil
      }
      return Self.imageView(view, label: shown.header)
    }

    /// A section's header height, when its theme or the section sets one.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int)
      -> CGFloat
    {
      Self.height(driver.section(at: section)?.style?.headerHeight)
    }

    /// A section's footer view: its image, named for accessibility by the footer title.
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int)
      -> UIView?
    {
      guard let shown = driver.section(at: section), let view = shown.style?.footerView else {
        return nil
      }
      return Self.imageView(view, label: shown.footer)
    }

    /// A section's footer height, when its theme or the section sets one.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int)
      -> CGFloat
    {
      Self.height(driver.section(at: section)?.style?.footerHeight)
    }

    /// A header's or footer's height in points; UIKit's own for none, or for one no table
    /// could show (a section may set any number).
    static func height(_ points: Double?) -> CGFloat {
      guard let points, points >= 0, points < 10_000 else { return UITableView.automaticDimension }
      return CGFloat(points)
    }

    /// An image view showing `image`, with `label` as what VoiceOver reads.
    static func imageView(_ image: ThemeImage, label: String?) -> UIImageView {
      let view = UIImageView(image: UIImage(named: image.name))
      view.accessibilityLabel = label
      return view
    }

    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath)
      -> CGFloat
    {
      // The table's own height (a theme's, or self-sizing) for a row that sets none.
      guard let row = driver.item(at: ItemPath(indexPath)) else { return tableView.rowHeight }
      let content = CellContent(row)
      if let height = content.height { return CGFloat(height) }
      return RowCell.textViewRowHeight(content) ?? tableView.rowHeight
    }

    // MARK: Keyboard

    /// Gives the keyboard to the field of the row after `id`, or takes it away after the last.
    func focusField(after id: RowID) {
      guard let tableView else { return }
      guard let next = RowGesture.nextField(after: id, in: driver.shown) else {
        tableView.endEditing(true)
        return
      }
      // Scrolled at once and laid out, so that the row below the screen has its cell now.
      tableView.scrollToRow(at: IndexPath(next), at: .middle, animated: false)
      tableView.layoutIfNeeded()
      (tableView.cellForRow(at: IndexPath(next)) as? RowCell)?.focus()
    }

    /// Gives the keyboard to the row that asks for it when the screen appears; whether one
    /// did.
    @discardableResult
    public func focusFirstResponder() -> Bool {
      guard let tableView, let path = RowGesture.firstResponder(in: driver.shown) else {
        return false
      }
      tableView.scrollToRow(at: IndexPath(path), at: .middle, animated: false)
      tableView.layoutIfNeeded()
      return (tableView.cellForRow(at: IndexPath(path)) as? RowCell)?.focus() ?? false
    }
  }
#endif
