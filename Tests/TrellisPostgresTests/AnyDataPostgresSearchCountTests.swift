import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisPostgres
import TrellisTesting

/// A searched list's header on PostgreSQL: how many rows the search finds of all the table
/// holds, counted in the background and again as other programs' rows arrive.
@Suite("Any data: a searched PostgreSQL list counts what it finds")
struct AnyDataPostgresSearchCountTests {
  @Test func aSearchedListsHeaderSaysHowManyItFinds() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    func header() -> String? { app.host.table.visible.first?.model.header }
    try await app.settle()
    try app.tap("category")
    try await app.settle(until: { header() == "3 rows" }, timeout: .seconds(10))
    try app.send(.search("e"))
    try await app.settle(until: { header() == "2 of 3 rows" }, timeout: .seconds(10))
    #expect(app.texts.first?.filter { $0 != "New Category" } == ["Garden", "Kitchen"])
    try await AnyDataPostgres.run(
      url, ["INSERT INTO category (name) VALUES ('Books'), ('Electronics')"])
    try await app.settle(until: { header() == "3 of 5 rows" }, timeout: .seconds(20))
    #expect(header() == "3 of 5 rows")
    try app.send(.search(""))
    try await app.settle(until: { header() == "5 rows" }, timeout: .seconds(10))
    #expect(header() == "5 rows")
  }
}
