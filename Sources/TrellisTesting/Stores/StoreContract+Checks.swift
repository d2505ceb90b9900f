import Trellis

/// The checks of the store contract.
extension StoreContract {
  typealias Store = any DataStore

  static func reader(_ store: Store, _ item: Value) -> ValueReader {
    store.itemsDefinition?.reader(for: item) ?? DataDefinition.document(item).reader(for: item)
  }

  static func names(_ store: Store, _ options: FetchOptions = FetchOptions()) throws -> [String] {
    try store.fetch(options).map { reader(store, $0).value("name")?.stringValue ?? "?" }
  }

  static func ranks(_ store: Store, _ options: FetchOptions = FetchOptions()) throws -> [Int] {
    try store.fetch(options).map { reader(store, $0).value("rank")?.intValue ?? -1 }
  }

  /// A new item with `name` and `rank`, made by the store and written through its definition.
  static func newItem(_ store: Store, _ name: String, _ rank: Int) throws -> Value {
    let item = try store.create()
    guard case .object(let ref) = item else { return item }
    guard let kvc = store.itemsDefinition?.keyValueCoding(for: ref.object) else {
      throw StoreError.unsupported("created items cannot be written through the definition")
    }
    try kvc.setValue(.string(name), forKeyPath: "name")
    try kvc.setValue(.int(rank), forKeyPath: "rank")
    return item
  }

  static var seedNames: [String] { seed.map(\.name) }

  static func fetchAll(_ store: Store, _ probe: inout Probe) throws {
    probe.expect(try names(store), seedNames, "fetch returns the items in store order")
    probe.expect(try store.count(FetchOptions()), seed.count, "count")
    probe.expect(try ranks(store), seed.map(\.rank), "ranks")
  }

  static func identity(_ store: Store, _ probe: inout Probe) throws {
    let first = try store.fetch(FetchOptions())
    let second = try store.fetch(FetchOptions())
    probe.expect(first, second, "fetching twice gives equal items (identity for diffing)")
    let window = try store.fetch(FetchOptions(batchSize: 2, offset: 1))
    probe.expect(window, Array(first[1..<3]), "a window gives the same items as a full fetch")
  }

  static func sort(_ store: Store, _ probe: inout Probe) throws {
    let byName = seedNames.sorted { $0.lowercased() < $1.lowercased() }
    probe.expect(
      try names(store, FetchOptions(sort: [SortKey("name")])), byName,
      "sorted by name, ignoring case")
    probe.expect(
      try names(store, FetchOptions(sort: [SortKey("name", ascending: false)])),
      byName.reversed(), "sorted by name, descending")
    probe.expect(
      try ranks(store, FetchOptions(sort: [SortKey("rank")])), [1, 2, 3, 4, 5], "sorted by rank")
    probe.expect(
      try ranks(store, FetchOptions(sort: [SortKey("rank", ascending: false)])), [5, 4, 3, 2, 1],
      "sorted by rank, descending")
    probe.expect(try names(store), seedNames, "sorting leaves the store order alone")
  }

  static func filter(_ store: Store, _ probe: inout Probe) throws {
    let predicate = try Predicate("rank >= $least")
    let byPredicate = FetchOptions(filter: ItemFilter(predicate, variables: ["least": 3]))
    probe.expect(try names(store, byPredicate), ["Carol", "dave", "Eve"], "predicate filter")
    probe.expect(try store.count(byPredicate), 3, "count with a predicate filter")
    let odd = FetchOptions(
      filter: ItemFilter("odd rank") { ($0.value("rank")?.intValue ?? 0) % 2 == 1 })
    probe.expect(try names(store, odd), ["Carol", "alice", "dave"], "closure filter")
    let search = FetchOptions(filter: ItemFilter.search("E", in: ["name"]))
    probe.expect(try names(store, search), ["alice", "dave", "Eve"], "search ignores case")
    let both = FetchOptions(
      sort: [SortKey("rank")],
      filter: ItemFilter(try Predicate("rank < 5")) && ItemFilter.search("e", in: ["name"]))
    probe.expect(try names(store, both), ["alice", "Eve"], "combined filters, sorted")
    probe.expect(try store.count(both), 2, "count with combined filters")
  }

