import Testing
import TrellisTesting

@testable import TrellisDiff

/// The changesets made without diffing: edits at known positions, a one-section list's
/// changesets addressed to a section of a larger table, and two changesets joined. Each is
/// replayed through the headless table view, which enforces UITableView's batch-update rules.
@Suite("Changesets made without diffing")
struct LocalEditsTests {
  /// Random deletes, inserts and reloads at known positions in random sections: one stage
  /// the table accepts, ending at the target, with the updates the diff would find.
  @Test func editsAtKnownPositionsReplayExactly() throws {
    for seed in UInt64(1)...3_000 {
      var generator = MutationGenerator(seed: seed &* 31)
      let base = generator.snapshot(maxSections: 4, maxItems: 14)
      var random = SeededRandom(seed: seed)
      let (target, edits) = Self.edit(base, random: &random)
      let changeset = TestChangeset(
        localEdits: edits, rowCounts: base.sections.map(\.items.count), to: target)
      var table = HeadlessTableView(showing: base)
      do { try table.apply(changeset) } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
      #expect(changeset.fullReload == nil, "seed \(seed)")
      #expect(changeset.stages.count <= 1, "seed \(seed)")
      let diffed = try TestChangeset(from: base, to: target)
      #expect(changeset.totals == diffed.totals, "seed \(seed): \(changeset.totals)")
    }
  }

