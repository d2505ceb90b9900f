import Testing
import TrellisTesting

@testable import TrellisDiff

/// Diffs `old` to `new`, replays the result through the headless table view, and returns it.
func diffAndReplay(_ old: TestSnapshot, _ new: TestSnapshot, options: DiffOptions = DiffOptions())
  throws -> StagedChangeset<TestSection, TestItem>
{
  let changeset = try StagedChangeset(from: old, to: new, options: options)
  var table = HeadlessTableView(showing: old)
  try table.apply(changeset)
  try table.verifyShows(new)
  return changeset
}

@Suite("Exact diffs")
struct ExactDiffTests {
  @Test func identicalSnapshotsGiveNoStage() throws {
    let s = snapshot([(0, [1, 2, 3])])
    let changeset = try diffAndReplay(s, s)
    #expect(changeset.isEmpty)
    #expect(changeset.stages.isEmpty)
  }

  @Test func deleteAndInsertInOneStage() throws {
    let changeset = try diffAndReplay(
      snapshot([(0, [1, 2, 3, 4])]), snapshot([(0, [1, 3, 5, 4])]))
    #expect(changeset.stages.count == 1)
    let stage = changeset.stages[0]
    #expect(stage.itemDeletes == [ItemPath(item: 1, section: 0)])
    #expect(stage.itemInserts == [ItemPath(item: 2, section: 0)])
    #expect(stage.itemMoves.isEmpty)
  }

