import Foundation
import Synchronization
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A class that counts how many of it were made, to show which rows made an object.
private final class CountedPerson {
  static let made = Atomic<Int>(0)
  var name = ""
  var rank = 0
  init() { Self.made.add(1, ordering: .relaxed) }
}

/// Rows listed over PostgreSQL are faults, as over SQLite: their values as fetched, with the
/// app's object made only when a row is opened, and then the same object every time.
@Suite("PostgreSQL: rows listed as faults", .serialized)
struct PostgresObjectFaultTests {
  static func entity() throws -> PostgresEntity {
    var definition = try DataDefinition(
      for: CountedPerson.self,
      properties: [.init("name", \CountedPerson.name), .init("rank", \CountedPerson.rank)],
      make: { CountedPerson() })
    definition.name = "Person"
    definition.titlePropertyNames = ["name"]
    definition.descriptionPropertyNames = ["rank"]
    return try PostgresEntity(
      table: PostgresTestSupport.freshTable("faults"), definition: definition, ordered: true)
  }

  @Test func aListOf100000RowsScrolledOnceMakesNoObject() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try Self.entity()
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(60))
    defer { store.shutdown() }
    #expect(try await store.count(FetchOptions()) == 0)
    try await AnyDataPostgres.run(
      url,
      [
        "INSERT INTO \(entity.table) (name, rank, position) "
          + "SELECT 'Row ' || i, i, i FROM generate_series(0, 99999) AS i"
      ])
    let before = CountedPerson.made.load(ordering: .relaxed)
    let section = ArrayOfObjectsSection(id: "people", store: store, definition: entity.definition)
    section.fetchOptions.batchSize = 25_000
    let model = TableModel(title: "People")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    // The store reports every change, so rows are drawn without observing their faults.
    #expect(section.rowsFollowStore)
    for _ in 0..<3 {
      try app.send(.loadMore(section: 0))
      try await app.settle()
    }
    // Every row was read by the host, titles and details from the fetched values.
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 100_000)
    #expect(rows.first?.text == "Row 0" && rows.first?.detail == "0")
    #expect(rows.last?.text == "Row 99999" && rows.last?.detail == "99999")
    #expect(CountedPerson.made.load(ordering: .relaxed) == before, "no row made an object")

    // Opening one row makes exactly its object; opening it again makes none.
    try app.tap("Row 42")
    try await app.settle()
    #expect(app.row("Name")?.value == .string("Row 42"))
    #expect(app.row("Rank")?.value == .int(42))
    #expect(CountedPerson.made.load(ordering: .relaxed) == before + 1)
    try app.send(.back)
    try app.tap("Row 42")
    // An edit goes to that object and back to the list, still without another object.
    try app.enter(.string("Forty-two"), at: "Name")
    try app.send(.done)
    try await app.settle(until: { app.row("Forty-two") != nil })
    #expect(app.row("Forty-two")?.detail == "42")
    #expect(CountedPerson.made.load(ordering: .relaxed) == before + 1)
    #expect(app.host.violations.isEmpty)
  }
}
