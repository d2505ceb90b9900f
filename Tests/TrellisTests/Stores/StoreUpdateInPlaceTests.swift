import Foundation
import Testing
import TrellisDiff
import TrellisTesting

@testable import Trellis

/// A note that is not observed: only its store's change events can update its row.
private final class Note: PropertyTableProviding, @unchecked Sendable {
  var title: String
  init(title: String = "") { self.title = title }

  static let propertyTable = PropertyTable<Note>([.init("title", \.title)])
}

/// Counts a model's fetches, from any thread.
private final class FetchCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// A store item updated in place redraws its row alone in a list over the store: no fetch and
/// no diff, the same changeset a fetch and a diff would give.
@Suite("Store items updated in place")
struct StoreUpdateInPlaceTests {
  private func list(_ notes: [Note], sorted: Bool = false) throws -> (
    TableModel, MemoryStore, HeadlessHost, FetchCounter
  ) {
    let definition = try DataDefinition(for: Note.self, names: "title", make: { Note() })
    let store = MemoryStore(objects: notes, definition: definition)
    let model = TableModel()
    let fetches = FetchCounter()
    model.modelActions.didFetchItems = { _ in fetches.add() }
    let section = ArrayOfObjectsSection(id: "notes", store: store, definition: definition)
    if sorted { section.fetchOptions.sort = [SortKey("title")] }
    model.addSection(section)
    return (model, store, HeadlessHost(model: model), fetches)
  }

  @Test func anObjectUpdatedInPlaceRedrawsOnlyItsRow() throws {
    let notes = (0..<5).map { Note(title: "Note \($0)") }
    let (model, store, host, fetches) = try list(notes)
    let before = fetches.value
    try store.update(.object(ObjectReference(notes[2])), values: ["title": "Changed"])
    model.processChanges()
    #expect(host.texts == [["Note 0", "Note 1", "Changed", "Note 3", "Note 4"]])
    // One fetch: the headless host's own check, which renders the table afresh.
    #expect(fetches.value == before + 1)
    #expect(host.changesets.last?.stages.first?.itemReloads == [ItemPath(item: 2, section: 0)])
    #expect(model.snapshot == model.freshSnapshot())
    try host.check()
  }

  @Test func aSortedListFetchesAgainSoThatTheRowMoves() throws {
    let notes = ["a", "b", "c"].map { Note(title: $0) }
    let (model, store, host, fetches) = try list(notes, sorted: true)
    let before = fetches.value
    try store.update(.object(ObjectReference(notes[0])), values: ["title": "z"])
    model.processChanges()
    #expect(host.texts == [["b", "c", "z"]])
    // The list's own fetch, then the headless host's check.
    #expect(fetches.value == before + 2)
    try host.check()
  }

  @Test func insertsDeletesAndReplacementsFetchAgain() throws {
    let notes = ["a", "b", "c"].map { Note(title: $0) }
    let (model, store, host, _) = try list(notes)
    try store.replace(at: 1, with: .object(ObjectReference(Note(title: "new b"))))
    model.processChanges()
    #expect(host.texts == [["a", "new b", "c"]])
    try store.insert(.object(ObjectReference(Note(title: "d"))), at: 0)
    try store.update(.object(ObjectReference(notes[2])), values: ["title": "C"])
    model.processChanges()
    #expect(host.texts == [["d", "a", "new b", "C"]])
    try store.delete(.object(ObjectReference(notes[0])))
    model.processChanges()
    #expect(host.texts == [["d", "new b", "C"]])
    #expect(model.snapshot == model.freshSnapshot())
    try host.check()
  }
}
