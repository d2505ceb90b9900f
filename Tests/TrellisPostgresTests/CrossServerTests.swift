import Foundation
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// Three servers on one database, each with its own store and connection pool: what one
/// writes reaches the others' sessions through `NOTIFY`, as valid batch updates.
@Suite("Servers sharing one PostgreSQL database")
struct CrossServerTests {
  /// A session on `store`: a list of the entity's items, shown by headless hosts that check
  /// every changeset against the table view's rules.
  static func session(_ store: PostgresStore) -> HeadlessApp {
    let section = ArrayOfObjectsSection(store: store, definition: store.entity.definition)
    section.fetchOptions.batchSize = 50
    let model = TableModel(title: "People")
    model.addSection(section)
    return HeadlessApp(navigator: Navigator(root: Screen(model: model)))
  }

  /// Inserts a person named `name` at `index` through `store`.
  static func insert(_ name: String, at index: Int?, into store: PostgresStore) async throws {
    let item = try store.create()
    let kvc = try #require(
      item.objectValue.flatMap { store.entity.definition.keyValueCoding(for: $0) })
    try kvc.setValue(.string(name), forKey: "name")
    try await store.insert(item, at: index)
  }

  @Test func anInsertAnEditADeleteAndAMoveOnOneServerReachTheOthers() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("servers")
    let servers = try (0..<3).map { _ in
      try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    }
    defer { servers.forEach { $0.shutdown() } }
    for name in ["Ann", "Bob", "Cy"] { try await Self.insert(name, at: nil, into: servers[0]) }

    // Two sessions on each of servers 2 and 3, and one on server 1 that makes the edits.
    let watchers = servers[1...].flatMap { server in [Self.session(server), Self.session(server)] }
    let editor = Self.session(servers[0])
    try await Self.waitUntilListening(servers[0], servers[1], servers[2])
    for app in watchers + [editor] {
      try await app.settle(until: { app.texts == [["Ann", "Bob", "Cy"]] })
    }

    var before = watchers.map(\.host.totals)
    /// What each watcher's host did since the last step.
    func done() -> [ChangeTotals] {
      defer { before = watchers.map(\.host.totals) }
      return zip(watchers, before).map { app, before in
        var totals = app.host.totals
        totals.itemInserts -= before.itemInserts
        totals.itemDeletes -= before.itemDeletes
        totals.itemReloads -= before.itemReloads
        totals.itemMoves -= before.itemMoves
        return totals
      }
    }
    func expect(_ names: [String], _ comment: Comment) async throws {
      for app in watchers + [editor] {
        try await app.settle(until: { app.texts == [names] })
        #expect(app.host.violations.isEmpty, comment)
      }
    }

    try await Self.insert("Dee", at: 1, into: servers[0])
    try await expect(["Ann", "Dee", "Bob", "Cy"], "an insert in the middle")
    for totals in done() {
      #expect(totals.itemInserts == 1 && totals.itemDeletes == 0, "an insertion, not a reload")
    }

    // An edit through server 1's detail screen.
    try editor.tap("Bob")
    try editor.enter("Bobby", at: "Name")
    try editor.send(.done)
    try await editor.settle()
    try await expect(["Ann", "Dee", "Bobby", "Cy"], "an edit")
    for totals in done() {
      #expect(totals.itemReloads == 1 && totals.itemInserts == 0, "the row reloads in place")
    }

    let cy = try #require(
      editor.top.model.sections.first.flatMap { section in
        (section as? ArrayOfObjectsSection)?.currentItems.last
      })
    try await servers[0].delete(cy)
    try await expect(["Ann", "Dee", "Bobby"], "a delete")
    for totals in done() { #expect(totals.itemDeletes == 1 && totals.itemInserts == 0) }

    try await servers[0].move(at: 0, to: 2)
    try await expect(["Dee", "Bobby", "Ann"], "a move")
    for totals in done() {
      #expect(totals.itemMoves == 1 && totals.itemInserts == 0, "one move")
    }
  }

  @Test func aServersOwnWritesAreNotAppliedTwice() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("own")
    let mine = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let other = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      mine.shutdown()
      other.shutdown()
    }
    let seen = Locked<[String]>([])
    let theirs = Locked<[String]>([])
    let token = mine.observe { change in seen.withLock { $0.append(change.shape) } }
    let otherToken = other.observe { change in theirs.withLock { $0.append(change.shape) } }
    defer {
      token.cancel()
      otherToken.cancel()
    }
    try await Self.waitUntilListening(mine, other)
    // Each store tells its lists to read again when it first listens; that is not a write.
    seen.withLock { $0.removeAll() }
    theirs.withLock { $0.removeAll() }
    try await Self.insert("Eve", at: nil, into: mine)
    _ = await PostgresTestSupport.until(other) { theirs.withLock { $0 } == ["inserted first"] }
    #expect(theirs.withLock { $0 } == ["inserted first"], "the other store hears of it")
    // A fence: the other store's later write. Notifications arrive in commit order, so once
    // the writer hears of the fence, an echo of its own insert would have arrived before it.
    try await Self.insert("Fence", at: 1, into: other)
    _ = await PostgresTestSupport.until(mine) { seen.withLock { $0.count } >= 2 }
    #expect(
      seen.withLock { $0 } == ["inserted first", "inserted after"],
      "the writer reports its insert once, then the fence")
  }

  /// A form open on one server whose row another server deletes says so at once, Done
  /// disabled and the values kept, instead of learning it at Done.
  @Test func aFormWhoseRowAnotherServerDeletesSaysSo() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("gone")
    let servers = try (0..<2).map { _ in
      try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    }
    defer { servers.forEach { $0.shutdown() } }
    for name in ["Ann", "Bob"] { try await Self.insert(name, at: nil, into: servers[0]) }
    let editing = Self.session(servers[1])
    let deleting = Self.session(servers[0])
    try await Self.waitUntilListening(servers[0], servers[1])
    for app in [editing, deleting] {
      try await app.settle(until: { app.texts == [["Ann", "Bob"]] })
    }
    try editing.tap("Bob")
    try editing.enter("Bobby", at: "Name")
    try deleting.send(.delete(deleting.rowID(at: try #require(deleting.path(of: "Bob")))))
    try await deleting.settle()
    try await editing.settle(until: { editing.top.itemGone != nil })
    let snapshot = editing.top.snapshot()
    #expect(
      snapshot.notice?.hasPrefix("Someone else deleted this") == true, "\(snapshot.notice ?? "")")
    #expect(!snapshot.isDoneEnabled)
    #expect(editing.row("Name")?.value == "Bobby")
    try editing.send(.cancel)
    try await editing.settle(until: { editing.texts == [["Ann"]] })
    #expect(editing.host.violations.isEmpty)
  }

  /// Waits until both stores' listening connections are up.
  static func waitUntilListening(_ stores: PostgresStore...) async throws {
    for store in stores {
      _ = try await store.count(FetchOptions())
      _ = await PostgresTestSupport.until(store, within: .seconds(10)) { store.isListening }
    }
  }
}

