import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples

/// An SQLite entity generates the store that fits it: its table, here in memory.
@Suite("SQLite compatible stores")
struct SQLiteCompatibleStoreTests {
  @Test func theEntityGeneratesItsTable() throws {
    let store = try ContactsApp.entity().generateCompatibleDataStore()
    #expect(try store.count(FetchOptions()) == 0)
    try store.insert(try store.create(), at: nil)
    #expect(try store.count(FetchOptions()) == 1)
  }
}
