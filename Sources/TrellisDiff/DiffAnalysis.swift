/// What matches what between two snapshots: the heart of the diff.
///
/// Items are matched by identifier through one hash table (``ItemIndexTable``) over the source,
/// which also takes the inserted target items, so that a repeat among them is caught. Items
/// that stay in their section keep their place when they belong to a longest increasing
/// subsequence of source positions; every other matched item is a move. Sections follow the
/// same rule.
@usableFromInline
struct DiffAnalysis {
  @usableFromInline static let moved: UInt8 = 1
  @usableFromInline static let changed: UInt8 = 2

  @usableFromInline let oldOffsets: [Int]
  @usableFromInline let newOffsets: [Int]
  @usableFromInline var oldSectionToNew: [Int]
  @usableFromInline var newSectionToOld: [Int]
  /// By target section: moved outside the sections' increasing subsequence.
  @usableFromInline var sectionMoved: [Bool]
  /// By target section: a surviving section whose own content changed.
  @usableFromInline var sectionChanged: [Bool]
  @usableFromInline var oldToNew: [Int32]
  @usableFromInline var newToOld: [Int32]
  /// By target item: ``moved`` and ``changed`` bits.
  @usableFromInline var flags: [UInt8]
  /// By source section: an item was deleted from it or moved out of it.
  @usableFromInline var oldSectionLosesItems: [Bool]
  /// By target section: an item was inserted into it or moved into it.
  @usableFromInline var newSectionGainsItems: [Bool]

  @usableFromInline var itemDeleteCount = 0
  @usableFromInline var itemInsertCount = 0
  @usableFromInline var itemMoveCount = 0
  @usableFromInline var itemChangeCount = 0

  /// A changed item that also moves: it needs its own reload stage.
  @usableFromInline var movedAndChanged = false
  /// An item leaves a section that is deleted.
  @usableFromInline var movesOutOfDeletedSection = false
  /// An item enters a section that is inserted.
  @usableFromInline var movesIntoInsertedSection = false
  /// A changed item sits in a moved section.
  @usableFromInline var changeInMovedSection = false

  @inlinable var oldItemCount: Int { oldOffsets[oldOffsets.count - 1] }
  @inlinable var newItemCount: Int { newOffsets[newOffsets.count - 1] }

  /// A changed section that also moves or gains or loses items.
  @inlinable var sectionReloadConflicts: Bool {
    for t in sectionChanged.indices where sectionChanged[t] {
      if sectionMoved[t] || newSectionGainsItems[t] { return true }
      if oldSectionLosesItems[newSectionToOld[t]] { return true }
    }
    return false
  }

  @inlinable var hasContentChanges: Bool { itemChangeCount > 0 || sectionChanged.contains(true) }

  /// Whether one batch update can carry every change.
  @inlinable var fitsOneStage: Bool {
    !movedAndChanged && !movesOutOfDeletedSection && !movesIntoInsertedSection
      && !changeInMovedSection && !sectionReloadConflicts
  }

  /// Content changes that must be reloaded in a stage of their own, before anything moves.
  @inlinable var needsReloadStage: Bool {
    hasContentChanges && (movedAndChanged || changeInMovedSection || sectionReloadConflicts)
  }

  /// The number of updates a single stage would carry.
  @inlinable var changeCount: Int {
    var count = itemDeleteCount + itemInsertCount + itemMoveCount
    for t in newSectionToOld.indices {
      if newSectionToOld[t] < 0 || sectionMoved[t] || sectionChanged[t] { count += 1 }
    }
    count += oldSectionToNew.lazy.filter { $0 < 0 }.count
    // Reloads: changed items that neither move nor sit in a reloaded section.
    return count + reloadCount
  }

  @inlinable var reloadCount: Int {
    guard itemChangeCount > 0 else { return 0 }
    var count = 0
    for t in newSectionToOld.indices where !sectionChanged[t] {
      for j in newOffsets[t]..<newOffsets[t + 1] where flags[j] == Self.changed { count += 1 }
    }
    return count
  }

  /// The source section holding source item `global`.
  @inlinable func oldSection(of global: Int) -> Int {
    Self.section(of: global, offsets: oldOffsets)
  }
  /// The target section holding target item `global`.
  @inlinable func newSection(of global: Int) -> Int {
    Self.section(of: global, offsets: newOffsets)
  }

  @inlinable func oldPath(_ global: Int) -> ItemPath {
    let s = oldSection(of: global)
    return ItemPath(item: global - oldOffsets[s], section: s)
  }

  @inlinable func newPath(_ global: Int) -> ItemPath {
    let t = newSection(of: global)
    return ItemPath(item: global - newOffsets[t], section: t)
  }

  /// Binary search for the section whose range holds `global`.
  @inlinable static func section(of global: Int, offsets: [Int]) -> Int {
    var low = 0
    var high = offsets.count - 2
    while low < high {
      let mid = (low + high) >> 1
      if offsets[mid + 1] > global { high = mid } else { low = mid + 1 }
    }
    return low
  }

  @inlinable static func offsets<S, I>(of snapshot: Snapshot<S, I>) -> [Int] {
    var offsets = [Int]()
    offsets.reserveCapacity(snapshot.sections.count + 1)
    var total = 0
    offsets.append(0)
    for section in snapshot.sections {
      total += section.items.count
      offsets.append(total)
    }
    return offsets
  }
}
