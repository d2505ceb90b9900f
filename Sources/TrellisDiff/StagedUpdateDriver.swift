/// What a table host shows, kept in step with staged changesets the way UITableView needs it:
/// the data swapped stage by stage inside each batch update, a full reload when the changeset
/// asks for one, and a rebase after an edit the host made on its own.
///
/// A host's data source answers from ``shown``. The host hands every changeset to
/// ``apply(_:reloadData:performBatchUpdates:)`` with two closures: one that reloads the table,
/// and one that runs one batch update and, inside it, calls the `commit` it is given, which
/// swaps ``shown`` to the stage's data at the moment UIKit expects the data source to change:
///
/// ```swift
/// driver.apply(changeset, reloadData: { tableView.reloadData() }) { stage, _, commit in
///   tableView.performBatchUpdates({
///     commit()
///     tableView.deleteRows(at: stage.itemDeletes.map { IndexPath($0) }, with: .automatic)
///     …
///   })
/// }
/// ```
///
/// When a person drags a row, UITableView moves the cell itself and only then tells the data
/// source. ``hostMovedItem(from:to:)`` records that move in ``shown``; the next changeset, which
/// the model computed from the order before the drag, is then rebased onto what the table shows
/// (``catchUp(to:reloadData:performBatchUpdates:)`` does the same when the model refused the
/// move and the row must go back).
public final class StagedUpdateDriver<Section: Diffable, Item: Diffable> {
  /// What the table shows: the data source's answers.
  public private(set) var shown: Snapshot<Section, Item>
  /// Whether the table shows an edit the model has not reported yet.
  public private(set) var isAhead = false
  /// The diff options of a rebase.
  public var options: DiffOptions

  /// Starts from what the table shows after its first `reloadData()`.
  public init(showing snapshot: Snapshot<Section, Item>, options: DiffOptions = DiffOptions()) {
    shown = snapshot
    self.options = options
  }

  /// The number of sections shown.
  public var numberOfSections: Int { shown.sections.count }

  /// The number of items shown in `section`; 0 for a section that is not there.
  public func numberOfItems(inSection section: Int) -> Int {
    shown.sections.indices.contains(section) ? shown.sections[section].items.count : 0
  }

  /// The section shown at `index`, or `nil` when there is none.
  public func section(at index: Int) -> Section? {
    shown.sections.indices.contains(index) ? shown.sections[index].model : nil
  }

  /// The item shown at `path`, or `nil` when there is none.
  public func item(at path: ItemPath) -> Item? { shown[safe: path] }

  /// Applies `changeset` to the table.
  ///
  /// - Parameters:
  ///   - changeset: The model's changeset, computed from what the model last delivered; it
  ///     is rebased onto ``shown`` when the table is ahead (see ``isAhead``).
  ///   - reloadData: Reloads the whole table from ``shown`` (already the changeset's target).
  ///   - performBatchUpdates: Runs one batch update for a stage (with its index); inside the
  ///     update it calls `commit`, which swaps ``shown`` to the stage's data (UIKit asks the
  ///     data source for the new counts when the update block ends). A host that does not
  ///     call it gets the swap after the closure returns.
  /// - Throws: Whatever a closure throws; the stages after the failing one are not applied.
  public func apply(
    _ changeset: StagedChangeset<Section, Item>,
    reloadData: () throws -> Void,
    performBatchUpdates: (
      Changeset<Section, Item>, Int, _ commit: @escaping () -> Void
    ) throws -> Void
  ) rethrows {
    let plan =
      isAhead
      ? StagedChangeset.reconciling(from: shown, to: changeset.target, options: options)
      : changeset
    isAhead = false
    if plan.fullReload != nil {
      shown = plan.target
      try reloadData()
      return
    }
    for (index, stage) in plan.stages.enumerated() {
      try performBatchUpdates(stage, index) { [self] in shown = stage.data }
      shown = stage.data
    }
  }

  /// Records a move the table already shows: a person dragged the row at `source` (in the
  /// order before the drag) to `destination` (where it ends), as UITableView reports them.
  ///
  /// - Throws: ``StageStepError`` when either path is outside the table; nothing changes.
  public func hostMovedItem(from source: ItemPath, to destination: ItemPath)
    throws(StageStepError)
  {
    let step = StageStep.deleteItem(source)
    guard let item = shown[safe: source] else { throw StageStepError(step: step, side: .shown) }
    var moved = shown
    moved.sections[source.section].items.remove(at: source.item)
    guard moved.sections.indices.contains(destination.section),
      (0...moved.sections[destination.section].items.count).contains(destination.item)
    else { throw StageStepError(step: .insertItem(destination), side: .shown) }
    moved.sections[destination.section].items.insert(item, at: destination.item)
    shown = moved
    isAhead = true
  }

  /// Brings the table to `snapshot` from whatever it shows, with the fewest batch updates:
  /// after the model refused an edit the table already shows, say.
  public func catchUp(
    to snapshot: Snapshot<Section, Item>,
    reloadData: () throws -> Void,
    performBatchUpdates: (
      Changeset<Section, Item>, Int, _ commit: @escaping () -> Void
    ) throws -> Void
  ) rethrows {
    isAhead = true
    try apply(
      StagedChangeset(stages: [], target: snapshot), reloadData: reloadData,
      performBatchUpdates: performBatchUpdates)
  }
}
