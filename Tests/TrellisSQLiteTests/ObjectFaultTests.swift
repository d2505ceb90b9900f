import Dispatch
import Foundation
import Observation
import Synchronization
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting
import TrellisValues

/// A class that counts how many of it were made, to show which rows made an object.
private final class Counted {
  static let made = Atomic<Int>(0)
  var name = ""
  var rank = 0
  init() { Self.made.add(1, ordering: .relaxed) }
}

/// ``Counted`` for the long list's test alone: other suites list `Counted` rows, and open them,
/// while it runs.
private final class LongListItem {
  static let made = Atomic<Int>(0)
  var name = ""
  var rank = 0
  init() { Self.made.add(1, ordering: .relaxed) }
}

/// Rows listed over SQLite are faults: their values as fetched, with the app's object made
/// only when a row is opened or code asks for it, and then the same object every time.
@Suite("Rows listed as faults", .serialized)
struct ObjectFaultTests {
  static func entity(longList: Bool = false) throws -> SQLiteEntity {
    let definition =
      longList
      ? try DataDefinition(
        for: LongListItem.self,
        properties: [.init("name", \LongListItem.name), .init("rank", \LongListItem.rank)],
        make: { LongListItem() })
      : try DataDefinition(
        for: Counted.self,
        properties: [.init("name", \Counted.name), .init("rank", \Counted.rank)],
        make: { Counted() })
    return SQLiteEntity(
      table: "counted", definition: definition, columns: [.text("name"), .integer("rank")],
      ordered: true)
  }