/// A listening connection the server drops: the store says it is reconnecting, listens again,
/// and its lists read again what they may have missed.
@Suite("A dropped listening connection")
struct DroppedListenerTests {
  @Test func theListShowsReconnectingThenCatchesUp() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("dropped")
    let writer = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let watcher = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      writer.shutdown()
      watcher.shutdown()
    }
    try await CrossServerTests.insert("Ann", at: nil, into: writer)
    let app = CrossServerTests.session(watcher)
    try await CrossServerTests.waitUntilListening(watcher)
    try await app.settle(until: { app.texts == [["Ann"]] })
    let links = Locked<[StoreLink]>([])
    let token = watcher.observeLink { link in links.withLock { $0.append(link) } }
    defer { token?.cancel() }

    // The server ends the watcher's listening connection, as a restart would.
    let terminate = PostgresTestSupport.endListening(entity.table)
    try await writer.client.query(PostgresQuery(unsafeSQL: terminate))
    try await CrossServerTests.insert("Bob", at: nil, into: writer)
    // A read begun before the drop may bring Bob while the link is still down: the list
    // settles once it shows him and the link is live again.
    try await app.settle(until: {
      app.texts == [["Ann", "Bob"]] && links.withLock { $0 }.last == .live
    })
    #expect(links.withLock { $0 }.first == .reconnecting("Reconnecting to the database…"))
    #expect(links.withLock { $0 }.last == .live)
    #expect(app.host.violations.isEmpty)
  }
}

