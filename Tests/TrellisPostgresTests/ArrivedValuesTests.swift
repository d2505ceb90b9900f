import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A row read again in the background reaches its known object only on the domain that shows
/// it: the store's reading task never writes an object a host may be reading meanwhile.
@Suite("Rows read for known objects", .serialized, .timeLimit(.minutes(2)))
struct ArrivedValuesTests {
  @Test func anotherServersEditWaitsForTheDomainAndALaterWriteWins() async throws {
    guard let (entity, watcher, writer) = try await Self.twoServers("arrived") else { return }
    defer { Self.shutdown(watcher, writer) }
    let shown = try #require(
      try await watcher.fetchPage(FetchOptions(), from: nil).items.first?.objectValue)
    let kvc = try #require(entity.definition.keyValueCoding(for: shown))
    let (heard, hear) = AsyncStream<StoreChange>.makeStream()
    let token = watcher.observe { hear.yield($0) }
    defer { token.cancel() }
    try await CrossServerTests.waitUntilListening(watcher)

    // The writer's edit is heard and the row read again, in the background.
    let edited = try #require(try await writer.fetchPage(FetchOptions(), from: nil).items.first)
    try await writer.update(edited, values: ["name": .string("Anna")])
    for await change in heard {
      if case .updated = change { break }
    }
    #expect(try kvc.value(forKey: "name") == .string("Ann"), "the reading task wrote the object")
    watcher.applyArrivedValues()
    #expect(try kvc.value(forKey: "name") == .string("Anna"))

    // A page read again holds the same object; its new values wait for the domain too.
    try await writer.update(edited, values: ["name": .string("Annie")])
    let page = try await watcher.fetchPage(FetchOptions(), from: nil)
    #expect(page.items.first?.objectValue === shown)
    #expect(try kvc.value(forKey: "name") == .string("Anna"))
    // A write through the watcher after that read: the read is older, and is dropped.
    try await watcher.update(.object(ObjectReference(shown)), values: ["name": .string("Mine")])
    watcher.applyArrivedValues()
    #expect(try kvc.value(forKey: "name") == .string("Mine"))
    let reread = try await watcher.fetchPage(FetchOptions(), from: nil)
    watcher.applyArrivedValues()
    #expect(reread.items.first?.objectValue === shown)
    #expect(try kvc.value(forKey: "name") == .string("Mine"))
  }

  /// Asking whether the store still holds an item (a form does at a reset: the link came
  /// back, or another program wrote unannounced) brings the row as it is now, so that the
  /// form shows it, not only whether it is gone.
  @Test func askingWhetherTheStoreHoldsAnItemBringsItsRowAsItIsNow() async throws {
    guard let (entity, watcher, writer) = try await Self.twoServers("held") else { return }
    defer { Self.shutdown(watcher, writer) }
    let item = try #require(try await watcher.fetchPage(FetchOptions(), from: nil).items.first)
    let object = try #require(item.objectValue)
    let kvc = try #require(entity.definition.keyValueCoding(for: object))
    // Nothing observes the watcher: it hears nothing of the writer's edit.
    let edited = try #require(try await writer.fetchPage(FetchOptions(), from: nil).items.first)
    try await writer.update(edited, values: ["name": .string("Anna")])
    let heard = Locked<[StoreChange]>([])
    let token = watcher.observe { change in heard.withLock { $0.append(change) } }
    defer { token.cancel() }
    #expect(try await watcher.holds(item))
    #expect(heard.withLock { $0 }.contains(.updated(item)), "the lists are told")
    #expect(try kvc.value(forKey: "name") == .string("Ann"), "the asking task wrote the object")
    watcher.applyArrivedValues()
    #expect(try kvc.value(forKey: "name") == .string("Anna"))
  }

  /// A nullifying delete rule changes the objects that pointed at the deleted one on the
  /// domain too, not on the task that ran the delete.
  @Test func aDeleteRuleReachesTheObjectsOnTheDomain() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let members = try PostgresStore(
      url: url, entity: try PostgresRelationshipContractTests.members(.nullify, ordered: false),
      timeout: .seconds(30))
    defer { members.shutdown() }
    let (groups, red, ann) = try await PostgresTestSupport.memberOfRed(in: members)

    try await groups.delete(.object(ObjectReference(red)))
    #expect(ann.group === red && ann.badges.count == 1, "the deleting task wrote the member")
    members.applyArrivedValues()
    #expect(ann.group == nil)
    #expect(ann.badges.isEmpty)
  }

  /// Another server's edit of an item reaches its open detail screen while the list under it
  /// is covered and not processed (as the web host does with a covered screen).
  @Test func anOpenDetailScreenShowsAnotherServersEdit() async throws {
    guard let (_, watcher, writer) = try await Self.twoServers("arrivedform") else { return }
    defer { Self.shutdown(watcher, writer) }
    let app = CrossServerTests.session(watcher)
    try await app.settle(until: { app.texts == [["Ann"]] })
    try await CrossServerTests.waitUntilListening(watcher)
    try app.tap("Ann")
    try await app.settle()
    #expect(app.row("Name")?.value == .string("Ann"))

    app.navigator.processesHiddenScreens = false
    let edited = try #require(try await writer.fetchPage(FetchOptions(), from: nil).items.first)
    try await writer.update(edited, values: ["name": .string("Anna")])
    try await app.settle(
      until: { app.row("Name")?.value == .string("Anna") }, timeout: .seconds(20))
    try app.host.check()
  }

  /// Two servers' stores on a fresh table holding Ann, inserted by the second (the writer);
  /// `nil` without a server.
  static func twoServers(_ prefix: String) async throws
    -> (PostgresEntity, watcher: PostgresStore, writer: PostgresStore)?
  {
    guard let url = PostgresTestSupport.url else { return nil }
    let entity = try PostgresTestSupport.entity(prefix)
    let watcher = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let writer = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    do {
      try await CrossServerTests.insert("Ann", at: nil, into: writer)
    } catch {
      shutdown(watcher, writer)
      throw error
    }
    return (entity, watcher, writer)
  }

  static func shutdown(_ stores: PostgresStore...) {
    for store in stores { store.shutdown() }
  }
}
