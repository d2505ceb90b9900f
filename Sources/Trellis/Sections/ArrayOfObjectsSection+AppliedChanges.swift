import TrellisDiff

extension ArrayOfObjectsSection {
  /// Store changes applied to the items shown, by identity: the items after them, and where
  /// each item was inserted and deleted.
  ///
  /// The items are changed in place, so that a change in a long list moves the items after it
  /// in memory instead of copying the list; a change that cannot be placed takes every step
  /// back (``undo()``).
  struct AppliedChanges {
    /// The items after the changes.
    var items: [Value]
    /// How many times each item is listed, kept in step with the items when it is known: an
    /// item is then found listed, or listed once, without reading the list.
    var counts: ItemCounts?
    /// Each insertion and deletion in the order made, at its position then: the model renders
    /// the rows at those positions instead of comparing every row
    /// (``SectionCache/renderSteps(_:of:sink:model:)``).
    var steps: [SectionEdits.Step] = []
    /// Whether an item was inserted that was listed already (a value listed twice): the
    /// items are then no longer known to be listed once each.
    var repeatsItems = false
    /// The items deleted, in order, for ``undo()``.
    private var deleted: [Value] = []

    /// Changes to be applied to `items`, listed as `counts` says when it is known.
    init(items: [Value], counts: ItemCounts?) {
      self.items = items
      self.counts = counts
    }

    /// Applies `changes` to ``items``, in a window of the store's order when `hasMore` says
    /// rows follow it (see ``ArrayOfObjectsSection/applyChanges(_:hasMore:)``). `false` when a
    /// change cannot be placed by identity; the steps taken until then stay, for ``undo()``.
    mutating func apply(_ changes: [StoreChange], hasMore: Bool) -> Bool {
      for change in changes {
        switch change {
        case .inserted(let item, let after):
          if lists(item) {
            // An object is listed once: the fetch that listed it saw the insert.
            if case .object = item { return false }
            repeatsItems = true
          }
          if let at = index(after: after) {
            insert(item, at: at)
          } else if !hasMore || after.map(lists) == true {
            // Listed more than once: which one the store meant is unknown.
            return false
          }
        case .deleted(let item):
          if let index = uniqueIndex(of: item) {
            remove(at: index)
          } else if !hasMore || lists(item) {
            return false
          }
        case .updated(let item):
          if !hasMore && !lists(item) { return false }
        case .moved(let item, let after):
          let index = uniqueIndex(of: item)
          if index == nil && (!hasMore || lists(item)) { return false }
          // Moved out of a window, it is deleted from it; moved into one, inserted.
          if let index { remove(at: index) }
          if let at = self.index(after: after) {
            insert(item, at: at)
          } else if !hasMore || after.map(lists) == true {
            return false
          }
        case .reset:
          return false
        }
      }
      return true
    }

    /// Takes back every insertion and deletion, newest first: the items are as before.
    mutating func undo() {
      for step in steps.reversed() {
        switch step {
        case .insert(let position):
          counts?.remove(items.remove(at: position))
        case .delete(let position):
          let item = deleted.removeLast()
          items.insert(item, at: position)
          counts?.add(item)
        }
      }
      steps = []
    }

    /// Whether `item` is listed.
    private func lists(_ item: Value) -> Bool {
      counts.map { $0[item] > 0 } ?? items.contains(item)
    }

    /// The position of `item` when it is listed exactly once.
    private func uniqueIndex(of item: Value) -> Int? {
      guard let counts else { return StoreOrder.uniqueIndex(of: item, in: items) }
      return counts[item] == 1 ? items.firstIndex(of: item) : nil
    }

    /// The position right after `after` (the start when `nil`), when `after` is listed once.
    private func index(after: Value?) -> Int? {
      guard let after else { return 0 }
      return uniqueIndex(of: after).map { $0 + 1 }
    }

    private mutating func insert(_ item: Value, at index: Int) {
      items.insert(item, at: index)
      counts?.add(item)
      steps.append(.insert(index))
    }

    private mutating func remove(at index: Int) {
      let item = items.remove(at: index)
      counts?.remove(item)
      deleted.append(item)
      steps.append(.delete(index))
    }
  }
}
