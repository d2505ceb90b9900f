import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A view of a PostgreSQL database made elsewhere follows its tables' changes: its store looks
/// at the view's fingerprint while a list shows it, and reads its rows again when it changed
/// (the fixture `AnyData/shop-postgres.sql` in a fresh database).
@Suite("Any data: a PostgreSQL view stays live")
struct AnyDataPostgresViewTests {
  /// A list of the view `name`'s rows, shown by headless hosts that check every changeset.
  private func session(_ view: PostgresViewStore) -> HeadlessApp {
    let section = ArrayOfObjectsSection(store: view, definition: view.definition)
    section.fetchOptions.batchSize = 50
    let model = TableModel(title: "product_summary")
    model.addSection(section)
    return HeadlessApp(navigator: Navigator(root: Screen(model: model)))
  }

  @Test func anotherProgramsChangesToItsTablesShow() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(100))
    defer { database.shutdown() }
    let view = try #require(database.viewStore(for: "product_summary"))
    #expect(database.store(for: "product_summary") == nil, "a view has no table store")
    let app = session(view)
    try await app.settle()
    let first = app.texts.first ?? []
    #expect(first.contains("Hammer"))
    #expect(try await view.count(FetchOptions()) == 4)
    // Renamed in a table the view reads.
    try await AnyDataPostgres.run(
      url, ["UPDATE product SET name = 'Claw hammer' WHERE code = 'HAM-1'"])
    try await app.settle(until: { app.texts.first?.contains("Claw hammer") == true })
    #expect(app.texts.first?.contains("Hammer") == false)
    // A row added and one deleted change the rows and their number.
    try await AnyDataPostgres.run(
      url,
      [
        "INSERT INTO product (name, code, price, stock, supplier_id) "
          + "VALUES ('Trowel', 'TRO-1', 7, 3, 2)"
      ])
    try await app.settle(until: { app.texts.first?.contains("Trowel") == true })
    #expect(try await view.count(FetchOptions()) == 5)
    try await AnyDataPostgres.run(url, ["DELETE FROM product WHERE code = 'TRO-1'"])
    try await app.settle(until: { app.texts.first?.contains("Trowel") == false })
    #expect(try await view.count(FetchOptions()) == 4)
  }

  @Test func aViewIsReadOnly() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let view = try #require(database.viewStore(for: "product_summary"))
    #expect(throws: StoreError.self) { try view.create() }
    let row = try #require(try await view.fetchPage(FetchOptions(), from: nil).items.first)
    await #expect(throws: StoreError.self) { try await view.delete(row) }
  }

  /// A join table's rows (shown as a view's) are titled and shown by the rows they pair, and
  /// a table with a composite key by the row it points at, not by bare keys.
  @Test func aJoinTablesRowsAreTitledByTheRowsTheyPair() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(100))
    defer { database.shutdown() }
    let pairs = try #require(database.viewStore(for: "product_tag"))
    #expect(pairs.definition.properties.map(\.name) == ["product", "tag"])
    let titles = try await pairs.fetchPage(FetchOptions(), from: nil).items.map {
      pairs.definition.title(of: $0)
    }
    #expect(
      Set(titles) == ["Hammer · heavy", "Rake · sale", "Spade · new", "Spade · heavy"])
    let moves = try #require(database.viewStore(for: "stock_move"))
    #expect(moves.definition.properties.map(\.name).prefix(1) == ["product"])
    let moved = try await moves.fetchPage(FetchOptions(), from: nil).items.map {
      moves.definition.title(of: $0)
    }
    #expect(Set(moved) == ["Hammer", "Rake"])
    // A product renamed retitles its pairs in a list that shows them.
    let app = session(pairs)
    try await app.settle()
    #expect(app.texts.first?.contains("Hammer · heavy") == true)
    try await AnyDataPostgres.run(
      url, ["UPDATE product SET name = 'Claw hammer' WHERE code = 'HAM-1'"])
    try await app.settle(until: { app.texts.first?.contains("Claw hammer · heavy") == true })
    #expect(app.texts.first?.contains("Hammer · heavy") == false)
  }
}
