/// The result of a diff: stages to apply in order, each valid for one batch update.
///
/// Apply each stage with one `performBatchUpdates` call, swapping the data source to the
/// stage's ``Changeset/data`` inside the batch. When ``fullReload`` is set, ``stages`` is
/// empty and the host reloads everything from ``target`` instead.
public struct StagedChangeset<Section: Diffable, Item: Diffable> {
  /// The stages, in the order they must be applied.
  public var stages: [Changeset<Section, Item>]
  /// Why the diff asks for a full reload instead of batch updates, if it does.
  public var fullReload: FullReloadReason?
  /// The snapshot the changeset leads to.
  public var target: Snapshot<Section, Item>

  /// Creates a changeset from its stages.
  public init(
    stages: [Changeset<Section, Item>], target: Snapshot<Section, Item>,
    fullReload: FullReloadReason? = nil
  ) {
    self.stages = stages
    self.target = target
    self.fullReload = fullReload
  }

  /// A changeset that reloads everything.
  public static func reloadAll(
    to target: Snapshot<Section, Item>, because reason: FullReloadReason
  ) -> Self {
    Self(stages: [], target: target, fullReload: reason)
  }

  /// Whether there is nothing to apply.
  public var isEmpty: Bool { stages.isEmpty && fullReload == nil }

  /// The number of updates over all stages.
  public var changeCount: Int { stages.reduce(0) { $0 + $1.changeCount } }

  /// Totals over every stage, for logs and benchmarks.
  public var totals: ChangeTotals {
    var totals = ChangeTotals()
    for stage in stages {
      totals.sectionDeletes += stage.sectionDeletes.count
      totals.sectionInserts += stage.sectionInserts.count
      totals.sectionReloads += stage.sectionReloads.count
      totals.sectionMoves += stage.sectionMoves.count
      totals.itemDeletes += stage.itemDeletes.count
      totals.itemInserts += stage.itemInserts.count
      totals.itemReloads += stage.itemReloads.count
      totals.itemMoves += stage.itemMoves.count
    }
    return totals
  }
}

extension StagedChangeset: Sendable where Section: Sendable, Item: Sendable {}

/// Counts of each kind of update in a changeset.
public struct ChangeTotals: Hashable, Sendable {
  public var sectionDeletes = 0
  public var sectionInserts = 0
  public var sectionReloads = 0
  public var sectionMoves = 0
  public var itemDeletes = 0
  public var itemInserts = 0
  public var itemReloads = 0
  public var itemMoves = 0

  /// Creates empty totals.
  public init() {}
}

/// Why a diff answers "reload everything" instead of batch updates.
public enum FullReloadReason: Hashable, Sendable, CustomStringConvertible {
  /// The changeset would hold more updates than ``DiffOptions/maxChangeCount``.
  case tooManyChanges(count: Int, limit: Int)
  /// A snapshot repeats an identifier; only ``StagedChangeset/reconciling(from:to:options:)``
  /// falls back this way.
  case duplicateIdentifier(DiffError)
  /// A snapshot is larger than the engine's index type can address.
  case tooLarge(count: Int)
  /// The engine could not split the changes into valid stages. This is a bug in the engine;
  /// it is reported, not hidden, and a full reload keeps the host correct.
  case stagingFailed
  /// Edits given by position did not lead from the rows before to the rows after
  /// (``StagedChangeset/init(localEdits:rowCounts:to:options:)``). This is a bug in the
  /// caller; a full reload keeps the host correct.
  case inconsistentEdits

  public var description: String {
    switch self {
    case .tooManyChanges(let count, let limit):
      "\(count) changes exceed the limit of \(limit)"
    case .duplicateIdentifier(let error): error.description
    case .tooLarge(let count): "\(count) items exceed what one diff can index"
    case .stagingFailed: "the changes could not be split into valid stages"
    case .inconsistentEdits: "the edits do not lead from the rows before to the rows after"
    }
  }
}