  @Test func onlyItemsOutsideTheIncreasingRunMove() throws {
    // 5 moves to the front: one move, not four.
    let changeset = try diffAndReplay(
      snapshot([(0, [1, 2, 3, 4, 5])]), snapshot([(0, [5, 1, 2, 3, 4])]))
    #expect(changeset.stages.count == 1)
    #expect(
      changeset.stages[0].itemMoves == [
        Move(source: ItemPath(item: 4, section: 0), target: ItemPath(item: 0, section: 0))
      ])
  }

  @Test func swapIsOneMove() throws {
    let changeset = try diffAndReplay(snapshot([(0, [1, 2])]), snapshot([(0, [2, 1])]))
    #expect(changeset.totals.itemMoves == 1)
  }

  @Test func reverseMovesAllButOne() throws {
    let changeset = try diffAndReplay(
      snapshot([(0, Array(0..<10))]), snapshot([(0, Array((0..<10).reversed()))]))
    #expect(changeset.totals.itemMoves == 9)
  }

  @Test func contentChangeIsAReloadAtTheOldIndex() throws {
    var new = snapshot([(0, [2, 3])])
    new.sections[0].items[1].version = 1
    let changeset = try diffAndReplay(snapshot([(0, [1, 2, 3])]), new)
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemReloads == [ItemPath(item: 2, section: 0)])
    #expect(changeset.stages[0].itemDeletes == [ItemPath(item: 0, section: 0)])
  }

  @Test func changedAndMovedItemIsReloadedInAnEarlierStage() throws {
    var new = snapshot([(0, [3, 1, 2])])
    new.sections[0].items[0].version = 1
    let changeset = try diffAndReplay(snapshot([(0, [1, 2, 3])]), new)
    #expect(changeset.stages.count == 2)
    #expect(changeset.stages[0].itemReloads == [ItemPath(item: 2, section: 0)])
    #expect(changeset.stages[0].itemMoves.isEmpty)
    #expect(
      changeset.stages[1].itemMoves == [
        Move(source: ItemPath(item: 2, section: 0), target: ItemPath(item: 0, section: 0))
      ])
    #expect(changeset.stages[1].itemReloads.isEmpty)
  }

  @Test func itemMovesAcrossSections() throws {
    let changeset = try diffAndReplay(
      snapshot([(0, [1, 2, 3]), (1, [4, 5])]), snapshot([(0, [1, 3]), (1, [4, 2, 5])]))
    #expect(changeset.stages.count == 1)
    #expect(
      changeset.stages[0].itemMoves == [
        Move(source: ItemPath(item: 1, section: 0), target: ItemPath(item: 1, section: 1))
      ])
  }

  @Test func sectionOperations() throws {
    let changeset = try diffAndReplay(
      snapshot([(0, [1]), (1, [2]), (2, [3]), (3, [4])]),
      snapshot([(3, [4]), (0, [1]), (9, [10, 11]), (2, [3])]))
    #expect(changeset.stages.count == 1)
    let stage = changeset.stages[0]
    #expect(stage.sectionDeletes == [1])
    #expect(stage.sectionInserts == [2])
    #expect(stage.sectionMoves == [Move(source: 3, target: 0)])
    #expect(stage.itemInserts.isEmpty, "rows of an inserted section come with it")
  }

  @Test func sectionHeaderChangeIsASectionReload() throws {
    var new = snapshot([(0, [1]), (1, [2])])
    new.sections[1].model.header = "new"
    let changeset = try diffAndReplay(snapshot([(0, [1]), (1, [2])]), new)
    #expect(changeset.stages.map(\.sectionReloads) == [[1]])
  }

  @Test func itemMovingIntoAnInsertedSectionNeedsTheSectionFirst() throws {
    let changeset = try diffAndReplay(snapshot([(0, [1, 2])]), snapshot([(0, [1]), (1, [2, 3])]))
    #expect(changeset.stages.count == 2)
    #expect(changeset.stages[0].sectionInserts == [1])
    #expect(changeset.stages[1].itemMoves.count == 1)
    #expect(changeset.totals.itemMoves == 1)
  }

  @Test func itemLeavingADeletedSectionMovesBeforeTheSectionGoes() throws {
    let changeset = try diffAndReplay(snapshot([(0, [1]), (1, [2, 3])]), snapshot([(0, [1, 2])]))
    #expect(changeset.stages.count == 2)
    #expect(changeset.stages[0].itemMoves.count == 1)
    #expect(changeset.stages[1].sectionDeletes == [1])
    #expect(changeset.totals.itemMoves == 1)
  }

  @Test func retiringSectionAddsNoSectionMove() throws {
    // Section 1 is deleted but first hands item 3 to section 0, which moves to the end. The
    // retiring section waits beside a section that keeps its place: one section move, not two.
    let changeset = try diffAndReplay(
      snapshot([(0, [1]), (1, [2, 3]), (2, [4]), (3, [5])]),
      snapshot([(2, [4]), (3, [5]), (0, [1, 3])]))
    #expect(changeset.stages.count == 2)
    #expect(changeset.totals.sectionMoves == 1)
    #expect(changeset.totals.itemMoves == 1)
    #expect(changeset.stages[1].sectionDeletes.count == 1)
  }

  @Test func emptySnapshots() throws {
    _ = try diffAndReplay(snapshot([]), snapshot([(0, [1, 2])]))
    _ = try diffAndReplay(snapshot([(0, [1, 2])]), snapshot([]))
    _ = try diffAndReplay(snapshot([(0, [])]), snapshot([(0, [1])]))
    let empty = try diffAndReplay(snapshot([]), snapshot([]))
    #expect(empty.isEmpty)
  }

  @Test func flatList() throws {
    let old = Snapshot<FlatSection, Int>(items: [1, 2, 3])
    let new = Snapshot<FlatSection, Int>(items: [3, 1, 4])
    let changeset = try StagedChangeset(from: old, to: new)
    var table = HeadlessTableView(showing: old)
    try table.apply(changeset)
    #expect(
      changeset.totals
        == {
          var t = ChangeTotals()
          t.itemDeletes = 1
          t.itemInserts = 1
          t.itemMoves = 1
          return t
        }())
  }

  @Test func duplicateItemInSourceIsNamed() {
    #expect(
      throws: DiffError.duplicateItem(
        id: "2", side: .source, first: ItemPath(item: 1, section: 0),
        second: ItemPath(item: 0, section: 1))
    ) {
      try StagedChangeset(from: snapshot([(0, [1, 2]), (1, [2])]), to: snapshot([(0, [1])]))
    }
  }

  @Test func duplicateItemInTargetIsNamed() {
    #expect(
      throws: DiffError.duplicateItem(
        id: "1", side: .target, first: ItemPath(item: 0, section: 0),
        second: ItemPath(item: 2, section: 0))
    ) {
      try StagedChangeset(from: snapshot([(0, [1, 2])]), to: snapshot([(0, [1, 2, 1])]))
    }
    #expect(
      throws: DiffError.duplicateItem(
        id: "7", side: .target, first: ItemPath(item: 0, section: 0),
        second: ItemPath(item: 0, section: 1))
    ) {
      try StagedChangeset(from: snapshot([(0, []), (1, [])]), to: snapshot([(0, [7]), (1, [7])]))
    }
  }

  @Test func duplicateSectionIsNamed() {
    #expect(throws: DiffError.duplicateSection(id: "0", side: .target, first: 0, second: 1)) {
      try StagedChangeset(from: snapshot([(0, [1])]), to: snapshot([(0, [1]), (0, [2])]))
    }
  }

  @Test func reconcilingFallsBackToAFullReload() throws {
    let target = snapshot([(0, [1, 1])])
    let changeset = StagedChangeset.reconciling(from: snapshot([(0, [1])]), to: target)
    guard case .duplicateIdentifier(let error) = changeset.fullReload else {
      Issue.record("expected a full reload, got \(changeset)")
      return
    }
    #expect(error.description.contains("duplicate item identifier 1"))
    var table = HeadlessTableView(showing: snapshot([(0, [1])]))
    try table.apply(changeset)
    try table.verifyShows(target)
  }

  @Test func thresholdTurnsALargeChangesetIntoAReload() throws {
    let changeset = try diffAndReplay(
      snapshot([(0, Array(0..<100))]), snapshot([(0, Array(50..<150))]),
      options: DiffOptions(maxChangeCount: 10))
    #expect(changeset.fullReload == .tooManyChanges(count: 100, limit: 10))
    let small = try diffAndReplay(
      snapshot([(0, Array(0..<100))]), snapshot([(0, Array(1..<100))]),
      options: DiffOptions(maxChangeCount: 10))
    #expect(small.fullReload == nil)
  }

  @Test func longestIncreasingSubsequence() {
    #expect(LongestIncreasingSubsequence.positions(of: [3, 1, 2, 5, 4, 6]).count == 4)
    #expect(LongestIncreasingSubsequence.positions(of: []) == [])
    #expect(LongestIncreasingSubsequence.positions(of: [5, 4, 3]).count == 1)
    #expect(LongestIncreasingSubsequence.positions(of: [0, 1, 2]) == [0, 1, 2])
  }
}
