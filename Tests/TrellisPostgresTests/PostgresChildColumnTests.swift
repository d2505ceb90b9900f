import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisValues

/// Child rows are written as their table asks, like their parent's: a column the database
/// computes is never written, and one with a default that the object leaves empty takes it.
@Suite("PostgreSQL child rows' columns", .serialized)
struct PostgresChildColumnTests {
  /// Lists with their steps; `note` (NOT NULL DEFAULT 'none') and `shout` (generated) only
  /// when `withMadeColumns`, as an entity over the tables once they were added elsewhere.
  static func entity(list: String, step: String, withMadeColumns: Bool) throws -> PostgresEntity {
    let stepKeys = withMadeColumns ? "name;note;shout" : "name"
    let stepDefinition = try DataDefinition.dictionary(keys: stepKeys)
    var columns = [PostgresColumn("name", .text)]
    if withMadeColumns {
      var note = PostgresColumn("note", .text)
      note.hasDefault = true
      var shout = PostgresColumn("shout", .text, nullable: true)
      shout.isReadOnly = true
      columns += [note, shout]
    }
    let steps = PostgresEntity(
      table: step, definition: stepDefinition, columns: columns, ordered: true)
    var listDefinition = try DataDefinition.dictionary(keys: "name;steps")
    listDefinition["steps"]?.type = .arrayOfObjects
    listDefinition["steps"]?.attributes = .arrayOfObjects(stepDefinition)
    return PostgresEntity(
      table: list, definition: listDefinition, columns: [PostgresColumn("name", .text)],
      ordered: true,
      relationships: [PostgresRelationship("steps", to: steps, foreignKey: "list_id")])
  }

  /// A new step: its name, and nothing in the columns the database fills.
  static func step(_ name: String) -> Value {
    let values = ValueDictionary([("name", .string(name)), ("note", .null), ("shout", .null)])
    return .object(ObjectReference(DocumentObject(.dictionary(values))))
  }

  static func list(_ name: String, steps: [String]) -> Value {
    let steps = steps.map(step)
    return .object(
      ObjectReference(
        DocumentObject(
          .dictionary(ValueDictionary([("name", .string(name)), ("steps", .array(steps))])))))
  }

  /// The steps' columns as the table holds them, in order.
  static func stepRows(_ table: String, _ store: PostgresStore) async throws -> [String] {
    try await store.client.withConnection { connection in
      var rows: [String] = []
      for try await (name, note, shout) in try await connection.query(
        PostgresQuery(
          unsafeSQL: "SELECT name, note, shout FROM \"\(table)\" ORDER BY list_id, position"),
        logger: Logger(label: "test")
      ).decode((String, String, String?).self) {
        rows.append("\(name) \(note) \(shout ?? "-")")
      }
      return rows
    }
  }

  @Test func aChildLeavesDefaultsAndComputedColumnsToTheDatabase() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let listTable = PostgresTestSupport.freshTable("list")
    let stepTable = PostgresTestSupport.freshTable("step")
    // The store makes the tables; another program then adds a default and a computed column.
    let maker = try PostgresStore(
      url: url, entity: try Self.entity(list: listTable, step: stepTable, withMadeColumns: false),
      timeout: .seconds(30))
    _ = try await maker.fetchPage(FetchOptions(), from: nil)
    try await maker.client.withConnection { connection in
      for sql in [
        "ALTER TABLE \"\(stepTable)\" ADD COLUMN note text NOT NULL DEFAULT 'none'",
        "ALTER TABLE \"\(stepTable)\" ADD COLUMN shout text GENERATED ALWAYS AS (upper(name)) STORED",
      ] {
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test"))
      }
    }
    maker.shutdown()

    let entity = try Self.entity(list: listTable, step: stepTable, withMadeColumns: true)
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    try await store.insert(Self.list("Trip", steps: ["pack", "go"]), at: nil)
    #expect(try await Self.stepRows(stepTable, store) == ["pack none PACK", "go none GO"])

    // Written again with its parent, a known step keeps what its row holds in the column its
    // object was never told; a new one takes the default.
    let page = try await store.fetchPage(FetchOptions(), from: nil)
    let trip = try #require(page.items.first)
    let kvc = try #require(trip.objectValue as? KeyValueCoding)
    var steps = try #require(try kvc.value(forKey: "steps").arrayValue)
    let first = try #require(steps[0].objectValue as? KeyValueCoding)
    try first.setValue("unpack", forKey: "name")
    try first.setValue(.null, forKey: "note")
    steps.append(Self.step("rest"))
    try await store.update(trip, values: ["steps": .array(steps)])
    #expect(
      try await Self.stepRows(stepTable, store) == [
        "unpack none UNPACK", "go none GO", "rest none REST",
      ])
  }

  @Test func childrenThatAreNotAListAreRefusedAndKept() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let listTable = PostgresTestSupport.freshTable("list")
    let stepTable = PostgresTestSupport.freshTable("step")
    let entity = try Self.entity(list: listTable, step: stepTable, withMadeColumns: false)
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    try await store.insert(Self.list("Trip", steps: ["pack", "go"]), at: nil)
    let trip = try #require(try await store.fetchPage(FetchOptions(), from: nil).items.first)
    // An object holding another shape is refused as it takes the value.
    await #expect(throws: StoreError.self) {
      try await store.update(trip, values: ["steps": .dictionary([:])])
    }
    // A new one is refused as its children are written: read as none, they would be lost.
    await #expect(throws: StoreError.self) {
      try await store.insert(
        .object(
          ObjectReference(
            DocumentObject(
              .dictionary(
                ValueDictionary([("name", .string("Camp")), ("steps", .string("tent"))]))))),
        at: nil)
    }
    let rows = try await store.client.withConnection { connection in
      var names: [String] = []
      for try await name in try await connection.query(
        PostgresQuery(unsafeSQL: "SELECT name FROM \"\(stepTable)\" ORDER BY position"),
        logger: Logger(label: "test")
      ).decode(String.self) {
        names.append(name)
      }
      return names
    }
    #expect(rows == ["pack", "go"])
  }
}