  static func batch(_ store: Store, _ probe: inout Probe) throws {
    let window = FetchOptions(sort: [SortKey("rank")], batchSize: 2, offset: 1)
    probe.expect(try ranks(store, window), [2, 3], "batch size and offset")
    probe.expect(try store.count(window), seed.count, "count ignores batch size and offset")
    probe.expect(
      try ranks(store, FetchOptions(sort: [SortKey("rank")], batchSize: 10, offset: 3)), [4, 5],
      "a batch past the end is cut short")
    probe.expect(
      try ranks(store, FetchOptions(batchSize: 2, offset: 10)), [], "an offset past the end")
    probe.expect(try ranks(store, FetchOptions(batchSize: 0)), [], "batch size zero")
  }

  static func create(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    _ = try newItem(store, "Zed", 9)
    probe.expect(try store.count(FetchOptions()), seed.count, "create does not insert")
    probe.expect(log.take(), [], "create sends no change event")
    observation.cancel()
  }

  static func insert(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let before = try store.fetch(FetchOptions())
    let fay = try newItem(store, "Fay", 6)
    try store.insert(fay, at: 1)
    probe.expect(try names(store), ["Carol", "Fay", "alice", "Bob", "dave", "Eve"], "insert at 1")
    probe.expectEvents(log.take(), .inserted(fay, after: before[0]), "insert at 1")
    let gus = try newItem(store, "Gus", 7)
    try store.insert(gus, at: nil)
    probe.expect(try names(store).last, "Gus", "insert at the end")
    probe.expectEvents(log.take(), .inserted(gus, after: before.last), "insert at the end")
    probe.expect(try store.count(FetchOptions()), 7, "count after inserts")
    probe.expect(try ranks(store, FetchOptions(sort: [SortKey("rank")])).last, 7, "new values kept")
    observation.cancel()
  }

  static func insertRefused(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let item = try newItem(store, "Hal", 8)
    probe.expectRefusal("insert past the end") { () throws(StoreError) in
      try store.insert(item, at: 99)
    }
    probe.expectRefusal("insert at a negative index") { () throws(StoreError) in
      try store.insert(item, at: -1)
    }
    probe.expect(try names(store), seedNames, "a refused insert changes nothing")
    probe.expect(log.take(), [], "a refused insert sends no event")
    observation.cancel()
  }

  static func update(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let item = try store.fetch(FetchOptions())[2]
    try store.update(item, values: ["name": "Bobby", "rank": 12])
    probe.expect(try names(store)[2], "Bobby", "updated name")
    probe.expect(try ranks(store)[2], 12, "updated rank")
    probe.expectEvents(log.take(), .updated(item), "update")
    probe.expect(try store.fetch(FetchOptions())[2], item, "an updated item keeps its identity")
    observation.cancel()
  }

  static func updateRefused(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let item = try store.fetch(FetchOptions())[2]
    probe.expectRefusal("update with a value of the wrong type") { () throws(StoreError) in
      try store.update(item, values: ["name": "Robert", "rank": "high"])
    }
    probe.expectRefusal("update of an item not in the store") { () throws(StoreError) in
      let stranger: Value
      do { stranger = try newItem(store, "Ivy", 10) } catch { throw .failed("\(error)") }
      try store.update(stranger, values: ["name": "Ivan"])
    }
    probe.expect(try names(store), seedNames, "a refused update changes nothing")
    probe.expect(try ranks(store), seed.map(\.rank), "a refused update changes no rank")
    let reread = reader(store, try store.fetch(FetchOptions())[2])
    probe.expect(reread.value("name")?.stringValue, "Bob", "the item itself is unchanged")
    probe.expect(log.take(), [], "a refused update sends no event")
    observation.cancel()
  }

  static func delete(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let item = try store.fetch(FetchOptions())[1]
    try store.delete(item)
    probe.expect(try names(store), ["Carol", "Bob", "dave", "Eve"], "delete")
    probe.expectEvents(log.take(), .deleted(item), "delete")
    probe.expect(try store.count(FetchOptions()), 4, "count after delete")
    observation.cancel()
  }

  static func deleteRefused(_ store: Store, _ probe: inout Probe) throws {
    let item = try store.fetch(FetchOptions())[1]
    try store.delete(item)
    let log = EventLog()
    let observation = store.observe(log.record)
    probe.expectRefusal("deleting an item twice") { () throws(StoreError) in
      try store.delete(item)
    }
    probe.expect(try names(store), ["Carol", "Bob", "dave", "Eve"], "a refused delete")
    probe.expect(log.take(), [], "a refused delete sends no event")
    observation.cancel()
  }

