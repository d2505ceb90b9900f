import Trellis

/// The contract every ``AsyncDataStore`` must keep, as a suite that any store can run: a
/// wrapper of a memory store, a web service over a real server.
///
/// The factory makes a fresh store holding the seed records in order (a web service resets
/// its server). Items have a string property `name` and an integer property named
/// `rankKey`, readable and writable through the store's ``AsyncDataStore/itemsDefinition``.
///
/// ```swift
/// @Test func theWrapperKeepsTheContract() async {
///   let failures = await AsyncStoreContract.check { records in
///     AsyncStoreWrapper(MemoryStore(items: records.map(\.dictionary), definition: definition))
///   }
///   #expect(failures == [])
/// }
/// ```
public struct AsyncStoreContract: Sendable {
  /// Makes a fresh store holding `records` in order.
  public typealias Factory = @Sendable ([StoreContract.Record]) async throws -> any AsyncDataStore

  /// The key of the integer property (`rank`, or `position` on a server that names it so).
  public var rankKey = "rank"
  /// Values an update must refuse (a required name left empty), with the key the refusal
  /// must name; the refusal check is skipped when `nil`.
  public var refusedValues: (values: [String: Value], key: String)?
  /// Whether the store searches by itself (``AsyncDataStore/translates(_:)`` for a search).
  public var searches = false
  /// The records every check starts from, in store order: more than two pages of 4. A server
  /// that resets to seed data of its own names it here, and its factory ignores the records.
  public var seed = Self.defaultSeed

  /// Creates a suite.
  public init(
    rankKey: String = "rank", refusedValues: (values: [String: Value], key: String)? = nil,
    searches: Bool = false, seed: [StoreContract.Record] = Self.defaultSeed
  ) {
    self.rankKey = rankKey
    self.refusedValues = refusedValues
    self.searches = searches
    self.seed = seed
  }

  /// Ten people, ranked 1 to 10.
  public static let defaultSeed = (1...10).map { StoreContract.Record("Person \($0)", $0) }

  /// Runs every check against fresh stores from `factory`; none fail when the store keeps the
  /// contract.
  public func check(_ factory: Factory) async -> [StoreContract.Failure] {
    var failures: [StoreContract.Failure] = []
    let checks: [(String, (any AsyncDataStore, inout Probe) async throws -> Void)] = [
      ("pages", pages), ("identity", identity), ("insert", insert), ("update", update),
      ("update-refused", updateRefused), ("delete", delete), ("search", search),
      ("cancel", cancel), ("move-before", moveBefore),
    ]
    for (name, run) in checks {
      var probe = Probe(check: name)
      do {
        let store = try await factory(seed)
        try await run(store, &probe)
      } catch {
        probe.fail("unexpected error: \(error)")
      }
      failures += probe.failures
    }
    return failures
  }

  /// Every page in turn, following each page's next token.
  func all(_ store: any AsyncDataStore, batch: Int = 4, filter: ItemFilter? = nil) async throws
    -> [Value]
  {
    var items: [Value] = []
    var token: PageToken?
    var pages = 0
    repeat {
      let page = try await store.fetchPage(
        FetchOptions(filter: filter, batchSize: batch), from: token)
      items += page.items
      token = page.next
      pages += 1
    } while token != nil && pages < 100
    return items
  }

  func name(_ store: any AsyncDataStore, _ item: Value) -> String {
    store.itemsDefinition?.reader(for: item).value("name")?.stringValue ?? "?"
  }

  func rank(_ store: any AsyncDataStore, _ item: Value) -> Int {
    store.itemsDefinition?.reader(for: item).value(rankKey)?.intValue ?? -1
  }

  func pages(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let first = try await store.fetchPage(FetchOptions(batchSize: 4), from: nil)
    probe.expect(first.items.count, 4, "the first page holds the batch size")
    probe.expect(first.next != nil, true, "the first page names the next")
    let items = try await all(store)
    probe.expect(items.map { name(store, $0) }, seed.map(\.name), "every page, in order")
    probe.expect(items.map { rank(store, $0) }, seed.map(\.rank), "the ranks")
  }

  func identity(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let once = try await store.fetchPage(FetchOptions(batchSize: 4), from: nil).items
    let twice = try await store.fetchPage(FetchOptions(batchSize: 4), from: nil).items
    probe.expect(once, twice, "reading a page again gives the same objects")
  }

