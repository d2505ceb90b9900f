import Testing
import TrellisTesting

@testable import TrellisDiff

/// Seeded property tests: random mutation sequences, every changeset replayed through the
/// headless table view, which enforces UITableView's batch-update contract.
///
/// A failure names its seed; rerun that seed alone to replay it.
@Suite("Random mutation sequences")
struct PropertyDiffTests {
  /// 10,000 sequences of 1–8 mutations over up to 5 sections: each step is diffed and replayed
  /// on one table (so stages build on the table's real state), and so is the whole sequence.
  @Test func tenThousandSequencesReplayExactly() throws {
    var stepCount = 0
    for seed in UInt64(1)...10_000 {
      var generator = MutationGenerator(seed: seed)
      let start = generator.snapshot()
      var table = HeadlessTableView(showing: start)
      var current = start
      for _ in 0..<Int.random(in: 1...8, using: &generator.random) {
        let next = generator.mutate(current, count: Int.random(in: 1...3, using: &generator.random))
        let changeset = try StagedChangeset(from: current, to: next)
        do {
          try table.apply(changeset)
        } catch {
          Issue.record("seed \(seed), step \(stepCount): \(error)")
          return
        }
        #expect(changeset.fullReload == nil, "seed \(seed): a valid diff fell back to a reload")
        #expect(table.reloadCount == 1, "seed \(seed): the table was reloaded")
        try checkExpectedMoves(changeset, from: current, to: next, seed: seed)
        current = next
        stepCount += 1
      }
      // The whole sequence in one diff, on a fresh table.
      let whole = try StagedChangeset(from: start, to: current)
      var fresh = HeadlessTableView(showing: start)
      do {
        try fresh.apply(whole)
      } catch {
        Issue.record("seed \(seed), whole sequence: \(error)")
        return
      }
      try checkExpectedMoves(whole, from: start, to: current, seed: seed)
    }
    #expect(stepCount > 40_000)
  }

  /// Flat lists: deletes, inserts, moves and reloads only, checked against the optimal number
  /// of moves (matched items outside a longest increasing subsequence).
  @Test func flatListMovesAreOptimal() throws {
    let flatMutations: [Mutation] = [.deleteItem, .insertItem, .moveItem, .reloadItem]
    for seed in UInt64(1)...2_000 {
      var generator = MutationGenerator(seed: seed &* 7919)
      var old = generator.snapshot(maxSections: 1, maxItems: 40)
      if old.sections.isEmpty { old = snapshot([(0, [])]) }
      var new = old
      for _ in 0..<Int.random(in: 1...12, using: &generator.random) {
        generator.apply(
          flatMutations.randomElement(using: &generator.random) ?? .moveItem, to: &new)
      }
      let changeset = try StagedChangeset(from: old, to: new)
      var table = HeadlessTableView(showing: old)
      try table.apply(changeset)
      let optimal = optimalMoveCount(
        from: old.sections[0].items.map(\.id), to: new.sections[0].items.map(\.id))
      #expect(changeset.totals.itemMoves == optimal, "seed \(seed)")
    }
  }

  /// A duplicate identifier anywhere is reported, never crashes, and the fallback is a full
  /// reload that the table accepts.
  @Test func duplicatesAreReportedAndReconciled() throws {
    for seed in UInt64(1)...2_000 {
      var generator = MutationGenerator(seed: seed &+ 1_000_003)
      let old = generator.snapshot(maxSections: 4, maxItems: 8)
      var new = generator.mutate(old, count: 3)
      let items = new.sections.indices.flatMap { s in
        new.sections[s].items.indices.map { ItemPath(item: $0, section: s) }
      }
      guard items.count >= 2 else { continue }
      let first = items[Int.random(in: 0..<items.count, using: &generator.random)]
      var second = items[Int.random(in: 0..<items.count, using: &generator.random)]
      if second == first { second = items[(items.firstIndex(of: first)! + 1) % items.count] }
      new.sections[second.section].items[second.item].id =
        new.sections[first.section].items[first.item].id

      #expect(throws: DiffError.self, "seed \(seed)") {
        try StagedChangeset(from: old, to: new)
      }
      let reconciled = StagedChangeset.reconciling(from: old, to: new)
      guard case .duplicateIdentifier(.duplicateItem) = reconciled.fullReload else {
        Issue.record("seed \(seed): expected a duplicate-item reload, got \(reconciled)")
        continue
      }
      var table = HeadlessTableView(showing: old)
      try table.apply(reconciled)
      #expect(table.visible.map(\.items) == new.sections.map(\.items))
    }
  }

  /// Checks the move counts against their definition: an item that changes section moves; in a
  /// section present on both sides, only matched items outside a longest increasing run move;
  /// sections move by the same rule.
  private func checkExpectedMoves(
    _ changeset: StagedChangeset<TestSection, TestItem>, from old: TestSnapshot,
    to new: TestSnapshot, seed: UInt64
  ) throws {
    let oldSections = old.sections.map(\.model.id)
    let newSections = new.sections.map(\.model.id)
    #expect(
      changeset.totals.sectionMoves == optimalMoveCount(from: oldSections, to: newSections),
      "seed \(seed): section moves")

    var oldSectionOfItem: [Int: Int] = [:]
    for section in old.sections {
      for item in section.items { oldSectionOfItem[item.id] = section.model.id }
    }
    var expected = 0
    for section in new.sections {
      let stayed = section.items.filter { oldSectionOfItem[$0.id] == section.model.id }.map(\.id)
      expected +=
        section.items.filter {
          oldSectionOfItem[$0.id].map { $0 != section.model.id } ?? false
        }.count
      if let before = old.sections.first(where: { $0.model.id == section.model.id }) {
        let stayedSet = Set(stayed)
        expected += optimalMoveCount(
          from: before.items.map(\.id).filter { stayedSet.contains($0) }, to: stayed)
      }
    }
    #expect(changeset.totals.itemMoves == expected, "seed \(seed): item moves")
  }
}
