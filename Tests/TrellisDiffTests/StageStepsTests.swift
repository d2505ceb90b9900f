import Testing
import TrellisDiff
import TrellisTesting

/// A stage as sequential steps: replayed one by one on the old rows, the steps give the new
/// rows, exactly as the headless table view gets them from the batch update.
@Suite("A stage as sequential steps")
struct StageStepsTests {
  /// 5,000 seeded sequences of random edits over up to 5 sections: every stage of every diff
  /// is applied both as one batch update on a headless table view and as sequential steps on
  /// the rows shown, and both must end at the stage's data.
  @Test func randomStagesReplayAsStepsExactly() throws {
    var stageCount = 0
    var stepCount = 0
    for seed in UInt64(1)...5_000 {
      var generator = MutationGenerator(seed: seed &* 104_729)
      var current = generator.snapshot()
      var table = HeadlessTableView(showing: current)
      for _ in 0..<Int.random(in: 1...4, using: &generator.random) {
        let next = generator.mutate(current, count: Int.random(in: 1...4, using: &generator.random))
        let changeset = try StagedChangeset(from: current, to: next)
        var shown = current
        for (index, stage) in changeset.stages.enumerated() {
          let steps = stage.sequentialSteps
          do {
            try shown.apply(steps, from: stage.data)
            try table.performBatchUpdates(stage, stage: index)
          } catch {
            Issue.record("seed \(seed), stage \(index): \(error)\n\(stage)\nsteps: \(steps)")
            return
          }
          #expect(shown == stage.data, "seed \(seed), stage \(index): \(stage)\nsteps: \(steps)")
          #expect(table.visible == shown.sections, "seed \(seed), stage \(index)")
          stageCount += 1
          stepCount += steps.count
        }
        #expect(shown == next, "seed \(seed)")
        current = next
      }
    }
    #expect(stageCount > 10_000)
    #expect(stepCount > stageCount)
  }

  @Test func stepsComeInOrderWithTheirIndices() throws {
    // Section 1 ("B") is deleted, "D" inserted at 0; in "A", 2 is deleted, 9 inserted,
    // 1 changes, and 4 moves to the front.
    let old = snapshot([(1, [1, 2, 3, 4]), (2, [5]), (3, [6])])
    var new = snapshot([(4, [7]), (1, [4, 1, 9, 3]), (3, [6])])
    new.sections[1].items[1].version = 1
    let changeset = try StagedChangeset(from: old, to: new)
    #expect(changeset.stages.count == 1)
    let stage = try #require(changeset.stages.first)
    let steps = StageSteps(stage)
    #expect(steps.sectionTargets == [0: 1, 2: 2])
    #expect(
      steps.steps == [
        .deleteItem(ItemPath(item: 3, section: 0)), .deleteItem(ItemPath(item: 1, section: 0)),
        .deleteSection(1), .insertSection(0),
        .insertItem(ItemPath(item: 0, section: 1)), .insertItem(ItemPath(item: 2, section: 1)),
        .reloadItem(ItemPath(item: 1, section: 1)),
      ])
    var shown = old
    try shown.apply(steps.steps, from: stage.data)
    #expect(shown == new)
    var table = HeadlessTableView(showing: old)
    try table.apply(changeset)
    #expect(table.visible == shown.sections)
  }

  @Test func aMovedSectionLeavesAndArrivesWithItsItems() throws {
    let old = snapshot([(1, [1, 2]), (2, [3]), (3, [4, 5])])
    let new = snapshot([(3, [4, 5]), (1, [1, 2]), (2, [3])])
    let changeset = try StagedChangeset(from: old, to: new)
    var shown = old
    var table = HeadlessTableView(showing: old)
    for stage in changeset.stages {
      let steps = stage.sequentialSteps
      #expect(!steps.contains { if case .insertItem = $0 { true } else { false } })
      try shown.apply(steps, from: stage.data)
      try table.performBatchUpdates(stage)
    }
    #expect(shown == new)
    #expect(table.visible == new.sections)
  }

  @Test func aStepOutsideTheListIsAnErrorAndChangesNothing() {
    let data = snapshot([(1, [1, 2])])
    var shown = snapshot([(1, [1])])
    #expect(throws: StageStepError(step: .deleteItem(ItemPath(item: 5, section: 0)), side: .shown))
    {
      try shown.apply(.deleteItem(ItemPath(item: 5, section: 0)), from: data)
    }
    #expect(throws: StageStepError(step: .insertItem(ItemPath(item: 4, section: 0)), side: .data)) {
      try shown.apply(.insertItem(ItemPath(item: 4, section: 0)), from: data)
    }
    #expect(throws: StageStepError(step: .reloadSection(3), side: .data)) {
      try shown.apply(.reloadSection(3), from: data)
    }
    #expect(shown == snapshot([(1, [1])]))
    let error = StageStepError(step: .deleteSection(2), side: .shown)
    #expect(error.description == "deleteSection 2 is outside the list shown")
  }
}
