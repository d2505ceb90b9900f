import Testing
import TrellisDiff
import TrellisTesting

/// A host that moved an item itself (a dragged row) takes the model's next changeset, which
/// was computed from the order before the drag, rebased onto what it shows.
@Suite("Staged update driver")
struct StagedUpdateDriverPropertyTests {
  /// 3,000 seeded cases: a random drag the table already shows, then random edits by the
  /// model from the order before the drag; the table ends at the model's data, every batch
  /// checked by the headless table view.
  @Test func randomDragsThenEditsEndAtTheModel() throws {
    var drags = 0
    for seed in UInt64(1)...3_000 {
      var generator = MutationGenerator(seed: seed &* 7_727)
      let before = generator.snapshot()
      let driver = StagedUpdateDriver(showing: before)
      var table = HeadlessTableView(showing: before)
      let filled = before.sections.indices.filter { !before.sections[$0].items.isEmpty }
      if let s = filled.randomElement(using: &generator.random) {
        let source = ItemPath(
          item: Int.random(in: 0..<before.sections[s].items.count, using: &generator.random),
          section: s)
        let t = Int.random(in: 0..<before.sections.count, using: &generator.random)
        let limit = before.sections[t].items.count - (t == s ? 1 : 0)
        let target = ItemPath(item: Int.random(in: 0...limit, using: &generator.random), section: t)
        try driver.hostMovedItem(from: source, to: target)
        var moved = Changeset(data: driver.shown)
        moved.itemMoves = [Move(source: source, target: target)]
        try table.performBatchUpdates(moved)
        drags += 1
      }
      let after = generator.mutate(before, count: Int.random(in: 0...4, using: &generator.random))
      let changeset = try StagedChangeset(from: before, to: after)
      do {
        try driver.apply(changeset, reloadData: { table.reloadData(driver.shown) }) {
          stage, index, commit throws(ContractViolation) in
          commit()
          try table.performBatchUpdates(stage, stage: index)
        }
        try table.verifyShows(after)
      } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
      #expect(driver.shown == after, "seed \(seed)")
      #expect(table.reloadCount == 1, "seed \(seed): the table was reloaded")
      #expect(!driver.isAhead)
    }
    #expect(drags > 2_000)
  }

  @Test func aDragOutsideTheTableIsAnError() {
    let driver = StagedUpdateDriver(showing: snapshot([(1, [1, 2])]))
    #expect(throws: StageStepError.self) {
      try driver.hostMovedItem(
        from: ItemPath(item: 0, section: 0), to: ItemPath(item: 9, section: 0))
    }
    #expect(driver.shown == snapshot([(1, [1, 2])]))
    #expect(!driver.isAhead)
    #expect(driver.item(at: ItemPath(item: 1, section: 0)) == TestItem(id: 2))
    #expect(driver.item(at: ItemPath(item: 2, section: 0)) == nil)
    #expect(driver.numberOfItems(inSection: 3) == 0)
    #expect(driver.section(at: 0) == TestSection(id: 1))
  }
}
