import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples

/// SQLite's failures reach people as words: what failed, never the SQL.
@Suite("SQLite errors in words")
struct SQLiteErrorWordsTests {
  static func contacts() throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory(entity: ContactsApp.entity())
    try store.insertAll(ContactsApp.people(3).map { .object(ObjectReference($0)) })
    return store
  }

  @Test func aSearchTooComplexForSQLiteSaysTheSearchIsTooLong() throws {
    let store = try Self.contacts()
    let keys = store.entity.definition.titlePropertyNames
    let options = FetchOptions(
      filter: .search(String(repeating: "a", count: 50_000), in: keys))
    #expect(throws: StoreError.failed("The search is too long.")) { try store.fetch(options) }
  }

  @Test func aFailedReadNamesNoSQL() throws {
    let store = try Self.contacts()
    let table = store.entity.table
    try store.database.write { db in try db.execute(sql: "DROP TABLE \"\(table)\"") }
    do {
      _ = try store.fetch(FetchOptions())
      Issue.record("the read of a dropped table succeeded")
    } catch {
      #expect(error == .failed("The data could not be read."))
      #expect(!error.description.contains("SELECT"))
    }
  }
}
