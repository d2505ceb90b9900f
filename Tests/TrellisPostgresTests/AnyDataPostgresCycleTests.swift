import Foundation
import Testing
import Trellis
import TrellisPostgres

/// A PostgreSQL table whose rows point at each other through a foreign key with
/// `ON DELETE CASCADE` (the fixture `AnyData/team-postgres.sql`): a delete follows the cascade
/// around the cycle and ends.
@Suite("Any data: a cycle of cascades in PostgreSQL")
struct AnyDataPostgresCycleTests {
  @Test func aDeleteFollowsACycleOfCascadesOnce() async throws {
    guard let url = try await AnyDataPostgres.database("team-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let employees = try #require(database.store(for: "employee"))
    // Ann manages Bob and Cy, and Bob manages Ann: all three go, each once.
    let ann = try await AnyDataPostgres.item(employees, "name", "Ann")
    try await employees.delete(ann)
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT name FROM employee ORDER BY id")
        == ["Dee", "Eve"])
    let left = try await employees.fetchPage(FetchOptions(), from: nil).items.map {
      try AnyDataPostgres.value($0, "name", employees.entity.definition)
    }
    #expect(left == [.string("Dee"), .string("Eve")])
  }
}
