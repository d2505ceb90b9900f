import TrellisDiff

/// A table view without a screen that enforces UITableView's batch-update contract.
///
/// It keeps the rows it shows, the way a UITableView keeps its cells: a row is configured when
/// it is inserted or reloaded and otherwise keeps its content, even through moves. Each batch
/// update is checked against every rule UIKit checks (``ContractViolation/Rule``), applied with
/// UIKit's semantics, and then compared with the data source, so a changeset that would crash
/// UIKit, or leave a stale or misplaced row, fails with the stage, location and rule.
public struct HeadlessTableView<Section: Diffable, Item: Diffable> {
  /// What the table shows: each section's header value and its rows.
  public private(set) var visible: [SnapshotSection<Section, Item>]
  /// How many batch updates have been applied since the last full reload.
  public private(set) var batchCount = 0
  /// How many full reloads have been applied, the first display included.
  public private(set) var reloadCount = 1

  /// Creates a table that shows `snapshot`, as after `reloadData()`.
  public init(showing snapshot: Snapshot<Section, Item>) {
    visible = snapshot.sections
  }

  /// The number of sections shown.
  public var numberOfSections: Int { visible.count }

  /// The number of rows shown in `section`.
  public func numberOfRows(inSection section: Int) -> Int { visible[section].items.count }

  /// Reloads everything from `snapshot`, like `reloadData()`.
  public mutating func reloadData(_ snapshot: Snapshot<Section, Item>) {
    visible = snapshot.sections
    batchCount = 0
    reloadCount += 1
  }

  /// Applies every stage of `changeset` in order, or reloads when it asks for a full reload,
  /// then checks that the table shows the changeset's target.
  public mutating func apply(_ changeset: StagedChangeset<Section, Item>) throws(ContractViolation)
  {
    if changeset.fullReload != nil {
      reloadData(changeset.target)
      return
    }
    for (index, stage) in changeset.stages.enumerated() {
      try performBatchUpdates(stage, stage: index)
    }
    try verifyShows(changeset.target, stage: max(changeset.stages.count - 1, 0))
  }

  /// Applies one batch update whose data source, after the update, is `stage.data`.
  public mutating func performBatchUpdates(_ stage: Changeset<Section, Item>, stage index: Int = 0)
    throws(ContractViolation)
  {
    var update = BatchUpdate(stage: stage, index: index, old: visible)
    try update.validateSections()
    try update.validateRows()
    visible = try update.result()
    batchCount += 1
    try verifyShows(stage.data, stage: index)
  }

  /// Checks that every row and header shows the item the data source has there, with current
  /// content.
  public func verifyShows(_ snapshot: Snapshot<Section, Item>, stage: Int = 0)
    throws(ContractViolation)
  {
    func fail(_ rule: ContractViolation.Rule, _ location: String, _ message: String)
      -> ContractViolation
    {
      ContractViolation(stage: stage, rule: rule, location: location, message: message)
    }
    guard visible.count == snapshot.sections.count else {
      throw fail(
        .sectionCount, "",
        "the table shows \(visible.count) sections, the data source has \(snapshot.sections.count)"
      )
    }
    for (s, section) in snapshot.sections.enumerated() {
      let shown = visible[s]
      if shown.model.diffID != section.model.diffID {
        throw fail(
          .wrongItem, "section \(s)",
          "shows section \(shown.model.diffID), the data source has \(section.model.diffID)")
      }
      if !shown.model.isContentEqual(to: section.model) {
        throw fail(.staleContent, "section \(s)", "section \(section.model.diffID) is stale")
      }
      guard shown.items.count == section.items.count else {
        throw fail(
          .rowCount, "section \(s)",
          "shows \(shown.items.count) rows, the data source has \(section.items.count)")
      }
      for (row, item) in section.items.enumerated() {
        let cell = shown.items[row]
        let path = ItemPath(item: row, section: s)
        if cell.diffID != item.diffID {
          throw fail(
            .wrongItem, "\(path)", "shows item \(cell.diffID), the data source has \(item.diffID)")
        }
        if !cell.isContentEqual(to: item) {
          throw fail(
            .staleContent, "\(path)",
            "item \(item.diffID) changed but was not reloaded: shows \(Self.brief(cell)), "
              + "the data source has \(Self.brief(item))")
        }
      }
    }
  }

  /// A row's description, cut short, to tell a stale row from the fresh one in a message.
  private static func brief(_ item: Item) -> String {
    let text = String(describing: item)
    return text.count > 240 ? text.prefix(240) + "…" : text
  }
}
