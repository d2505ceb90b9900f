import Foundation
import Synchronization
import Testing
import Trellis
import TrellisPostgres

/// A list's page read racing another server's update of a row that no object here holds
/// yet: the update's notice finds nothing to read again, so the page must.
@Suite("PostgreSQL: a page read racing an update")
struct PageReadRaceTests {
  @Test func aRowUpdatedWhileItsPageWasReadShowsTheUpdate() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresKeptRowsTests.store(url, rows: 3)
    defer { store.shutdown() }
    // Another server: its own store over the same table.
    let other = try PostgresStore(url: url, entity: store.entity, timeout: .seconds(30))
    defer { other.shutdown() }
    let changes = Mutex<[StoreChange]>([])
    let token = store.observe { change in changes.withLock { $0.append(change) } }
    defer { token.cancel() }
    try await CrossServerTests.waitUntilListening(store)

    // Between the page's query and its objects, the other server renames row 2, and this
    // store takes the notice (while no object holds the row).
    let otherRows = try await other.fetchPage(FetchOptions(), from: nil).items
    store.runAfterPageRead { [store] in
      let taken = store.noticesTaken
      try? await other.update(otherRows[1], values: ["name": .string("Renamed")])
      // The store tells no one of a notice about a row it does not show: its count is
      // looked at until it moves.
      let deadline = ContinuousClock.now + .seconds(10)
      while store.noticesTaken == taken, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(2))
      }
    }
    let page = try await store.fetchPage(FetchOptions(), from: nil).items
    store.runAfterPageRead(nil)
    #expect(page.count == 3)
    // The row was read again: the list hears it changed, and its domain applies the values.
    #expect(changes.withLock { $0 }.contains(.updated(page[1])))
    store.applyArrivedValues()
    let titles = page.map { store.itemsDefinition?.title(of: $0) }
    #expect(titles == ["Row 1", "Renamed", "Row 3"])
  }
}