extension DroppedListenerTests {
  /// A list that starts while the listening connection is down is told so at once: taking the
  /// link for live, it would not read its items again when the link is back, and would miss
  /// what other servers wrote meanwhile.
  @Test func aHandlerAddedWhileTheLinkIsDownIsToldSoAtOnce() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("down_at_start")
    let writer = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let watcher = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      writer.shutdown()
      watcher.shutdown()
    }
    let following = watcher.observe { _ in }
    defer { following.cancel() }
    try await CrossServerTests.waitUntilListening(watcher)
    let terminate = PostgresTestSupport.endListening(entity.table)
    // The store listens again within moments: each attempt catches it down, then adds a
    // handler at once; one that finds it back already says nothing, and the next tries again.
    var toldAtOnce: [StoreLink] = []
    for _ in 0..<20 where toldAtOnce.isEmpty {
      try await writer.client.query(PostgresQuery(unsafeSQL: terminate))
      _ = await PostgresTestSupport.until(watcher, within: .seconds(5)) { watcher.link != .live }
      let told = Locked<[StoreLink]>([])
      let token = watcher.observeLink { link in told.withLock { $0.append(link) } }
      toldAtOnce = told.withLock { $0 }
      token?.cancel()
      try await CrossServerTests.waitUntilListening(watcher)
    }
    #expect(toldAtOnce.first == .reconnecting("Reconnecting to the database…"))
  }
}

/// Connections the server closed (a restart) while they sat in the pool: the next read and
/// the next write run on fresh ones instead of failing.
@Suite("Pooled connections the server closed")
struct ClosedPoolConnectionTests {
  @Test func theNextReadAndWriteSucceed() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("closed_pool")
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let admin = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      store.shutdown()
      admin.shutdown()
    }
    try await CrossServerTests.insert("Ann", at: nil, into: store)
    let first = try await store.fetchPage(FetchOptions(), from: nil).items
    #expect(first.count == 1)
    // Ends every connection of the store, as a restart of the server would.
    var terminate = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
    terminate += "WHERE application_name = '\(store.applicationName)'"
    try await admin.client.query(PostgresQuery(unsafeSQL: terminate))
    // The backends end a moment after they are told to: the test goes on once they have,
    // as after a restart, rather than catching a connection half way. Only the server knows
    // when, so the test asks it.
    let left =
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = "
      + "'\(store.applicationName)'"
    for _ in 0..<200 {
      var count: Int64 = 0
      for try await (number) in try await admin.client.query(PostgresQuery(unsafeSQL: left))
        .decode(Int64.self)
      {
        count = number
      }
      if count == 0 { break }
      try await Task.sleep(for: .milliseconds(25))
    }
    let item = try #require(first.first)
    try await store.update(item, values: ["name": .string("Ann Lee")])
    try await CrossServerTests.insert("Bob", at: nil, into: store)
    let again = try await store.fetchPage(FetchOptions(), from: nil).items
    let names = again.compactMap { entity.definition.title(of: $0) }
    #expect(names == ["Ann Lee", "Bob"])
  }
}
