import Foundation
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres

/// A million rows: pages, a deep page, a count, a search and a predicate read only the rows
/// they show.
@Suite("Batched loading from PostgreSQL")
struct PostgresBatchedLoadingTests {
  @Test func aMillionRowsAreReadOnlyAPageAtATime() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = PostgresEntity(
      table: PostgresTestSupport.freshTable("million"),
      definition: try PostgresTestSupport.definition(),
      columns: [.text("name"), .integer("rank"), .text("note", nullable: true)], ordered: true)
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    #expect(try await store.count(FetchOptions()) == 0, "the store makes the table")
    let table = "\"\(entity.table)\""
    let clock = ContinuousClock()
    let started = clock.now
    // A bulk fill goes without the trigger, as the DocC article advises: a million
    // notifications would hold the database's notification queue for every other writer.
    try await store.client.query(
      PostgresQuery(unsafeSQL: "ALTER TABLE \(table) DISABLE TRIGGER trellis_notify"))
    try await store.client.query(
      PostgresQuery(
        unsafeSQL: "INSERT INTO \(table) (position, name, rank) "
          + "SELECT g, 'Person ' || lpad(g::text, 7, '0'), g FROM generate_series(0, 999999) AS g"
      ))
    try await store.client.query(
      PostgresQuery(unsafeSQL: "ALTER TABLE \(table) ENABLE TRIGGER trellis_notify"))
    let filled = clock.now
    do {
      let definition = entity.definition
      func names(_ page: StorePage) -> [String] {
        page.items.map { definition.title(of: $0) }
      }

      let first = try await store.fetchPage(FetchOptions(batchSize: 50), from: nil)
      #expect(names(first).first == "Person 0000000")
      #expect(first.items.count == 50)
      #expect(first.next == .offset(50))
      #expect(store.materializedCount == 50)
      // Listed rows are faults: read for their titles, no Person was made.
      func made(_ item: Value) -> Bool {
        if case .object(let reference) = item { reference.fault?.madeObject != nil } else { true }
      }
      #expect(first.items.filter(made).isEmpty)
      // Asking for one row's object makes that one, with the row's values.
      #expect((first.items[3].objectValue as? Person)?.name == "Person 0000003")
      #expect(first.items.filter(made).count == 1)

      let deep = try await store.fetchPage(FetchOptions(batchSize: 50), from: .offset(900_000))
      #expect(names(deep).first == "Person 0900000")
      #expect(names(deep).last == "Person 0900049")
      #expect(store.materializedCount == 100)

      #expect(try await store.count(FetchOptions()) == 1_000_000)
      #expect(store.materializedCount == 100)

      let search = try await store.fetchPage(
        FetchOptions(filter: .search("0123456", in: ["name"]), batchSize: 20), from: nil)
      #expect(names(search) == ["Person 0123456"])
      #expect(store.materializedCount == 101)

      let predicate = FetchOptions(
        filter: ItemFilter(try Predicate("rank BETWEEN {500000, 500009}")), batchSize: 20)
      #expect(store.translates(try #require(predicate.filter)))
      #expect(try await store.fetchPage(predicate, from: nil).items.count == 10)
      #expect(try await store.count(predicate) == 10)
      #expect(store.materializedCount == 111)

      let sorted = try await store.fetchPage(
        FetchOptions(sort: [SortKey("name", ascending: false)], batchSize: 10), from: nil)
      #expect(names(sorted).first == "Person 0999999")
      #expect(store.materializedCount == 121)

      let reading = clock.now - filled
      #expect(reading < .seconds(10), "reading took \(reading)")
      #expect(clock.now - started < .seconds(20), "filling and reading took \(clock.now - started)")
    } catch {
      Issue.record(error)
    }
    try await store.client.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
  }
}
