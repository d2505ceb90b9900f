import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisPostgres
import TrellisTesting

/// Without notification triggers, a table or view of a PostgreSQL database made elsewhere is
/// looked at only while something shows it: an open list starts the looking, and closing the
/// last list stops it (the fixture `AnyData/shop-postgres.sql` in a fresh database).
@Suite("Any data: PostgreSQL polls only what is shown")
struct AnyDataPostgresPollingTests {
  /// A list of `store`'s items, shown by a headless host that checks every changeset.
  private func list(_ store: PostgresStore, _ definition: DataDefinition) -> HeadlessApp {
    show(ArrayOfObjectsSection(store: store, definition: definition))
  }

  /// A list of a view's rows.
  private func list(_ view: PostgresViewStore) -> HeadlessApp {
    show(ArrayOfObjectsSection(store: view, definition: view.definition))
  }

  /// An app showing `section`, fifty items at a time.
  private func show(_ section: ArrayOfObjectsSection) -> HeadlessApp {
    section.fetchOptions.batchSize = 50
    let model = TableModel(title: "list")
    model.addSection(section)
    return HeadlessApp(navigator: Navigator(root: Screen(model: model)))
  }

  /// Waits up to five seconds for `condition`.
  private func wait(until condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  @Test func aTableIsLookedAtOnlyWhileAListShowsIt() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(50))
    defer { database.shutdown() }
    let tags = try #require(database.store(for: "tag"))
    let definition = try #require(tags.itemsDefinition)
    try await Task.sleep(for: .milliseconds(200))
    #expect(tags.looks == 0, "nothing shows the table yet")
    var first: HeadlessApp? = list(tags, definition)
    var second: HeadlessApp? = list(tags, definition)
    try await first?.settle()
    try await second?.settle()
    try await wait { tags.looks >= 3 }
    #expect(tags.isPolling)
    first = nil
    let oneOpen = tags.looks
    try await wait { tags.looks >= oneOpen + 3 }
    #expect(tags.isPolling, "one list still shows the table")
    second = nil
    try await wait { !tags.isPolling }
    #expect(!tags.isPolling, "the last list closed")
    let closed = tags.looks
    try await Task.sleep(for: .milliseconds(400))
    #expect(tags.looks == closed, "no look after the last list closed")
    // Another program's change shows in the next list, which looks again.
    try await AnyDataPostgres.run(url, ["UPDATE tag SET label = 'bargain' WHERE id = 1"])
    let again = list(tags, definition)
    try await again.settle()
    #expect(again.texts.first?.contains { $0.contains("bargain") } == true)
    try await wait { tags.looks > closed }
    #expect(tags.isPolling)
    _ = second
  }

  @Test func aViewIsLookedAtOnlyWhileAListShowsIt() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(50))
    defer { database.shutdown() }
    let view = try #require(database.viewStore(for: "product_summary"))
    #expect(!view.isPolling)
    var app: HeadlessApp? = list(view)
    try await app?.settle()
    #expect(view.isPolling)
    app = nil
    try await wait { !view.isPolling }
    #expect(!view.isPolling, "the last list closed")
    _ = app
  }

  @Test func theHomeScreensCountsAreLookedAtOnlyWhileItIsOpen() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.shared(url: url, pollInterval: .milliseconds(50))
    defer { PostgresDatabase.close(url: url) }
    let inferred = InferredDescriptors(
      schema: database.schema, origin: .postgres(url: url), title: "shop", readOnly: false)
    let (home, library, found) = inferred.library()
    #expect(found.filter { $0.severity == .error }.isEmpty)
    let tags = try #require(database.store(for: "tag"))
    let view = try #require(database.viewStore(for: "product_summary"))
    var app: HeadlessApp? = HeadlessApp(
      navigator: try library.makeNavigator(showing: try #require(home), root: DocumentObject([:])))
    try await app?.settle()
    try await wait { tags.isPolling && view.isPolling }
    #expect(tags.isPolling && view.isPolling, "the home screen counts every table and view")
    // The list's own header counts its rows too.
    try app?.tap("tag")
    try await app?.settle()
    let expected = try await AnyDataPostgres.texts(url, "SELECT count(*)::text FROM tag")
    let header = app?.host.table.visible.first?.model.header
    #expect(header == "\(expected.first.flatMap { $0 } ?? "?") rows")
    try app?.send(.back)
    app = nil
    try await wait { !tags.isPolling && !view.isPolling }
    #expect(!tags.isPolling, "nothing shows the table")
    #expect(!view.isPolling, "nothing shows the view")
    _ = app
  }
}