  static func move(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let items = try store.fetch(FetchOptions())
    guard store.supportsMoving else {
      probe.expectRefusal("moving in a store without order") { () throws(StoreError) in
        try store.move(items[0], after: items[2])
      }
      return
    }
    // Carol, alice, Bob, dave, Eve.
    try store.move(items[0], after: items[2])
    probe.expect(try names(store), ["alice", "Bob", "Carol", "dave", "Eve"], "move down")
    probe.expectEvents(log.take(), .moved(items[0], after: items[2]), "move down")
    try store.move(items[4], after: items[1])
    probe.expect(try names(store), ["alice", "Eve", "Bob", "Carol", "dave"], "move up")
    probe.expectEvents(log.take(), .moved(items[4], after: items[1]), "move up")
    try store.move(items[3], after: nil)
    probe.expect(try names(store), ["dave", "alice", "Eve", "Bob", "Carol"], "move to the top")
    probe.expectEvents(log.take(), .moved(items[3], after: nil), "move to the top")
    try store.move(items[3], after: items[0])
    probe.expect(try names(store), ["alice", "Eve", "Bob", "Carol", "dave"], "move to the end")
    _ = log.take()
    try store.insert(try newItem(store, "Fay", 6), at: 2)
    probe.expect(
      try names(store), ["alice", "Eve", "Fay", "Bob", "Carol", "dave"], "insert after moves")
    _ = log.take()
    try store.delete(try store.fetch(FetchOptions())[0])
    try store.move(items[4], after: items[3])
    probe.expect(try names(store), ["Fay", "Bob", "Carol", "dave", "Eve"], "move after delete")
    observation.cancel()
  }

  static func moveRefused(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let observation = store.observe(log.record)
    let items = try store.fetch(FetchOptions())
    let stranger = try newItem(store, "Ivy", 10)
    probe.expectRefusal("move of an item not in the store") { () throws(StoreError) in
      try store.move(stranger, after: items[0])
    }
    probe.expectRefusal("move after an item not in the store") { () throws(StoreError) in
      try store.move(items[0], after: stranger)
    }
    probe.expectRefusal("move after itself") { () throws(StoreError) in
      try store.move(items[1], after: items[1])
    }
    probe.expect(try names(store), seedNames, "a refused move changes nothing")
    probe.expect(log.take(), [], "a refused move sends no event")
    observation.cancel()
  }

  /// A move before an item lands right before it, whatever comes before that item: what a
  /// list that shows part of the order asks for when a row goes to its top.
  static func moveBefore(_ store: Store, _ probe: inout Probe) throws {
    let items = try store.fetch(FetchOptions())
    guard store.supportsMoving else { return }
    let log = EventLog()
    let observation = store.observe(log.record)
    // Carol, alice, Bob, dave, Eve.
    try store.move(items[4], before: items[2])
    probe.expect(try names(store), ["Carol", "alice", "Eve", "Bob", "dave"], "move up before")
    probe.expectEvents(log.take(), .moved(items[4], after: items[1]), "move up before")
    try store.move(items[0], before: items[3])
    probe.expect(try names(store), ["alice", "Eve", "Bob", "Carol", "dave"], "move down before")
    probe.expectEvents(log.take(), .moved(items[0], after: items[2]), "move down before")
    try store.move(items[3], before: items[1])
    probe.expect(try names(store), ["dave", "alice", "Eve", "Bob", "Carol"], "move to the top")
    probe.expectEvents(log.take(), .moved(items[3], after: nil), "move to the top")
    probe.expectRefusal("move before itself") { () throws(StoreError) in
      try store.move(items[1], before: items[1])
    }
    let stranger = try newItem(store, "Ivy", 10)
    probe.expectRefusal("move before an item not in the store") { () throws(StoreError) in
      try store.move(items[0], before: stranger)
    }
    probe.expect(
      try names(store), ["dave", "alice", "Eve", "Bob", "Carol"], "a refused move changes nothing")
    probe.expect(log.take(), [], "a refused move sends no event")
    observation.cancel()
  }

  static func observation(_ store: Store, _ probe: inout Probe) throws {
    let log = EventLog()
    let second = EventLog()
    let observation = store.observe(log.record)
    var kept: ObservationToken? = store.observe(second.record)
    let fay = try newItem(store, "Fay", 6)
    try store.insert(fay, at: 0)
    probe.expectEvents(log.take(), .inserted(fay, after: nil), "first observer")
    probe.expectEvents(second.take(), .inserted(fay, after: nil), "second observer")
    observation.cancel()
    kept = nil
    try store.delete(try store.fetch(FetchOptions())[0])
    probe.expect(log.take(), [], "a cancelled observation gets no event")
    probe.expect(second.take(), [], "a released observation gets no event")
    _ = kept
  }
}
