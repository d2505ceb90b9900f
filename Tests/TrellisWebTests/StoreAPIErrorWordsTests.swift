import HTTPTypes
import Testing
import Trellis

@testable import TrellisWeb

/// The store API's failures are words: a search too long is refused before the store, and a
/// store's failure names no SQL.
@Suite("Store API errors in words")
struct StoreAPIErrorWordsTests {
  @Test func aSearchTooLongIsRefusedBeforeTheStore() async throws {
    let api = try StoreAPISupport.api(try StoreAPISupport.contacts(people: 3))
    try await StoreAPISupport.live(api) { client in
      let long = String(repeating: "a", count: 5_000)
      let refused = try await client.call(.get, "/api/contacts/?search=\(long)")
      #expect(refused.status == .badRequest)
      #expect(refused.string("detail") == ItemFilter.searchTooLongMessage)
      let longest = String(repeating: "a", count: ItemFilter.maximumSearchLength)
      let found = try await client.call(.get, "/api/contacts/?search=\(longest)")
      #expect(found.status == .ok)
      #expect(found.ids == [])
    }
  }

  @Test func aStoreFailureNamesNoSQL() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    let table = store.entity.table
    try await store.database.write { db in try db.execute(sql: "DROP TABLE \"\(table)\"") }
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      let reply = try await client.call(.get, "/api/contacts/")
      #expect(reply.status == .internalServerError)
      #expect(
        reply.string("detail")
          == "The database's tables changed since they were read: restart to read them again.")
      #expect(!reply.text.contains("SELECT"))
    }
  }
}
