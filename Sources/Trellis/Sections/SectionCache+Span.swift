extension SectionCache {
  /// Where a change of a section's elements falls: the elements both lists start with, the
  /// items both end with, and between them (with the rows after the items) what is rendered
  /// again.
  ///
  /// Found by comparing identities in order from both ends, without hashing them: an item
  /// inserted, deleted or moved a few places in a long list spans a few elements.
  struct Span {
    /// The first element rendered again: the elements before it are the same in both lists.
    let start: Int
    /// The new positions of the items both lists end with, whose rows are kept.
    let newKept: Range<Int>
    /// How far the items both end with moved: new position less old position.
    let shift: Int
    /// The old positions rendered again: between the start and the items kept.
    let oldMiddle: Range<Int>
    /// The old positions after the items, rendered again too, when items are kept.
    let oldAfterItems: Range<Int>
    /// Where the items end in the new list, and in the old one as far as the rows after them
    /// tell.
    let newItemsEnd: Int
    let oldItemsEnd: Int

    /// The span of a change from `old` to the elements whose identities from `prefix` on are
    /// `new`, of which the first `items` are items (the rest, a "Load more…" row say, are
    /// rendered again whatever they are). The first `prefix` are the same in both. With
    /// `extending`, elements after `prefix` that both start with are kept too; with
    /// `shifting`, items both end with are kept even when they moved (their rows do not
    /// depend on their positions).
    init(old: [RowID], new: [RowID], from prefix: Int, items: Int, extending: Bool, shifting: Bool)
    {
      let newCount = prefix + new.count
      let itemsEnd = Swift.min(Swift.max(items, prefix), newCount)
      // The rows after the items are taken to be as many in both: when they are not, the
      // identities compared from the end differ at once, and no item is kept.
      let oldItemsEnd = old.count - (newCount - itemsEnd)
      var start = prefix
      var kept = 0
      if extending, oldItemsEnd >= prefix {
        let bound = Swift.min(oldItemsEnd, itemsEnd)
        while start < bound, old[start] == new[start - prefix] { start += 1 }
        if shifting || newCount == old.count {
          while kept < bound - start,
            old[oldItemsEnd - 1 - kept] == new[itemsEnd - 1 - kept - prefix]
          {
            kept += 1
          }
        }
      }
      self.start = start
      self.newItemsEnd = itemsEnd
      self.oldItemsEnd = Swift.max(oldItemsEnd, 0)
      shift = newCount - old.count
      newKept = (itemsEnd - kept)..<itemsEnd
      oldMiddle = start..<(kept > 0 ? oldItemsEnd - kept : old.count)
      oldAfterItems = kept > 0 ? oldItemsEnd..<old.count : old.count..<old.count
    }

    /// The old positions rendered again.
    var oldRendered: [Int] { Array(oldMiddle) + Array(oldAfterItems) }

    /// How many old rows are rendered again.
    var oldRenderedCount: Int { oldMiddle.count + oldAfterItems.count }
  }
}
