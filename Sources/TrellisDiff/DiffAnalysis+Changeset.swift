extension DiffAnalysis {
  /// The single batch update that turns the source into `new`.
  ///
  /// Call it only when ``fitsOneStage`` holds: the result is then valid for one
  /// `performBatchUpdates` call.
  @inlinable func changeset<S, I>(to new: Snapshot<S, I>) -> Changeset<S, I> {
    var stage = Changeset(data: new)
    for s in oldSectionToNew.indices where oldSectionToNew[s] < 0 {
      stage.sectionDeletes.append(s)
    }
    for t in newSectionToOld.indices {
      let s = newSectionToOld[t]
      if s < 0 {
        stage.sectionInserts.append(t)
      } else {
        if sectionMoved[t] { stage.sectionMoves.append(Move(source: s, target: t)) }
        if sectionChanged[t] { stage.sectionReloads.append(s) }
      }
    }
    stage.sectionReloads.sort()
    if itemDeleteCount > 0 {
      stage.itemDeletes.reserveCapacity(itemDeleteCount)
      for s in oldSectionToNew.indices where oldSectionToNew[s] >= 0 && oldSectionLosesItems[s] {
        let base = oldOffsets[s]
        for i in base..<oldOffsets[s + 1] where oldToNew[i] < 0 {
          stage.itemDeletes.append(ItemPath(item: i - base, section: s))
        }
      }
    }
    stage.itemInserts.reserveCapacity(itemInsertCount)
    stage.itemMoves.reserveCapacity(itemMoveCount)
    for t in newSectionToOld.indices where newSectionToOld[t] >= 0 {
      let s = newSectionToOld[t]
      let base = newOffsets[t]
      let oldBase = oldOffsets[s]
      let oldEnd = oldOffsets[s + 1]
      let reloadsItems = !sectionChanged[t]
      guard newSectionGainsItems[t] || (itemChangeCount > 0 && reloadsItems) else { continue }
      for j in base..<newOffsets[t + 1] {
        let i = Int(newToOld[j])
        if i < 0 {
          stage.itemInserts.append(ItemPath(item: j - base, section: t))
          continue
        }
        let flag = flags[j]
        if flag & Self.moved != 0 {
          let source =
            i >= oldBase && i < oldEnd ? ItemPath(item: i - oldBase, section: s) : oldPath(i)
          stage.itemMoves.append(Move(source: source, target: ItemPath(item: j - base, section: t)))
        } else if flag & Self.changed != 0 && reloadsItems {
          stage.itemReloads.append(ItemPath(item: i - oldBase, section: s))
        }
      }
    }
    return stage
  }
}