  /// Random inserts and deletes taken one after another (moves among them, as a delete and an
  /// insert of one row) make edits the table accepts in one stage, ending where the steps
  /// ended, with every row that stayed kept.
  @Test func stepsTakenOneAfterAnotherReplayExactly() throws {
    for seed in UInt64(1)...3_000 {
      var random = SeededRandom(seed: seed &* 7)
      let base = Array(0..<Int.random(in: 0...12, using: &random))
      var list = base
      var steps: [SectionEdits.Step] = []
      var nextID = 1_000
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        if list.isEmpty || Bool.random(using: &random) {
          let position = Int.random(in: 0...list.count, using: &random)
          // Half the inserts put back a row deleted before: a move.
          let deleted = Set(base).subtracting(list)
          let item = Bool.random(using: &random) ? deleted.randomElement(using: &random) : nil
          nextID += 1
          list.insert(item ?? nextID, at: position)
          steps.append(.insert(position))
        } else {
          let position = Int.random(in: 0..<list.count, using: &random)
          list.remove(at: position)
          steps.append(.delete(position))
        }
      }
      let edits = SectionEdits(steps: steps)
      // The same edits with each row deleted and inserted again as a move.
      let paired = edits.pairingMoves { base[$0] == list[$1] }
      let before = snapshot([(1, base)])
      let after = snapshot([(1, list)])
      for edits in [edits, paired] {
        let changeset = TestChangeset(
          localEdits: [0: edits], rowCounts: [base.count], to: after)
        #expect(changeset.fullReload == nil, "seed \(seed): \(steps) gave \(edits)")
        var table = HeadlessTableView(showing: before)
        do { try table.apply(changeset) } catch {
          Issue.record("seed \(seed): \(steps) gave \(edits): \(error)")
          return
        }
        var applied = base
        edits.apply(to: &applied, inserting: edits.inserts.sorted().map { list[$0] })
        #expect(applied == list, "seed \(seed): \(steps) gave \(edits)")
      }
      // The rows in neither list of edits are the same rows, in the same order.
      let kept = base.indices.filter { !edits.deletes.contains($0) }.map { base[$0] }
      let stayed = list.indices.filter { !edits.inserts.contains($0) }.map { list[$0] }
      #expect(kept == stayed, "seed \(seed): \(steps) gave \(edits)")
      #expect(paired.moves.allSatisfy { base[$0.source] == list[$0.target] })
      #expect(paired.deletes.allSatisfy { !list.contains(base[$0]) }, "seed \(seed)")
    }
    let move = SectionEdits(steps: [.delete(7), .insert(2)])
    #expect(move == SectionEdits(deletes: [7], inserts: [2]))
    #expect(
      move.pairingMoves { $0 == 7 && $1 == 2 } == SectionEdits(moves: [Move(source: 7, target: 2)]))
    let insertedThenDeleted = SectionEdits(steps: [.insert(3), .delete(0), .delete(2)])
    #expect(insertedThenDeleted == SectionEdits(deletes: [0]))
  }

  /// Edits that do not lead from the rows before to the rows after are not trusted: the table
  /// reloads instead of receiving an update that breaks its rules.
  @Test func editsThatDoNotFitReloadEverything() throws {
    let base = snapshot([(1, [10, 11, 12]), (2, [20])])
    var target = base
    target.sections[0].items.remove(at: 1)
    let wrong: [[Int: SectionEdits]] = [
      [0: SectionEdits(deletes: [3])],  // out of range
      [0: SectionEdits(deletes: [1, 1])],  // twice
      [0: SectionEdits()],  // the count disagrees
      [0: SectionEdits(deletes: [1], reloads: [1])],  // deleted and reloaded
      [0: SectionEdits(deletes: [1]), 5: SectionEdits()],  // no such section
      [0: SectionEdits(deletes: [1], moves: [Move(source: 1, target: 0)])],  // deleted and moved
      [0: SectionEdits(deletes: [1], moves: [Move(source: 0, target: 2)])],  // moved past the end
    ]
    for edits in wrong {
      let changeset = TestChangeset(localEdits: edits, rowCounts: [3, 1], to: target)
      #expect(changeset.fullReload == .inconsistentEdits, "\(edits)")
      var table = HeadlessTableView(showing: base)
      try table.apply(changeset)
      #expect(table.reloadCount == 2)
    }
    let right = TestChangeset(
      localEdits: [0: SectionEdits(deletes: [1])], rowCounts: [3, 1], to: target,
      options: DiffOptions(maxChangeCount: 0))
    #expect(right.fullReload == .tooManyChanges(count: 1, limit: 0))
  }

  /// A one-section list's changesets, addressed to one section of a table around it, bring
  /// that table to the list's end, other sections untouched.
  @Test func aListsChangesetsAddressedToASectionOfATableReplayExactly() throws {
    for seed in UInt64(1)...2_000 {
      var generator = MutationGenerator(seed: seed &* 131)
      var list = generator.snapshot(maxSections: 1, maxItems: 12)
      if list.sections.isEmpty { list = snapshot([(7, [])]) }
      var table = generator.snapshot(maxSections: 3, maxItems: 5)
      var random = SeededRandom(seed: seed)
      let s = Int.random(in: 0...table.sections.count, using: &random)
      table.sections.insert(list.sections[0], at: s)
      let flatMutations: [Mutation] = [.deleteItem, .insertItem, .moveItem, .reloadItem]
      var changesets: [TestChangeset] = []
      var current = list
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        var next = current
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          generator.apply(flatMutations.randomElement(using: &random)!, to: &next)
        }
        changesets.append(try TestChangeset(from: current, to: next))
        current = next
      }
      let stages = try #require(TestChangeset.stages(of: changesets, addressedTo: s, of: table))
      var expected = table
      expected.sections[s] = current.sections[0]
      var host = HeadlessTableView(showing: table)
      do {
        for (index, stage) in stages.enumerated() {
          try host.performBatchUpdates(stage, stage: index)
        }
        try host.verifyShows(expected)
      } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
    }
  }

  /// Changesets that add or remove sections cannot be addressed to one section.
  @Test func sectionChangesCannotBeAddressedToASection() throws {
    let list = snapshot([(1, [10])])
    let grown = snapshot([(1, [10]), (2, [])])
    let changeset = try TestChangeset(from: list, to: grown)
    #expect(TestChangeset.stages(of: [changeset], addressedTo: 0, of: list) == nil)
    #expect(TestChangeset.stages(of: [], addressedTo: 3, of: list) == nil)
  }

  /// One changeset followed by the next replays as the two in turn do; a full reload in
  /// either wins.
  @Test func aChangesetFollowedByAnotherReplaysBoth() throws {
    for seed in UInt64(1)...2_000 {
      var generator = MutationGenerator(seed: seed &* 7)
      let a = generator.snapshot()
      let b = generator.mutate(a, count: 2)
      let c = generator.mutate(b, count: 2)
      let joined = try TestChangeset(from: a, to: b).followed(by: try TestChangeset(from: b, to: c))
      var table = HeadlessTableView(showing: a)
      do { try table.apply(joined) } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
      #expect(joined.fullReload == nil)
    }
    let a = snapshot([(1, [10, 11])])
    let b = snapshot([(1, [11, 10])])
    let reload = TestChangeset.reloadAll(to: b, because: .stagingFailed)
    #expect(reload.followed(by: TestChangeset(stages: [], target: b)).fullReload == .stagingFailed)
    let moveBack = try TestChangeset(from: b, to: a)
    #expect(reload.followed(by: moveBack).fullReload == .stagingFailed)
    #expect(reload.followed(by: moveBack).target.sections[0].items.map(\.id) == [10, 11])
    let limited = try TestChangeset(from: a, to: b).followed(
      by: moveBack, options: DiffOptions(maxChangeCount: 1))
    #expect(limited.fullReload == .tooManyChanges(count: 2, limit: 1))
  }

  /// Deletes, reloads and inserts at random positions of random sections of `base`.
  static func edit(_ base: TestSnapshot, random: inout SeededRandom)
    -> (TestSnapshot, [Int: SectionEdits])
  {
    var target = base
    var edits: [Int: SectionEdits] = [:]
    var nextID = 1_000_000
    for (s, section) in base.sections.enumerated() where Bool.random(using: &random) {
      var edit = SectionEdits()
      var kept: [(item: TestItem, isNew: Bool)] = []
      for (index, item) in section.items.enumerated() {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: edit.deletes.append(index)
        case 1:
          edit.reloads.append(index)
          kept.append((TestItem(id: item.id, version: item.version + 1), false))
        default: kept.append((item, false))
        }
      }
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        nextID += 1
        kept.insert(
          (TestItem(id: nextID), true), at: Int.random(in: 0...kept.count, using: &random))
      }
      edit.inserts = kept.indices.filter { kept[$0].isNew }
      target.sections[s].items = kept.map(\.item)
      edits[s] = edit
    }
    return (target, edits)
  }
}

typealias TestChangeset = StagedChangeset<TestSection, TestItem>
