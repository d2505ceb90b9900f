import Foundation
import TrellisDiff
import TrellisTesting

/// Mirror of UIKit's `UITableView`.
///
/// It keeps the rows it shows the way UIKit keeps its cells, in a ``HeadlessTableView``: every
/// `performBatchUpdates(_:completion:)` is checked against UIKit's rules and applied with its
/// semantics, and a rule broken is recorded in ``violations`` (where UIKit would raise). After
/// each update, every row and header is compared with what the data source answers now, so a
/// cell that should have been reloaded is caught too.
@MainActor
open class UITableView: UIScrollView {
  /// Mirror of `UITableView.Style`.
  public enum Style: Int, Sendable {
    case plain, grouped, insetGrouped
  }

  /// Mirror of `UITableView.RowAnimation`.
  public enum RowAnimation: Int, Sendable {
    case fade, right, left, top, bottom, none, middle
    case automatic = 100
  }

  /// Mirror of `UITableView.ScrollPosition`.
  public enum ScrollPosition: Int, Sendable {
    case none, top, middle, bottom
  }

  /// Mirror of `UITableView.automaticDimension`.
  public static let automaticDimension: CGFloat = -1

  public let style: Style
  open weak var dataSource: (any UITableViewDataSource)?
  open weak var delegate: (any UITableViewDelegate)?
  open var rowHeight: CGFloat = UITableView.automaticDimension
  open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
  open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine
  open var separatorColor: UIColor?
  open var backgroundView: UIView?
  open var sectionIndexColor: UIColor?
  open var allowsSelectionDuringEditing = false
  public private(set) var isEditing = false

  /// What the table shows: each section's titles and each row's cell, as configured.
  public private(set) var shown: HeadlessTableView<MirrorSection, MirrorRow>
  /// Every broken rule, in order: an update UIKit would refuse, or a row shown stale.
  public private(set) var violations: [ContractViolation] = []
  /// The updates of the batch being recorded.
  private var pending: Changeset<MirrorSection, MirrorRow>?
  /// Cells no row shows, by reuse identifier.
  private var reusable: [String: [UITableViewCell]] = [:]
  /// The rows deselected, in order (mirror only).
  public private(set) var deselected: [IndexPath] = []
  /// The last `scrollToRow(at:at:animated:)` (mirror only).
  public private(set) var scrolledTo: IndexPath?

  public init(frame: CGRect, style: Style) {
    self.style = style
    shown = HeadlessTableView(showing: Snapshot())
    super.init(frame: frame)
  }

  // MARK: Data

  open func reloadData() {
    for section in shown.visible {
      for row in section.items {
        guard let identifier = row.cell.reuseIdentifier else { continue }
        reusable[identifier, default: []].append(row.cell)
      }
    }
    shown.reloadData(currentData())
    showCells()
  }

  /// Makes the cells shown the table's subviews, as UIKit does, so that a field in one is
  /// inside the table (`endEditing(_:)` reaches it).
  func showCells() {
    for view in subviews where view is UITableViewCell { view.removeFromSuperview() }
    for cell in visibleCells { addSubview(cell) }
  }

  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    guard let cell = reusable[identifier]?.popLast() else { return nil }
    cell.prepareForReuse()
    return cell
  }

  open var numberOfSections: Int { shown.numberOfSections }

  open func numberOfRows(inSection section: Int) -> Int { shown.numberOfRows(inSection: section) }

  /// The cell shown at `indexPath`, `nil` when no row is there.
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    guard shown.visible.indices.contains(indexPath.section) else { return nil }
    let rows = shown.visible[indexPath.section].items
    return rows.indices.contains(indexPath.row) ? rows[indexPath.row].cell : nil
  }

  open func indexPath(for cell: UITableViewCell) -> IndexPath? {
    for (s, section) in shown.visible.enumerated() {
      if let r = section.items.firstIndex(where: { $0.cell === cell }) {
        return IndexPath(row: r, section: s)
      }
    }
    return nil
  }

  open var visibleCells: [UITableViewCell] { shown.visible.flatMap { $0.items.map(\.cell) } }

  open func deselectRow(at indexPath: IndexPath, animated: Bool) { deselected.append(indexPath) }

  open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool)
  { scrolledTo = indexPath }

  open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

  // MARK: Batch updates

  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    pending = Changeset(data: Snapshot())
    updates?()
    guard var stage = pending else { return }
    pending = nil
    stage.data = currentData()
    do {
      try shown.performBatchUpdates(stage, stage: shown.batchCount)
    } catch {
      violations.append(error)
      shown.reloadData(stage.data)
    }
    showCells()
    completion?(true)
  }

  open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    record { $0.sectionInserts += sections }
  }

  open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    record { $0.sectionDeletes += sections }
  }

  open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    record { $0.sectionReloads += sections }
  }

  open func moveSection(_ section: Int, toSection newSection: Int) {
    record { $0.sectionMoves.append(Move(source: section, target: newSection)) }
  }

  open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    record { $0.itemInserts += indexPaths.map(Self.itemPath) }
  }

  open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    record { $0.itemDeletes += indexPaths.map(Self.itemPath) }
  }

  open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    record { $0.itemReloads += indexPaths.map(Self.itemPath) }
  }

  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record {
      $0.itemMoves.append(
        Move(source: Self.itemPath(indexPath), target: Self.itemPath(newIndexPath)))
    }
  }

  /// Adds an update to the batch; outside a batch, UIKit applies it as a batch of one.
  private func record(_ change: (inout Changeset<MirrorSection, MirrorRow>) -> Void) {
    if pending != nil {
      change(&pending!)
    } else {
      pending = Changeset(data: Snapshot())
      change(&pending!)
      let recorded = pending!
      pending = nil
      performBatchUpdates { self.pending = recorded }
    }
  }

  static func itemPath(_ indexPath: IndexPath) -> ItemPath {
    ItemPath(item: indexPath.row, section: indexPath.section)
  }

  /// Records `violation` (the person-driven updates in `UITableView+Person.swift`).
  func recordViolation(_ violation: ContractViolation) { violations.append(violation) }

  /// Replaces what the table shows after a move the table made itself.
  func applyHostMove(from source: IndexPath, to destination: IndexPath) {
    var stage = Changeset<MirrorSection, MirrorRow>(data: currentData())
    stage.itemMoves = [Move(source: Self.itemPath(source), target: Self.itemPath(destination))]
    do {
      try shown.performBatchUpdates(stage, stage: shown.batchCount)
    } catch {
      violations.append(error)
      shown.reloadData(stage.data)
    }
    showCells()
  }

  /// Everything the data source answers now: sections with their titles, every row's cell.
  func currentData() -> Snapshot<MirrorSection, MirrorRow> {
    guard let dataSource else { return Snapshot() }
    let count = dataSource.numberOfSections(in: self)
    return Snapshot(
      sections: (0..<count).map { s in
        let section = MirrorSection(
          header: dataSource.tableView(self, titleForHeaderInSection: s),
          footer: dataSource.tableView(self, titleForFooterInSection: s))
        let rows = (0..<dataSource.tableView(self, numberOfRowsInSection: s)).map { r in
          let path = IndexPath(row: r, section: s)
          return MirrorRow(cell: dataSource.tableView(self, cellForRowAt: path), at: path)
        }
        return SnapshotSection(section, items: rows)
      })
  }
}
