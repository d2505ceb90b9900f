import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// Done over another server's change: the store compares under the row's lock, so a Done
/// that has not heard of the change yet is refused too.
@Suite("Conflicts on PostgreSQL")
struct PostgresConflictTests {
  @Test func anUpdateExpectingAnOldValueIsRefusedWhereverTheNewOneWasWritten() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("conflicts")
    let servers = try (0..<2).map { _ in
      try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    }
    defer { servers.forEach { $0.shutdown() } }
    try await CrossServerTests.insert("Ann", at: nil, into: servers[0])
    let mine = try await RowVersionTests.onlyItem(servers[0])
    let theirs = try await RowVersionTests.onlyItem(servers[1])

    try await servers[0].update(.object(ObjectReference(mine)), values: ["name": "Anna"])
    // Server 1 has not read the row again: only the database knows.
    let write = try servers[1].prepareUpdate(
      .object(ObjectReference(theirs)), values: ["name": "Annie", "rank": 3],
      expecting: ["name": "Ann"])
    do {
      try await write.run()
      Issue.record("the write went through")
    } catch {
      write.undo.run()
      #expect(error == .conflict([FieldConflict(name: "name", theirs: "Anna", yours: "Annie")]))
    }
    #expect(try await RowVersionTests.row(servers[0]) == ("Anna", 0), "nothing was written")

    // Expecting what the row holds, or changing another column, goes through.
    try await servers[1].prepareUpdate(
      .object(ObjectReference(theirs)), values: ["rank": 4], expecting: ["name": "Ann"]
    ).run()
    try await servers[1].prepareUpdate(
      .object(ObjectReference(theirs)), values: ["name": "Annie"], expecting: ["name": "Anna"]
    ).run()
    #expect(try await RowVersionTests.row(servers[0]) == ("Annie", 4))
  }

  @Test func twoFormsOnTwoServersTheSecondDoneSeesTheFirstAndTakesIt() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("forms")
    let servers = try (0..<2).map { _ in
      try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    }
    defer { servers.forEach { $0.shutdown() } }
    try await CrossServerTests.insert("Ann", at: nil, into: servers[0])
    let ann = CrossServerTests.session(servers[0])
    let bob = CrossServerTests.session(servers[1])
    for app in [ann, bob] { try await app.settle(until: { app.texts == [["Ann"]] }) }
    try ann.tap("Ann")
    try bob.tap("Ann")
    try ann.enter("Anna", at: "Name")
    try bob.enter("Annie", at: "Name")
    try ann.send(.done)
    try await ann.settle(until: { ann.texts == [["Anna"]] })

    try bob.send(.done)
    try await bob.settle(until: { bob.top.draft?.conflicts.isEmpty == false })
    #expect(bob.top.notice?.contains("“Anna”") == true)
    try bob.send(.takeTheirs)
    try await bob.settle(until: { bob.texts == [["Anna"]] })
    #expect(try await RowVersionTests.row(servers[0]).0 == "Anna")
    #expect(ann.host.violations.isEmpty && bob.host.violations.isEmpty)
  }
}

extension PostgresConflictTests {
  @Test func anUpdateOfARowDeletedWhileItWaitedIsRefused() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(url, "gone", records: [("Ann", 1)])
    defer { store.shutdown() }
    let ann = try await RowVersionTests.onlyItem(store)
    let table = store.entity.table
    let logger = Logger(label: "test")
    try await store.client.withConnection { connection in
      // Another writer deletes the row and holds its lock until the update waits for it.
      try await connection.query(PostgresQuery(unsafeSQL: "BEGIN"), logger: logger)
      try await connection.query(
        PostgresQuery(unsafeSQL: "DELETE FROM \"\(table)\""), logger: logger)
      let write = try store.prepareUpdate(.object(ObjectReference(ann)), values: ["name": "Anna"])
      let run = write.run
      let update = Task { try await run() }
      try await Task.sleep(for: .milliseconds(300))
      try await connection.query(PostgresQuery(unsafeSQL: "COMMIT"), logger: logger)
      let result = await update.result
      if case .success = result { Issue.record("an update of a deleted row was acknowledged") }
      if case .failure(let error) = result {
        write.undo.run()
        guard case .notFound? = error as? StoreError else {
          Issue.record("\(error)")
          return
        }
      }
    }
  }
}
