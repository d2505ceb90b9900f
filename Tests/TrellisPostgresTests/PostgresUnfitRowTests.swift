import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A row another program wrote with a value its class cannot hold (a NULL rank, once the
/// column allows it): the list shows every row, that one with why, read at first or arriving
/// later; its form shows the value refused, to be fixed.
@Suite("PostgreSQL: a row its class cannot hold", .serialized)
struct PostgresUnfitRowTests {
  /// Runs `statements` as another program would.
  static func run(_ store: PostgresStore, _ statements: String...) async throws {
    try await store.client.withConnection { connection in
      for sql in statements {
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test"))
      }
    }
  }

  @Test func isListedWithWhyWhenReadAndWhenItArrives() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let writer = try await PostgresTestSupport.store(
      url, "unfit", records: [("Ann", 1), ("Bob", 2), ("Cy", 3)])
    defer { writer.shutdown() }
    let table = "\"\(writer.entity.table)\""
    try await Self.run(
      writer, "ALTER TABLE \(table) ALTER COLUMN rank DROP NOT NULL",
      "UPDATE \(table) SET rank = NULL WHERE name = 'Bob'")

    let store = try PostgresStore(url: url, entity: writer.entity, timeout: .seconds(30))
    defer { store.shutdown() }
    let app = CrossServerTests.session(store)
    try await app.settle()
    func message(_ name: String) -> String? { app.row(name)?.validationMessage }
    #expect(app.texts == [["Ann", "Bob", "Cy"]], "every row is listed")
    #expect(message("Bob")?.hasSuffix(" row 2: rank is empty, and needs a whole number") == true)
    #expect(message("Ann") == nil && message("Cy") == nil)

    // Opened, the form shows the empty rank refused: Done writes nothing until it is fixed,
    // then writes it, and the list row is plain again.
    try app.tap("Bob")
    #expect(app.navigator.stack.count == 2)
    #expect(app.row("Rank")?.validationMessage == "Rank is empty, and needs a whole number")
    try? app.send(.done)
    #expect(app.navigator.stack.count == 2)
    try app.enter(.string("5"), at: "Rank")
    try app.send(.done)
    try await app.settle(until: { app.navigator.stack.count == 1 }, timeout: .seconds(20))
    try await app.settle(until: { message("Bob") == nil }, timeout: .seconds(20))

    // Another program empties a second rank: the row says so when it arrives.
    try await Self.run(writer, "UPDATE \(table) SET rank = NULL WHERE name = 'Cy'")
    try await app.settle(until: { message("Cy") != nil }, timeout: .seconds(20))
    #expect(message("Cy")?.hasSuffix(" row 3: rank is empty, and needs a whole number") == true)

    // Mended, the rows are read again without their messages, and open.
    try await Self.run(writer, "UPDATE \(table) SET rank = 0 WHERE rank IS NULL")
    try await app.settle(
      until: { message("Bob") == nil && message("Cy") == nil }, timeout: .seconds(20))
    try app.tap("Bob")
    #expect(app.navigator.stack.count == 2)
  }

  /// The store that inserted the rows holds the app's own objects, not faults: one whose row
  /// arrives with a value it cannot hold takes the others, keeps its own for that one, and
  /// its list row says why.
  @Test func anObjectTheAppMadeTakesWhatItCanHoldAndItsRowSaysWhy() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "unfitmade", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let app = CrossServerTests.session(store)
    try await app.settle()
    let section = try #require(app.navigator.top.model.sections.first as? ArrayOfObjectsSection)
    #expect(app.texts == [["Ann", "Bob"]])
    let bob = try #require(section.items.last)
    guard case .object(let reference) = bob else { throw StoreError.failed("not an object") }
    #expect(reference.fault == nil, "the app made this object")

    let table = "\"\(store.entity.table)\""
    try await Self.run(
      store, "ALTER TABLE \(table) ALTER COLUMN rank DROP NOT NULL",
      "UPDATE \(table) SET rank = NULL, name = 'Bobby' WHERE name = 'Bob'")
    try await app.settle(
      until: { app.row("Bobby")?.validationMessage != nil }, timeout: .seconds(20))
    #expect(
      app.row("Bobby")?.validationMessage?.hasSuffix(" rank is empty, and needs a whole number")
        == true)
    #expect(app.row("Ann")?.validationMessage == nil)
    let kvc = try #require(bob.objectValue.flatMap(store.entity.definition.keyValueCoding(for:)))
    #expect(try kvc.value(forKey: "name") == .string("Bobby"), "it takes what it can hold")
    #expect(try kvc.value(forKey: "rank") == .int(2), "and keeps its own for the rest")
    #expect(throws: ScreenError.self) { try app.tap("Bobby") }

    // Mended, the row opens again.
    try await Self.run(store, "UPDATE \(table) SET rank = 5 WHERE name = 'Bobby'")
    try await app.settle(
      until: { app.row("Bobby")?.validationMessage == nil }, timeout: .seconds(20))
    #expect(try kvc.value(forKey: "rank") == .int(5))
    try app.tap("Bobby")
    #expect(app.navigator.stack.count == 2)
  }
}
