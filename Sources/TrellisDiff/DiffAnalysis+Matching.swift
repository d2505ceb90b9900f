extension DiffAnalysis {
  /// Matches `new` against `old`. Throws when a snapshot repeats an identifier.
  @inlinable init<S, I>(from old: Snapshot<S, I>, to new: Snapshot<S, I>) throws(DiffError) {
    oldOffsets = Self.offsets(of: old)
    newOffsets = Self.offsets(of: new)
    let oldSectionCount = old.sections.count
    let newSectionCount = new.sections.count
    oldSectionToNew = [Int](repeating: -1, count: oldSectionCount)
    newSectionToOld = [Int](repeating: -1, count: newSectionCount)
    sectionMoved = [Bool](repeating: false, count: newSectionCount)
    sectionChanged = [Bool](repeating: false, count: newSectionCount)
    oldSectionLosesItems = [Bool](repeating: false, count: oldSectionCount)
    newSectionGainsItems = [Bool](repeating: false, count: newSectionCount)
    oldToNew = []
    newToOld = []
    flags = []
    try matchSections(old, new)
    try matchItems(old, new)
    markItemMovesAndChanges(old, new)
  }

  @inlinable mutating func matchSections<S, I>(
    _ old: Snapshot<S, I>, _ new: Snapshot<S, I>
  ) throws(DiffError) {
    var index = [S.DiffID: Int](minimumCapacity: old.sections.count)
    for (s, section) in old.sections.enumerated() {
      if let first = index.updateValue(s, forKey: section.model.diffID) {
        throw .duplicateSection(
          id: "\(section.model.diffID)", side: .source, first: first, second: s)
      }
    }
    var inserted = [S.DiffID: Int]()
    for (t, section) in new.sections.enumerated() {
      let id = section.model.diffID
      if let s = index[id] {
        if oldSectionToNew[s] >= 0 {
          throw .duplicateSection(id: "\(id)", side: .target, first: oldSectionToNew[s], second: t)
        }
        oldSectionToNew[s] = t
        newSectionToOld[t] = s
        sectionChanged[t] = !section.model.isContentEqual(to: old.sections[s].model)
      } else if let first = inserted.updateValue(t, forKey: id) {
        throw .duplicateSection(id: "\(id)", side: .target, first: first, second: t)
      }
    }
    // Sections outside the longest increasing run of source indices are moves.
    var order = [Int32]()
    var positions = [Int]()
    for t in 0..<new.sections.count where newSectionToOld[t] >= 0 {
      order.append(Int32(newSectionToOld[t]))
      positions.append(t)
    }
    let kept = LongestIncreasingSubsequence.positions(of: order)
    var keep = [Bool](repeating: false, count: order.count)
    for k in kept { keep[k] = true }
    for (k, t) in positions.enumerated() where !keep[k] { sectionMoved[t] = true }
  }

  @inlinable mutating func matchItems<S, I>(
    _ old: Snapshot<S, I>, _ new: Snapshot<S, I>
  ) throws(DiffError) {
    let oldCount = oldItemCount
    let newCount = newItemCount
    // Source items are stored by global index; target items without a source as
    // `-(global + 2)`, so that the one probe that looks a target item up also records it.
    let table = ItemIndexTable(capacity: oldCount)
    let oldOffsets = self.oldOffsets
    let newOffsets = self.newOffsets
    // The identifier of the item a table value names.
    func identifier(_ value: Int32) -> I.DiffID {
      if value >= 0 {
        let global = Int(value)
        let s = Self.section(of: global, offsets: oldOffsets)
        return old.sections[s].items[global - oldOffsets[s]].diffID
      }
      let global = Int(-value - 2)
      let t = Self.section(of: global, offsets: newOffsets)
      return new.sections[t].items[global - newOffsets[t]].diffID
    }
    // Items are read in place by index: iterating would copy each one, retaining and
    // releasing whatever it references.
    var global: Int32 = 0
    for section in old.sections.indices {
      let items = old.sections[section].items
      for k in items.indices {
        let id = items[k].diffID
        if let first = table.findOrInsert(
          global, hash: id.hashValue, matches: { identifier($0) == id })
        {
          throw .duplicateItem(
            id: "\(id)", side: .source, first: oldPath(Int(first)), second: oldPath(Int(global)))
        }
        global += 1
      }
    }
    oldToNew = [Int32](repeating: -1, count: oldCount)
    newToOld = [Int32](repeating: -1, count: newCount)
    global = 0
    for section in new.sections.indices {
      let items = new.sections[section].items
      for k in items.indices {
        let id = items[k].diffID
        let found = table.findOrInsert(
          -global - 2, hash: id.hashValue, matches: { identifier($0) == id })
        if let found, found >= 0 {
          let previous = oldToNew[Int(found)]
          if previous >= 0 {
            throw .duplicateItem(
              id: "\(id)", side: .target, first: newPath(Int(previous)),
              second: newPath(Int(global)))
          }
          oldToNew[Int(found)] = global
          newToOld[Int(global)] = found
        } else if let found {
          throw .duplicateItem(
            id: "\(id)", side: .target, first: newPath(Int(-found - 2)),
            second: newPath(Int(global)))
        }
        global += 1
      }
    }
  }

  @inlinable mutating func markItemMovesAndChanges<S, I>(
    _ old: Snapshot<S, I>, _ new: Snapshot<S, I>
  ) {
    flags = [UInt8](repeating: 0, count: newItemCount)
    // Deletes, and moves out of sections that are deleted.
    for s in 0..<old.sections.count {
      let sectionSurvives = oldSectionToNew[s] >= 0
      for i in oldOffsets[s]..<oldOffsets[s + 1] where oldToNew[i] < 0 {
        oldSectionLosesItems[s] = true
        if sectionSurvives { itemDeleteCount += 1 }
      }
      if !sectionSurvives {
        for i in oldOffsets[s]..<oldOffsets[s + 1] where oldToNew[i] >= 0 {
          movesOutOfDeletedSection = true
          break
        }
      }
    }
    // Source positions of the items that stay in their section, in target order.
    var order = [Int32]()
    var keep = [Bool]()
    for t in 0..<new.sections.count {
      let s = newSectionToOld[t]
      let range = newOffsets[t]..<newOffsets[t + 1]
      let newItems = new.sections[t].items
      let base = newOffsets[t]
      if s < 0 {
        // An inserted section: its items are inserted with it, or moved into it.
        for j in range where newToOld[j] >= 0 {
          movesIntoInsertedSection = true
          markMove(j, into: t, old: old, newItems: newItems, base: base)
        }
        continue
      }
      let oldItems = old.sections[s].items
      let oldBase = oldOffsets[s]
      let oldEnd = oldOffsets[s + 1]
      order.removeAll(keepingCapacity: true)
      order.reserveCapacity(range.count)
      for j in range {
        let i = Int(newToOld[j])
        if i < 0 {
          itemInsertCount += 1
          newSectionGainsItems[t] = true
        } else if i >= oldBase && i < oldEnd {
          order.append(Int32(truncatingIfNeeded: i))
          if !newItems[j - base].isContentEqual(to: oldItems[i - oldBase]) {
            flags[j] = Self.changed
            itemChangeCount += 1
          }
        } else {
          markMove(j, into: t, old: old, newItems: newItems, base: base)
        }
      }
      keep.removeAll(keepingCapacity: true)
      keep.append(contentsOf: repeatElement(false, count: order.count))
      let kept = order.withUnsafeBufferPointer { values in
        keep.withUnsafeMutableBufferPointer { LongestIncreasingSubsequence.mark(values, into: $0) }
      }
      if kept < order.count {
        // The same items again, in the same order: those outside the subsequence move.
        var k = 0
        for j in range {
          let i = Int(newToOld[j])
          guard i >= oldBase && i < oldEnd else { continue }
          defer { k += 1 }
          if keep[k] { continue }
          flags[j] |= Self.moved
          itemMoveCount += 1
          oldSectionLosesItems[s] = true
          newSectionGainsItems[t] = true
          if flags[j] & Self.changed != 0 { movedAndChanged = true }
        }
      }
      if sectionMoved[t] && itemChangeCount > 0 {
        for j in range where flags[j] & Self.changed != 0 {
          changeInMovedSection = true
          break
        }
      }
    }
  }

  /// Records a move across sections, and whether the item's content changed.
  @inlinable mutating func markMove<S, I>(
    _ j: Int, into t: Int, old: Snapshot<S, I>, newItems: [I], base: Int
  ) {
    let i = Int(newToOld[j])
    let s = oldSection(of: i)
    flags[j] = Self.moved
    itemMoveCount += 1
    oldSectionLosesItems[s] = true
    newSectionGainsItems[t] = true
    // Compared in place: the items are not copied out of their arrays.
    if !newItems[j - base].isContentEqual(to: old.sections[s].items[i - oldOffsets[s]]) {
      flags[j] |= Self.changed
      itemChangeCount += 1
      movedAndChanged = true
    }
  }
}
