extension DiffAnalysis {
  /// The analysis from the source to the target with emptied sections kept in place, derived
  /// from `base` (source to target) instead of matched again.
  ///
  /// In that intermediate state, every deleted section that still hands items on stays, empty,
  /// where ``StagePlanner`` placed it. Those sections hold no items, so every item keeps its
  /// global target index and its match, move and change flags; only the sections are
  /// renumbered, the retiring ones matched to themselves, and the section moves worked out
  /// again over the new order.
  ///
  /// - Parameter placements: The intermediate's sections in order: a target section index,
  ///   or `-(s + 1)` for source section `s` kept while it retires.
  @inlinable init(retiringFrom base: DiffAnalysis, placements: [Int]) {
    oldOffsets = base.oldOffsets
    var offsets = [Int]()
    offsets.reserveCapacity(placements.count + 1)
    offsets.append(0)
    for placement in placements {
      let count =
        placement >= 0 ? base.newOffsets[placement + 1] - base.newOffsets[placement] : 0
      offsets.append(offsets[offsets.count - 1] + count)
    }
    newOffsets = offsets
    oldSectionToNew = [Int](repeating: -1, count: base.oldSectionToNew.count)
    newSectionToOld = [Int](repeating: -1, count: placements.count)
    sectionMoved = [Bool](repeating: false, count: placements.count)
    sectionChanged = [Bool](repeating: false, count: placements.count)
    newSectionGainsItems = [Bool](repeating: false, count: placements.count)
    oldSectionLosesItems = base.oldSectionLosesItems
    oldToNew = base.oldToNew
    newToOld = base.newToOld
    flags = base.flags
    itemDeleteCount = base.itemDeleteCount
    itemInsertCount = base.itemInsertCount
    itemMoveCount = base.itemMoveCount
    itemChangeCount = base.itemChangeCount
    movedAndChanged = base.movedAndChanged
    movesIntoInsertedSection = base.movesIntoInsertedSection
    for (p, placement) in placements.enumerated() {
      if placement >= 0 {
        let s = base.newSectionToOld[placement]
        newSectionToOld[p] = s
        if s >= 0 { oldSectionToNew[s] = p }
        sectionChanged[p] = base.sectionChanged[placement]
        newSectionGainsItems[p] = base.newSectionGainsItems[placement]
      } else {
        // A retiring section survives this stage: the items it does not hand on are deleted.
        let s = -placement - 1
        newSectionToOld[p] = s
        oldSectionToNew[s] = p
        for i in oldOffsets[s]..<oldOffsets[s + 1] where oldToNew[i] < 0 { itemDeleteCount += 1 }
      }
    }
    // Whatever a section still deleted hands on would retire too: none do here.
    for s in oldSectionToNew.indices where oldSectionToNew[s] < 0 {
      for i in oldOffsets[s]..<oldOffsets[s + 1] where oldToNew[i] >= 0 {
        movesOutOfDeletedSection = true
        break
      }
    }
    // Section moves over the new order, by the same rule as a full match.
    var order = [Int32]()
    var positions = [Int]()
    for p in newSectionToOld.indices where newSectionToOld[p] >= 0 {
      order.append(Int32(newSectionToOld[p]))
      positions.append(p)
    }
    var keep = [Bool](repeating: false, count: order.count)
    for k in LongestIncreasingSubsequence.positions(of: order) { keep[k] = true }
    for (k, p) in positions.enumerated() where !keep[k] { sectionMoved[p] = true }
    if itemChangeCount > 0 {
      for p in newSectionToOld.indices where sectionMoved[p] {
        for j in newOffsets[p]..<newOffsets[p + 1] where flags[j] & Self.changed != 0 {
          changeInMovedSection = true
          break
        }
      }
    }
  }
}