  static func store(_ count: Int, longList: Bool = false) throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory(entity: try entity(longList: longList))
    try store.database.write { db in
      try db.execute(
        sql: """
          WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
          INSERT INTO counted (name, rank, position) SELECT 'Item ' || x, x, x FROM n
          """, arguments: [count - 1])
    }
    return store
  }

  static func app(_ store: SQLiteStore, batch: Int?, onDemand: Bool = false) throws -> HeadlessApp {
    var definition = store.entity.definition
    definition.descriptionPropertyNames = ["rank"]
    let section = ArrayOfObjectsSection(id: "items", store: store, definition: definition)
    section.fetchOptions.batchSize = batch
    section.rendersRowsOnDemand = onDemand
    let model = TableModel(title: "Items")
    model.addSection(section)
    return HeadlessApp(navigator: Navigator(root: Screen(model: model)))
  }

  @Test func aListOf100000RowsScrolledOnceMakesNoObject() throws {
    let before = LongListItem.made.load(ordering: .relaxed)
    let store = try Self.store(100_000, longList: true)
    let app = try Self.app(store, batch: 25_000)
    for _ in 0..<3 { try app.send(.loadMore(section: 0)) }
    // Every row was read by the host, titles and details from the fetched values.
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 100_000)
    #expect(rows[0].text == "Item 0" && rows[0].detail == "0")
    #expect(rows[99_999].text == "Item 99999" && rows[99_999].detail == "99999")
    #expect(LongListItem.made.load(ordering: .relaxed) == before, "no row made an object")

    // Opening one row makes exactly its object; opening it again makes none.
    try app.tap("Item 42")
    #expect(app.row("Name")?.value == .string("Item 42"))
    #expect(app.row("Rank")?.value == .int(42))
    #expect(LongListItem.made.load(ordering: .relaxed) == before + 1)
    try app.send(.back)
    try app.tap("Item 42")
    // An edit goes to that object and back to the list, still without another object.
    try app.enter(.string("Forty-two"), at: "Name")
    try app.send(.done)
    #expect(app.row("Forty-two")?.detail == "42")
    #expect(LongListItem.made.load(ordering: .relaxed) == before + 1)
    #expect(app.host.violations.isEmpty)
  }

  /// A list that renders its rows only as a host reads them makes none either.
  @Test func aListRenderingRowsOnDemandMakesNoObject() throws {
    let before = LongListItem.made.load(ordering: .relaxed)
    let store = try Self.store(1_000, longList: true)
    let app = try Self.app(store, batch: 500, onDemand: true)
    try app.send(.loadMore(section: 0))
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 1_000)
    #expect(rows.last?.text == "Item 999" && rows.last?.detail == "999")
    #expect(LongListItem.made.load(ordering: .relaxed) == before, "no row made an object")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aFaultAndItsObjectAreOneItem() throws {
    let store = try Self.store(3)
    let listed = try store.fetch(FetchOptions())
    let reference = try #require(Self.reference(listed[1]))
    #expect(reference.fault?.madeObject == nil)
    let object = try #require(reference.object as? Counted)
    #expect(object.name == "Item 1")
    let same = reference.object === object
    #expect(same, "the same object every time")
    // A reference made from the object is the row's: lists, choices and sets find it.
    let fromObject = Value.object(ObjectReference(object))
    #expect(fromObject == listed[1])
    #expect(Set(listed).contains(fromObject))
    let reread = try store.fetch(FetchOptions())
    #expect(reread[1] == listed[1], "read again, the same row")
    // Writes through the store reach the object, and a read again keeps it.
    try store.update(listed[1], values: ["name": .string("Renamed")])
    #expect(object.name == "Renamed")
    let kept = try store.fetch(FetchOptions())[1].objectValue === object
    #expect(kept)
  }

  /// A list reads a fetched row's title and detail from its values by position, and an opened
  /// row's through its object: both show the same texts, for titles of several keys, empty
  /// parts and a title that is empty.
  @Test func titlesFromFetchedValuesAreThoseTheObjectsShow() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.entity())
    try store.database.write { db in
      for (position, (name, rank)) in [("Ada", 3), ("", 7), ("", 0), ("Bo", 0)].enumerated() {
        try db.execute(
          sql: "INSERT INTO counted (name, rank, position) VALUES (?, ?, ?)",
          arguments: [name, rank, position])
      }
    }
    var definition = try Self.entity().definition
    definition.titlePropertyNames = ["name", "rank"]
    definition.titleSeparator = " #"
    definition.descriptionPropertyNames = ["name"]
    let section = ArrayOfObjectsSection(id: "items", store: store, definition: definition)
    let model = TableModel(title: "Items")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    func texts() -> [[String?]] { app.host.rows(inSection: 0).map { [$0.text, $0.detail] } }
    let fromValues = texts()
    #expect(
      fromValues == [["Ada #3", "Ada"], ["7", nil], ["0", nil], ["Bo #0", "Bo"]],
      "an empty name is left out; a zero is a value")
    // Every row's object made, the same rows render through the objects.
    for item in section.items { _ = Self.reference(item)?.object }
    #expect(section.items.allSatisfy { Self.reference($0)?.fault?.madeObject != nil })
    section.setNeedsRefresh()
    model.processChanges()
    #expect(texts() == fromValues)
    // A list opened now renders every row through its object, as the store gives the same
    // faults: the texts are the same.
    let again = ArrayOfObjectsSection(id: "items", store: store, definition: definition)
    let other = TableModel(title: "Items")
    other.addSection(again)
    let otherApp = HeadlessApp(navigator: Navigator(root: Screen(model: other)))
    #expect(again.items.allSatisfy { Self.reference($0)?.fault?.madeObject != nil })
    #expect(otherApp.host.rows(inSection: 0).map { [$0.text, $0.detail] } == fromValues)
    #expect(app.host.violations.isEmpty && otherApp.host.violations.isEmpty)
  }

  static func reference(_ item: Value) -> ObjectReference? {
    if case .object(let reference) = item { reference } else { nil }
  }

  @Test func aFaultTakesTheValuesReadAgain() throws {
    let store = try Self.store(2)
    let app = try Self.app(store, batch: 50)
    #expect(app.texts == [["Item 0", "Item 1"]])
    let before = Counted.made.load(ordering: .relaxed)
    // Another connection's write, reported as a reset: the list reads again.
    try store.database.write { db in
      try db.execute(sql: "UPDATE counted SET name = 'Elsewhere' WHERE rank = 1")
    }
    try app.send(.refresh)
    #expect(app.texts == [["Item 0", "Elsewhere"]])
    #expect(Counted.made.load(ordering: .relaxed) == before)
    #expect(app.host.violations.isEmpty)
  }

  /// Whether reading `key` of `fault` is told of a change made by `change`.
  static func isTold(
    reading key: String, of fault: ObjectFault, after change: () throws -> Void
  ) rethrows -> Bool {
    let told = Atomic<Bool>(false)
    withObservationTracking {
      _ = try? fault.value(forKey: key)
    } onChange: {
      told.store(true, ordering: .relaxed)
    }
    try change()
    return told.load(ordering: .relaxed)
  }

  static func rename(_ name: String, rank: Int, in store: SQLiteStore) throws {
    try store.database.write { db in
      try db.execute(
        sql: "UPDATE counted SET name = ? WHERE rank = ?", arguments: [name, rank])
    }
  }

  @Test func aRowReadAgainUnchangedTellsNobody() throws {
    let store = try Self.store(2)
    let fault = try #require(Self.reference(try store.fetch(FetchOptions())[1])?.fault)
    // Read again with the same values: a screen that shows the row has nothing to redraw.
    #expect(!(try Self.isTold(reading: "name", of: fault) { _ = try store.fetch(FetchOptions()) }))
    // Read again after another connection renamed it: the screen hears of it.
    #expect(
      try Self.isTold(reading: "name", of: fault) {
        try Self.rename("Elsewhere", rank: 1, in: store)
        _ = try store.fetch(FetchOptions())
      })
    #expect(try fault.value(forKey: "name") == .string("Elsewhere"))
  }

  @Test func aMadeObjectWrittenByAReadTellsThoseWhoReadItThroughItsFault() throws {
    let store = try Self.store(2)
    let fault = try #require(Self.reference(try store.fetch(FetchOptions())[1])?.fault)
    // The object is a plain class, which nobody can observe: its fault tells instead.
    let object = try #require(fault.object as? Counted)
    #expect(!(try Self.isTold(reading: "name", of: fault) { _ = try store.fetch(FetchOptions()) }))
    #expect(
      try Self.isTold(reading: "name", of: fault) {
        try Self.rename("Elsewhere", rank: 1, in: store)
        _ = try store.fetch(FetchOptions())
      })
    #expect(object.name == "Elsewhere")
  }

  @Test func aDeletedRowsFaultLeavesTheList() throws {
    let store = try Self.store(3)
    let app = try Self.app(store, batch: 50)
    let before = Counted.made.load(ordering: .relaxed)
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(app.texts == [["Item 0", "Item 2"]])
    #expect(try store.count(FetchOptions()) == 2)
    #expect(Counted.made.load(ordering: .relaxed) == before, "a delete needs no object")
    #expect(app.host.violations.isEmpty)
  }
}

