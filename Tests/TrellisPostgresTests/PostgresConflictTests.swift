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
      // Only the server knows when the update waits for the row's lock: the test asks it.
      while try await !Self.writeIsWaitingForARow(store) {
        try await Task.sleep(for: .milliseconds(5))
      }
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

extension PostgresConflictTests {
  /// Whether a write waits for a row lock another connection holds.
  static func writeIsWaitingForARow(_ store: PostgresStore) async throws -> Bool {
    let query = PostgresQuery(
      unsafeSQL: "SELECT count(*) FROM pg_locks WHERE NOT granted "
        + "AND locktype IN ('transactionid', 'tuple')")
    for try await count in try await store.client.query(query).decode(Int64.self) {
      return count > 0
    }
    return false
  }

  /// Two sessions of one server share the row's object, which takes Ann's edit while her
  /// write waits: Bob's Done must not show that edit as someone's change (nobody has saved
  /// it, and Take Theirs would write it as Bob's), only what the database holds.
  @Test func anotherSessionsUnsavedEditIsNoConflict() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(url, "unsaved", records: [("Ann", 1)])
    defer { store.shutdown() }
    let ann = CrossServerTests.session(store)
    let bob = CrossServerTests.session(store)
    for app in [ann, bob] { try await app.settle(until: { app.texts == [["Ann"]] }) }
    try ann.tap("Ann")
    try bob.tap("Ann")
    try bob.enter("Bobby", at: "Name")
    // Another program renames the row and holds its lock while both Dones wait for it.
    let (renamed, renaming) = AsyncStream<Void>.makeStream()
    let (commit, committing) = AsyncStream<Void>.makeStream()
    let table = store.entity.table
    let program = Task {
      try await store.client.withConnection { connection in
        let logger = Logger(label: "test")
        try await connection.query(PostgresQuery(unsafeSQL: "BEGIN"), logger: logger)
        try await connection.query(
          PostgresQuery(unsafeSQL: "UPDATE \"\(table)\" SET name = 'Xavier'"), logger: logger)
        renaming.yield()
        for await _ in commit { break }
        try await connection.query(PostgresQuery(unsafeSQL: "COMMIT"), logger: logger)
      }
    }
    for await _ in renamed { break }
    try ann.enter("Anna", at: "Name")
    try ann.send(.done)
    while try await !Self.writeIsWaitingForARow(store) {
      try await Task.sleep(for: .milliseconds(5))
    }
    try? bob.send(.done)
    #expect(bob.top.draft?.conflicts.isEmpty == true, "Ann's edit is not saved yet")
    committing.yield()
    try await program.value
    for app in [ann, bob] {
      try await app.settle(until: { app.top.draft?.conflicts.isEmpty == false })
      #expect(app.top.draft?.conflicts.map(\.theirs) == ["Xavier"])
    }
    try bob.send(.takeTheirs)
    try await bob.settle(until: { bob.navigator.stack.count == 1 })
    #expect(try await RowVersionTests.row(store).0 == "Xavier")
    #expect(ann.host.violations.isEmpty && bob.host.violations.isEmpty)
  }
}
