import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A PostgreSQL store reports every change of its rows, and its lists draw their rows from
/// those reports rather than by observing the objects. Sessions of one server share the
/// objects: a value one session gives an object reaches every other session's list at once,
/// as observing the object would, and so does a value put back when the server refuses it.
@Suite("PostgreSQL: every session's list hears of a row's change", .serialized)
struct PostgresRowReportTests {
  @Test func aValueTakenInOneSessionShowsInTheOthersAtOnceAndGoesBackWhenRefused() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "reports", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let editing = CrossServerTests.session(store)
    let watching = CrossServerTests.session(store)
    try await editing.settle()
    try await watching.settle()
    #expect(watching.texts == [["Ann", "Bob"]])
    let section = try #require(
      editing.navigator.top.model.sections.first as? ArrayOfObjectsSection)
    let bob = try #require(section.items.last)
    #expect(section.rowsFollowStore)

    // A form's write starts on the editing session's domain: the object takes the value
    // before the server has it, and the watching session shows it with its next processing.
    let write = try store.prepareUpdate(bob, values: ["name": .string("Bea")])
    watching.navigator.processChanges()
    #expect(watching.texts == [["Ann", "Bea"]])
    // The server refused it: the value goes back, and the watching session shows that too.
    write.undo.run()
    watching.navigator.processChanges()
    #expect(watching.texts == [["Ann", "Bob"]])

    // A rename the server refuses (another person is named Ann) ends with Bob in both.
    await #expect(throws: StoreError.self) {
      try await store.update(bob, values: ["name": .string("Ann")])
    }
    try await watching.settle(until: { watching.texts == [["Ann", "Bob"]] })
    try await editing.settle(until: { editing.texts == [["Ann", "Bob"]] })

    // An accepted rename reaches both, and a fresh page agrees.
    try await store.update(bob, values: ["name": .string("Bea")])
    try await watching.settle(until: { watching.texts == [["Ann", "Bea"]] })
    try await editing.settle(until: { editing.texts == [["Ann", "Bea"]] })
    let fresh = try await store.fetchPage(FetchOptions(), from: nil).items
    #expect(fresh.map { store.itemsDefinition?.title(of: $0) } == ["Ann", "Bea"])
    for app in [editing, watching] {
      #expect(app.host(for: app.navigator.top).violations.isEmpty)
    }
  }
}