/// A fault's object made on one thread while another writes the fault: the object ends with
/// the write, never with the values the fill started from.
@Suite("A fault made while it is written")
struct ObjectFaultFillTests {
  @Test func aWriteDuringTheFillReachesTheObject() async throws {
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let fills = Atomic<Int>(0)
    let layout = ObjectFaultLayout(
      name: "Item", keys: ["name"], kinds: [.string],
      make: { DocumentObject(.dictionary(["name": .null])) },
      fill: { object, values in
        // The first fill waits until the test has written the fault.
        if fills.add(1, ordering: .relaxed).newValue == 1 {
          started.signal()
          proceed.wait()
        }
        try? (object as? DocumentObject)?.setValue(values[0], forKey: "name")
      },
      coding: { $0 as? KeyValueCoding })
    let fault = ObjectFault(values: [.string("Old")], layout: layout)
    // The fill runs on a thread of its own, never one of the concurrency pool's: the test
    // blocks its own thread until the fill has started, which must not wait for a free one.
    let making = AsyncStream<Value?>.makeStream()
    Thread {
      making.continuation.yield(try? (fault.object as? DocumentObject)?.value(forKey: "name"))
      making.continuation.finish()
    }.start()
    started.wait()
    try fault.setValue(.string("New"), forKey: "name")
    #expect(fault.madeObject == nil, "the object holds the row's values only once filled")
    proceed.signal()
    var made: Value?
    for await value in making.stream { made = value }
    #expect(made == .string("New"))
    #expect(fills.load(ordering: .relaxed) == 2, "filled again with the newer values")
    #expect(try fault.value(forKey: "name") == .string("New"))
  }
}
