import Trellis
import TrellisDiff

/// A host without a screen: a ``HeadlessTableView`` that shows a ``TableModel`` and applies
/// every changeset the model delivers, checking UITableView's contract and, after each update,
/// that the table equals a fresh render of the model.
///
/// ```swift
/// let host = HeadlessHost(model: model)
/// game.dealCard()
/// model.processChanges()
/// try host.check()
/// ```
public final class HeadlessHost {
  /// The model shown.
  public let model: TableModel
  /// The table, as a UITableView would hold it.
  public private(set) var table: HeadlessTableView<SectionSnapshot, RowSnapshot>
  /// Every changeset applied, in order.
  public private(set) var changesets: [TableChangeset] = []
  /// Every violation found, in order. Empty while the host and the model agree.
  public private(set) var violations: [ContractViolation] = []
  private var observation: TableObservation?

  /// Shows `model` and starts applying its changesets.
  public init(model: TableModel) {
    self.model = model
    // A host brings the model up to date before it first draws it, as after every event.
    model.processChanges()
    table = HeadlessTableView(showing: model.snapshot)
    observation = model.observe { [weak self] changeset in self?.apply(changeset) }
  }

  private func apply(_ changeset: TableChangeset) {
    changesets.append(changeset)
    do {
      try table.apply(changeset)
      try table.verifyShows(model.freshSnapshot(), stage: changeset.stages.count)
    } catch {
      violations.append(error)
    }
  }

  /// Processes the model's pending changes, then throws the first violation, if any.
  public func check() throws(ContractViolation) {
    model.processChanges()
    if let first = violations.first { throw first }
  }

  /// The rows' texts, section by section: a compact view for assertions.
  public var texts: [[String]] {
    table.visible.map { $0.items.map { $0.text ?? "" } }
  }

  /// The rows shown in section `section`.
  public func rows(inSection section: Int) -> [RowSnapshot] {
    table.visible.indices.contains(section) ? table.visible[section].items : []
  }

  /// Totals of every changeset applied since the host was created.
  public var totals: ChangeTotals {
    var totals = ChangeTotals()
    for changeset in changesets {
      let t = changeset.totals
      totals.sectionDeletes += t.sectionDeletes
      totals.sectionInserts += t.sectionInserts
      totals.sectionReloads += t.sectionReloads
      totals.sectionMoves += t.sectionMoves
      totals.itemDeletes += t.itemDeletes
      totals.itemInserts += t.itemInserts
      totals.itemReloads += t.itemReloads
      totals.itemMoves += t.itemMoves
    }
    return totals
  }
}
