import Foundation
import Trellis
import TrellisDiff

/// A host without a screen: a ``HeadlessTableView`` that shows a ``TableModel`` and applies
/// every changeset the model delivers, checking UITableView's contract and, after each update,
/// that the table equals a fresh render of the model.
///
/// It applies changesets through the same ``StagedUpdateDriver`` a UIKit host uses (the data
/// swapped stage by stage inside each batch update), and ``drag(from:to:handle:)`` plays a
/// person reordering a row the way UITableView does it.
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
  ///
  /// Reading it first settles stale content found after an update (see ``check()``), which
  /// may wait up to ``settleTimeout`` while the model catches up with another thread's change.
  public var violations: [ContractViolation] {
    settleStaleContent()
    return found
  }
  /// How long ``check()`` gives the model to reload a row whose value another thread changed
  /// after the model rendered it.
  public var settleTimeout: Duration = .seconds(2)
  private var found: [ContractViolation] = []
  /// Stale content found right after an update, not yet a violation: see ``check()``.
  private var unsettled: ContractViolation?
  /// What the table shows, kept in step stage by stage.
  public let driver: StagedUpdateDriver<SectionSnapshot, RowSnapshot>
  private var observation: ObservationToken?
  private var isDragging = false

  /// Shows `model` and starts applying its changesets.
  public init(model: TableModel) {
    self.model = model
    // A host brings the model up to date before it first draws it, as after every event.
    model.processChanges()
    let snapshot = model.snapshot
    table = HeadlessTableView(showing: snapshot)
    driver = StagedUpdateDriver(showing: snapshot)
    observation = model.observe { [weak self] changeset in self?.apply(changeset) }
  }

  private func apply(_ changeset: TableChangeset) {
    changesets.append(changeset)
    // Like UITableView during a drag, the table takes no update until the drag ends.
    guard !isDragging else { return }
    do {
      try show {
        try driver.apply(changeset, reloadData: reload, performBatchUpdates: performBatchUpdates)
      }
    } catch {
      return record(error)
    }
    do { try table.verifyShows(model.freshSnapshot(), stage: changeset.stages.count) } catch {
      // A fresh render reads the store now: rows another process added, moved or removed
      // since the model rendered, which the store tells the model a moment later, differ
      // from the table as a value another thread changed does.
      if unsettled == nil { unsettled = error }
    }
  }

  /// Keeps `violation`, except stale content, which waits for ``settleStaleContent()``.
  private func record(_ violation: ContractViolation) {
    if violation.rule == .staleContent {
      if unsettled == nil { unsettled = violation }
    } else {
      found.append(violation)
    }
  }

  /// Turns a difference from a fresh render found after an update (stale content, rows another
  /// process changed) into a violation unless the model catches up.
  ///
  /// A store may change a value on its own thread, as a synced store does when another
  /// device writes, and then tell the model. A row the model rendered just before the change
  /// is stale until the model hears of it and processes it, which the next event does. The
  /// model fails only if the table still differs from a fresh render once it has had
  /// ``settleTimeout`` to catch up; a row that is never reloaded stays stale and fails.
  private func settleStaleContent() {
    guard unsettled != nil else { return }
    unsettled = nil
    model.processChanges()
    do { try verifyFresh() } catch { found.append(error) }
    // What processing found meanwhile was settled with the rest.
    unsettled = nil
  }

  /// Runs `body`, which drives the table through the driver; only the table throws.
  private func show(_ body: () throws -> Void) throws(ContractViolation) {
    do { try body() } catch let violation as ContractViolation { throw violation } catch {
      throw ContractViolation(stage: 0, rule: .wrongItem, location: "", message: "\(error)")
    }
  }

  private func reload() {
    table.reloadData(driver.shown)
  }

  private func performBatchUpdates(
    _ stage: Changeset<SectionSnapshot, RowSnapshot>, index: Int, commit: @escaping () -> Void
  ) throws(ContractViolation) {
    commit()
    try table.performBatchUpdates(stage, stage: index)
  }

  /// Drags the row at `source` to `destination` the way a person does in UITableView: the
  /// table moves the row at once, then `handle` gets ``ScreenEvent/move(_:to:)`` (pass the
  /// navigator's or screen's event handling). Whatever the model then reports is rebased onto
  /// what the table shows, so a refused move puts the row back.
  ///
  /// - Throws: A ``ContractViolation`` when the drag does not fit the table, or what `handle`
  ///   throws (after the table has caught up with the model).
  public func drag(
    from source: ItemPath, to destination: ItemPath, handle: (ScreenEvent) throws -> Void
  ) throws {
    // The row's identity, read where the table shows it, as UIKit's data source would.
    let id = driver.item(at: source)?.id ?? .notShown(at: source)
    do {
      try driver.hostMovedItem(from: source, to: destination)
    } catch {
      throw ContractViolation(
        stage: 0, rule: .outOfRange, location: "\(source) -> \(destination)",
        message: error.description)
    }
    var moved = Changeset(data: driver.shown)
    moved.itemMoves = [Move(source: source, target: destination)]
    try table.performBatchUpdates(moved)
    isDragging = true
    var failure: (any Error)?
    do { try handle(.move(id, to: destination)) } catch { failure = error }
    isDragging = false
    do {
      try show {
        try driver.catchUp(
          to: model.snapshot, reloadData: reload, performBatchUpdates: performBatchUpdates)
      }
      try table.verifyShows(model.freshSnapshot())
    } catch {
      record(error)
    }
    if let failure { throw failure }
  }

  /// Processes the model's pending changes, then throws the first violation, if any.
  ///
  /// Stale content found after an update counts only if the model has not reloaded it within
  /// ``settleTimeout``: see ``violations``.
  public func check() throws(ContractViolation) {
    model.processChanges()
    if let first = violations.first { throw first }
  }

  /// Checks that the table shows a fresh render of the model. A difference counts only if the
  /// model has not caught up within ``settleTimeout``: a store that writes an object on its
  /// own thread, or whose file another process writes, reports the change a moment later.
  public func verifyFresh() throws(ContractViolation) {
    let deadline = ContinuousClock.now + settleTimeout
    while true {
      do { return try table.verifyShows(model.freshSnapshot()) } catch {
        guard ContinuousClock.now < deadline else { throw error }
      }
      Thread.sleep(forTimeInterval: 0.005)
      model.processChanges()
    }
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