  func insert(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let log = EventLog()
    let token = store.observe { log.record($0) }
    let item = try store.create()
    try write(store, item, ["name": "Zed", rankKey: .int(99)])
    try await store.insert(item, at: nil)
    let items = try await all(store)
    probe.expect(items.count, seed.count + 1, "one more item")
    probe.expect(items.contains(item), true, "the inserted object is the one read back")
    probe.expect(items.last.map { name(store, $0) }, "Zed", "the new item is last")
    // A store may report its own insert when the database announces it.
    let events = await log.take(atLeast: 1)
    probe.expect(events.compactMap(\.item), [item], "observers hear of the insert")
    token.cancel()
  }

  func update(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let log = EventLog()
    let token = store.observe { log.record($0) }
    let item = try await all(store)[1]
    try await store.update(item, values: ["name": "Renamed"])
    probe.expect(name(store, item), "Renamed", "the object takes the value")
    let again = try await all(store)
    probe.expect(again.map { name(store, $0) }[1], "Renamed", "the store keeps the value")
    // A store that reports every change reports the update as its object takes the values,
    // and may again once it has them: of that item only.
    let heard = log.take().compactMap(\.item)
    probe.expect(Array(Set(heard)), [item], "observers hear of the update")
    token.cancel()
  }

  func updateRefused(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    guard let (values, key) = refusedValues else { return }
    let item = try await all(store)[0]
    let before = name(store, item)
    do {
      try await store.update(item, values: values)
      probe.fail("an update with \(values) succeeded")
    } catch {
      switch error {
      case .refusedValue(let property, _): probe.expect(property, key, "the refusal's property")
      case .refusedValues(let messages):
        probe.expect(messages.keys.contains(key), true, "the refusal names \(key)")
      default: probe.fail("expected a refused value for \(key), got \(error)")
      }
    }
    probe.expect(name(store, item), before, "a refused update leaves the object")
  }

  func delete(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let log = EventLog()
    let token = store.observe { log.record($0) }
    let item = try await all(store)[2]
    try await store.delete(item)
    let items = try await all(store)
    probe.expect(items.count, seed.count - 1, "one item fewer")
    probe.expect(items.contains(item), false, "the deleted item is gone")
    probe.expect(log.take().compactMap(\.item), [item], "observers hear of the delete")
    token.cancel()
  }

  func search(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let text = seed[0].name
    let filter = ItemFilter.search(text, in: ["name"])
    probe.expect(store.translates(filter), searches, "whether the store searches by itself")
    guard searches else { return }
    let found = try await all(store, filter: filter).map { name(store, $0) }
    probe.expect(found.contains(text), true, "the search finds '\(text)'")
    let strays = found.filter { !$0.localizedCaseInsensitiveContains(text) }
    probe.expect(strays, [], "the search finds only names holding '\(text)'")
  }

  /// A move before an item lands right before it, whatever comes before that item.
  func moveBefore(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    guard store.supportsMoving else { return }
    let items = try await all(store)
    var expected = seed.map(\.name)
    // The last before the third, then the first before the fourth (one more than the
    // third's place, now that the first has gone).
    try await store.move(items[items.count - 1], before: items[2])
    expected.insert(expected.removeLast(), at: 2)
    probe.expect(try await all(store).map { name(store, $0) }, expected, "move up before")
    try await store.move(items[0], before: items[3])
    expected.insert(expected.removeFirst(), at: 3)
    probe.expect(try await all(store).map { name(store, $0) }, expected, "move down before")
    do {
      try await store.move(items[1], before: items[1])
      probe.fail("a move before itself succeeded")
    } catch {}
    probe.expect(
      try await all(store).map { name(store, $0) }, expected, "a refused move changes nothing")
  }

  func cancel(_ store: any AsyncDataStore, _ probe: inout Probe) async throws {
    let task = Task { try await store.fetchPage(FetchOptions(batchSize: 4), from: nil) }
    task.cancel()
    // Cancelled, it ends: with the page or an error, never hanging.
    _ = await task.result
    let items = try await all(store)
    probe.expect(items.count, seed.count, "a cancelled read changes nothing")
  }

  /// Writes `values` to a created item through the store's definition.
  func write(_ store: any AsyncDataStore, _ item: Value, _ values: [String: Value]) throws {
    guard case .object(let ref) = item,
      let kvc = store.itemsDefinition?.keyValueCoding(for: ref.object)
    else { throw StoreError.unsupported("created items cannot be written through the definition") }
    for (key, value) in values.sorted(by: { $0.key < $1.key }) {
      try kvc.setValue(value, forKeyPath: key)
    }
  }
}
