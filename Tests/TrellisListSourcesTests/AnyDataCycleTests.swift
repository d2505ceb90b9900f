import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// A table whose rows point at each other through a foreign key with `ON DELETE CASCADE`
/// (the fixture `AnyData/team.sql`): a delete follows the cascade around the cycle and ends.
@Suite("Any data: a cycle of cascades")
struct AnyDataCycleTests {
  @Test func aDeleteFollowsACycleOfCascadesOnce() throws {
    let url = try AnyDataSupport.database("team.sql", named: "team.sqlite")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("employee")
    // Ann manages Bob and Cy, and Bob manages Ann: all three go, each once.
    let ann = try #require(app.path(of: "Ann"))
    try app.send(.delete(app.rowID(at: ann)))
    let names: [String] = try ["Ann", "Bob", "Cy", "Dee", "Eve"].filter {
      let count: Int? = try AnyDataSupport.value(
        "SELECT count(*) FROM employee WHERE name = '\($0)'", in: url)
      return count == 1
    }
    #expect(names == ["Dee", "Eve"])
    #expect(app.path(of: "Bob") == nil)
    #expect(app.path(of: "Dee") != nil)
    // A fresh screen shows what the database holds.
    let other = try AnyDataSupport.app(url)
    try other.tap("employee")
    #expect(other.path(of: "Ann") == nil && other.path(of: "Eve") != nil)
  }
}
