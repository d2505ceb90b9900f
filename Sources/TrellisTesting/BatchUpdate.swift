import TrellisDiff

/// One `performBatchUpdates` call being checked and applied with UITableView's semantics.
struct BatchUpdate<Section: Diffable, Item: Diffable> {
  let stage: Changeset<Section, Item>
  let index: Int
  let old: [SnapshotSection<Section, Item>]
  var new: Snapshot<Section, Item> { stage.data }

  /// For each new section: the old section it continues, or `nil` when inserted.
  var sourceOfNewSection: [Int?] = []
  /// For each old section: the new section it continues, or `nil` when deleted.
  var targetOfOldSection: [Int?] = []
  var deletedSections = Set<Int>()
  var insertedSections = Set<Int>()
  var reloadedOldSections = Set<Int>()
  var reloadedNewSections = Set<Int>()
  var deletedRows = Set<ItemPath>()
  var reloadedRows = Set<ItemPath>()
  var insertedRows = Set<ItemPath>()
  var movedFrom = [ItemPath: ItemPath]()  // source -> target
  var movedTo = [ItemPath: ItemPath]()  // target -> source

  init(stage: Changeset<Section, Item>, index: Int, old: [SnapshotSection<Section, Item>]) {
    self.stage = stage
    self.index = index
    self.old = old
  }

  func violation(_ rule: ContractViolation.Rule, _ location: String, _ message: String)
    -> ContractViolation
  {
    ContractViolation(stage: index, rule: rule, location: location, message: message)
  }

  // MARK: Sections

  mutating func validateSections() throws(ContractViolation) {
    let oldCount = old.count
    let newCount = new.sections.count
    for s in stage.sectionDeletes {
      guard (0..<oldCount).contains(s) else {
        throw violation(.outOfRange, "section \(s)", "deleted section is not among \(oldCount)")
      }
      guard deletedSections.insert(s).inserted else {
        throw violation(.listedTwice, "section \(s)", "section deleted twice")
      }
    }
    var movedSources = Set<Int>()
    var movedTargets = [Int: Int]()
    for move in stage.sectionMoves {
      guard (0..<oldCount).contains(move.source), (0..<newCount).contains(move.target) else {
        throw violation(.outOfRange, "section \(move)", "section move outside the table")
      }
      guard !deletedSections.contains(move.source) else {
        throw violation(.deletedAndMoved, "section \(move.source)", "section deleted and moved")
      }
      guard movedSources.insert(move.source).inserted,
        movedTargets.updateValue(move.source, forKey: move.target) == nil
      else { throw violation(.listedTwice, "section \(move)", "section moved twice") }
    }
    for t in stage.sectionInserts {
      guard (0..<newCount).contains(t) else {
        throw violation(.outOfRange, "section \(t)", "inserted section is not among \(newCount)")
      }
      guard insertedSections.insert(t).inserted else {
        throw violation(.listedTwice, "section \(t)", "section inserted twice")
      }
      guard movedTargets[t] == nil else {
        throw violation(.insertedAndMoved, "section \(t)", "section inserted and moved to")
      }
    }
    for s in stage.sectionReloads {
      guard (0..<oldCount).contains(s) else {
        throw violation(.outOfRange, "section \(s)", "reloaded section is not among \(oldCount)")
      }
      guard !deletedSections.contains(s), !movedSources.contains(s) else {
        throw violation(.deletedAndMoved, "section \(s)", "section reloaded and deleted or moved")
      }
      guard reloadedOldSections.insert(s).inserted else {
        throw violation(.listedTwice, "section \(s)", "section reloaded twice")
      }
    }
    let expected = oldCount - deletedSections.count + insertedSections.count
    guard expected == newCount else {
      throw violation(
        .sectionCount, "",
        "\(oldCount) sections - \(deletedSections.count) deleted + \(insertedSections.count) "
          + "inserted = \(expected), but the data source has \(newCount)")
    }
    // Place moved and inserted sections, then fill the gaps with the others in order.
    sourceOfNewSection = [Int?](repeating: nil, count: newCount)
    var taken = [Bool](repeating: false, count: newCount)
    for (t, s) in movedTargets {
      sourceOfNewSection[t] = s
      taken[t] = true
    }
    for t in insertedSections { taken[t] = true }
    var t = 0
    for s in 0..<oldCount where !deletedSections.contains(s) && !movedSources.contains(s) {
      while taken[t] { t += 1 }
      sourceOfNewSection[t] = s
      taken[t] = true
    }
    targetOfOldSection = [Int?](repeating: nil, count: oldCount)
    for (t, s) in sourceOfNewSection.enumerated() {
      if let s { targetOfOldSection[s] = t }
    }
    for s in reloadedOldSections {
      if let t = targetOfOldSection[s] { reloadedNewSections.insert(t) }
    }
  }
}
