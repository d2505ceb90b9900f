import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// A store's insert, delete or move in a long list renders the rows it touches and keeps the
/// rest: the rows both lists start and end with are found by identity in order, and the
/// changeset names the positions, whatever the list's length.
@Suite("Edits at known positions")
struct EditsAtKnownPositionsTests {
  static func list(_ count: Int, batch: Int? = nil) throws -> (
    MemoryStore, ArrayOfObjectsSection, HeadlessHost
  ) {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(
      objects: (0..<count).map { TaskItem(name: "Task \($0)") }, definition: definition)
    let model = TableModel()
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.fetchOptions.batchSize = batch
    section.addItemText = "New task"
    model.addSection(section)
    return (store, section, HeadlessHost(model: model))
  }

  @Test func anInsertAtTheTopOfALongListRendersItsRowAndKeepsEveryOther() throws {
    let (store, _, host) = try Self.list(10_000)
    let last = host.rows(inSection: 0)[9_999]
    let changesets = ChangesetLog()
    let observation = host.model.observe { changesets.record($0) }
    defer { observation.cancel() }
    let before = host.model.statistics
    try store.insert(.object(ObjectReference(TaskItem(name: "New"))), at: 0)
    try host.check()
    #expect(host.texts[0].prefix(2) == ["New", "Task 0"])
    #expect(host.model.statistics.rowBuilds - before.rowBuilds == 2, "the new row and Add")
    #expect(host.rows(inSection: 0)[10_000].isSameRendering(as: last))
    let stage = try #require(changesets.last?.stages.first)
    #expect(changesets.last?.stages.count == 1)
    #expect(stage.itemInserts.map(\.item) == [0])
    #expect(stage.itemMoves.isEmpty && stage.itemDeletes.isEmpty)
    #expect(host.model.snapshot == host.model.freshSnapshot())
  }

  @Test(arguments: [(1 as UInt64, nil as Int?), (2, nil), (3, 40), (4, 40), (5, nil)])
  func randomEditsEndAsAFreshRenderWithTheTableRulesKept(seed: UInt64, batch: Int?) throws {
    let (store, section, host) = try Self.list(300, batch: batch)
    if seed == 5 { host.model.theme = try TestFixtures.seedTheme() }
    var random = SeededRandom(seed: seed)
    var made = 0
    for _ in 0..<60 {
      // One to three changes at once, anywhere in the list.
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let count = store.allItems.count
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where count > 1:
          try store.delete(at: Int.random(in: 0..<count, using: &random))
        case 1 where count > 1:
          let from = Int.random(in: 0..<count, using: &random)
          let to = Swift.min(Swift.max(from + Int.random(in: -3...3, using: &random), 0), count - 1)
          try store.move(from: from, to: to)
        default:
          made += 1
          try store.insert(
            .object(ObjectReference(TaskItem(name: "New \(made)"))),
            at: Int.random(in: 0...count, using: &random))
        }
      }
      try host.check()
      #expect(host.model.snapshot == host.model.freshSnapshot(), "seed \(seed)")
      if batch != nil, Bool.random(using: &random) { try section.loadMore() }
    }
    try host.verifyFresh()
    #expect(host.violations.isEmpty)
  }
}

/// The changesets a model delivered, in order.
final class ChangesetLog {
  private(set) var changesets: [TableChangeset] = []
  var last: TableChangeset? { changesets.last }
  func record(_ changeset: TableChangeset) { changesets.append(changeset) }
}
