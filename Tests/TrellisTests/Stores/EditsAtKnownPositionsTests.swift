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

  /// An insert, a move across most of the list and a delete, each in a list of 10,000 rows
  /// (whole, loaded 2,500 at a time, or styled by a theme): each reads the identities of the
  /// rows it renders, not of the 10,000, and the table keeps every other row.
  @Test(arguments: [(nil as Int?, false), (2_500, false), (nil, true)])
  func editsInALongListReadOnlyTheRowsTheyRender(batch: Int?, themed: Bool) throws {
    let (store, section, host) = try Self.list(10_000, batch: batch)
    if themed {
      // Styled rows, but not odd and even ones: a row's look does not depend on its position.
      host.model.theme = try Theme(
        parsing: "SCTableViewCell { backgroundColor: cyanColor; textLabel.font: Chalkduster 14; }")
      try host.check()
      #expect(host.rows(inSection: 0)[0].style?.backgroundColor != nil)
    }
    while section.hasMore {
      try section.loadMore()
      try host.check()
    }
    let changesets = ChangesetLog()
    let observation = host.model.observe { changesets.record($0) }
    defer { observation.cancel() }
    let kept = host.rows(inSection: 0)[5_000]
    /// Runs `edit`, and returns the changeset's one stage and the work the render did.
    func render(_ edit: () throws -> Void) throws -> (
      stage: Changeset<SectionSnapshot, RowSnapshot>, builds: Int, identities: Int
    ) {
      let before = host.model.statistics
      try edit()
      try host.check()
      #expect(changesets.last?.stages.count == 1)
      let after = host.model.statistics
      return (
        try #require(changesets.last?.stages.first), after.rowBuilds - before.rowBuilds,
        after.identitiesRead - before.identitiesRead
      )
    }
    let inserted = try render {
      try store.insert(.object(ObjectReference(TaskItem(name: "New"))), at: 0)
    }
    #expect(inserted.stage.itemInserts.map(\.item) == [0])
    #expect(inserted.stage.itemDeletes.isEmpty)
    #expect(inserted.builds <= 2 && inserted.identities <= 2, "the new row and Add")
    #expect(host.texts[0].prefix(2) == ["New", "Task 0"])

    let moved = try render { try store.move(from: 9_000, to: 10) }
    #expect(moved.stage.itemMoves.map { [$0.source.item, $0.target.item] } == [[9_000, 10]])
    #expect(moved.stage.itemDeletes.isEmpty && moved.stage.itemInserts.isEmpty)
    #expect(moved.builds <= 1 && moved.identities <= 2, "Add; the moved row is kept")
    #expect(host.texts[0][10] == "Task 8999")

    let deleted = try render { try store.delete(at: 3) }
    #expect(deleted.stage.itemDeletes.map(\.item) == [3])
    #expect(deleted.stage.itemInserts.isEmpty)
    #expect(deleted.builds <= 1 && deleted.identities <= 1, "Add")

    // One row inserted above it, one moved from below to above it, one deleted above it.
    #expect(host.rows(inSection: 0)[5_001].isSameRendering(as: kept))
    #expect(host.model.snapshot == host.model.freshSnapshot())
    try host.verifyFresh()
    #expect(host.violations.isEmpty)
  }

  /// A render made for a check between a store's change and the model's render (a fresh
  /// snapshot) applies the change to the section's items while the model's rows still show
  /// them as before: the model's render shows the change all the same.
  @Test(arguments: [nil as Int?, 40])
  func aRenderForACheckHidesNoChangeFromTheModel(batch: Int?) throws {
    let (store, _, host) = try Self.list(100, batch: batch)
    try store.insert(.object(ObjectReference(TaskItem(name: "New"))), at: 0)
    let fresh = host.model.freshSnapshot()
    try host.check()
    #expect(host.texts[0].prefix(2) == ["New", "Task 0"])
    #expect(host.model.snapshot == fresh)
    try store.move(from: 30, to: 1)
    _ = host.model.freshSnapshot()
    try store.delete(at: 5)
    try host.check()
    #expect(host.texts[0].prefix(3) == ["New", "Task 29", "Task 0"])
    #expect(host.model.snapshot == host.model.freshSnapshot())
    try host.verifyFresh()
    #expect(host.violations.isEmpty)
  }

  /// A list of plain values may list one twice: its rows stay apart by occurrence through
  /// edits, and through a check's fresh render that fetches the same values again.
  @Test func repeatedValuesKeepTheirRowsApart() throws {
    let store = MemoryStore(items: ["a", "a", "b"].map(Value.string), definition: .string)
    let model = TableModel()
    model.addSection(ArrayOfObjectsSection(store: store, definition: .string))
    let host = HeadlessHost(model: model)
    try store.insert(.string("c"), at: 0)
    try host.check()
    try store.replace(at: 3, with: .string("a"))
    try host.check()
    try store.insert(.string("d"), at: 1)
    try host.check()
    #expect(host.texts == [["c", "d", "a", "a", "a"]])
    try host.verifyFresh()
    #expect(host.violations.isEmpty)
  }

  @Test(arguments: [(1 as UInt64, nil as Int?), (2, nil), (3, 40), (4, 40), (5, nil), (6, 40)])
  func randomEditsEndAsAFreshRenderWithTheTableRulesKept(seed: UInt64, batch: Int?) throws {
    let (store, section, host) = try Self.list(300, batch: batch)
    // Odd and even rows (seed 5), or rows styled alike (seed 6).
    if seed == 5 { host.model.theme = try TestFixtures.seedTheme() }
    if seed == 6 { host.model.theme = try Theme(parsing: "SCTableViewCell { textColor: red; }") }
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
          // Most moves are short; some cross the list.
          let from = Int.random(in: 0..<count, using: &random)
          let to =
            Bool.random(using: &random)
            ? Int.random(in: 0..<count, using: &random)
            : Swift.min(Swift.max(from + Int.random(in: -3...3, using: &random), 0), count - 1)
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
