import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// SQLite's failures reach people as words: what failed, never the SQL.
@Suite("SQLite errors in words")
struct SQLiteErrorWordsTests {
  static func contacts() throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory(entity: ContactsApp.entity())
    try store.insertAll(ContactsApp.people(3).map { .object(ObjectReference($0)) })
    return store
  }

  @Test func aSearchTooComplexForSQLiteSaysTheSearchIsTooLong() throws {
    let store = try Self.contacts()
    let keys = store.entity.definition.titlePropertyNames
    let options = FetchOptions(
      filter: .search(String(repeating: "a", count: 50_000), in: keys))
    #expect(throws: StoreError.failed("The search is too long.")) { try store.fetch(options) }
  }

  @Test func aFailedReadNamesNoSQL() throws {
    let store = try Self.contacts()
    let table = store.entity.table
    try store.database.write { db in try db.execute(sql: "DROP TABLE \"\(table)\"") }
    do {
      _ = try store.fetch(FetchOptions())
      Issue.record("the read of a dropped table succeeded")
    } catch {
      // The table went under the store: it says so, and what fixes it.
      #expect(error == .failed(SQLiteStore.schemaChanged))
      #expect(!error.description.contains("SELECT"))
    }
  }
}

/// A column SQLite refuses is named on the field that wrote it, as a form marks it.
@Suite("SQLite refusals of one column")
struct SQLiteColumnRefusalTests {
  /// A copy of the shop fixture in a folder of its own: the folder, the file's path, the
  /// store of its products and the product "Hammer".
  static func shop() throws -> (URL, String, SQLiteStore, Value) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-column-refusal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("shop.sqlite").path
    let sql = try String(contentsOf: TestFixtures.url("AnyData/shop.sql"), encoding: .utf8)
    try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
    let file = try SQLiteFileStores(path: path, watchInterval: nil)
    let products = try #require(file.store(for: "product"))
    let hammer = try #require(
      try products.fetch(FetchOptions()).first {
        products.entity.definition.reader(for: $0).value("name") == "Hammer"
      })
    return (folder, path, products, hammer)
  }

  /// A to-one whose key is `NOT NULL` is required in the form, as a `NOT NULL` column is: a
  /// new product without a supplier is refused on that row before anything is written, and a
  /// nullable one (category) is not.
  @Test func aRequiredChoiceIsCheckedByTheFormFirst() throws {
    let (folder, _, products, _) = try Self.shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let definition = products.entity.definition
    let supplier = try #require(
      products.entity.toOneRelationships.first { $0.foreignKey == "supplierId" })
    let category = try #require(
      products.entity.toOneRelationships.first { $0.foreignKey == "categoryId" })
    #expect(definition[supplier.name]?.isRequired == true)
    #expect(definition[category.name]?.isRequired == false)
    let item = try products.create()
    let object = try #require(item.objectValue)
    let draft = try #require(Draft(for: object, definition: definition, mode: .deferred))
    let failure = try #require(draft.validate())
    let title = definition[supplier.name]?.title ?? supplier.name
    #expect(
      failure.messages.contains { $0.name == supplier.name && $0.message == "\(title) is required" }
    )
    #expect(!failure.messages.contains { $0.name == category.name })
  }

  /// A product's supplier emptied: the `NOT NULL` of its key refuses it on the Supplier field.
  @Test func aValueANotNullColumnRefusesIsMarkedOnItsField() throws {
    let (folder, path, products, hammer) = try Self.shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let relationship = try #require(
      products.entity.toOneRelationships.first { $0.foreignKey == "supplierId" })
    let supplier = products.entity.definition[relationship.name]?.title ?? relationship.name
    #expect(
      throws: StoreError.refusedValue(
        property: relationship.name, message: "\(supplier) needs a value")
    ) {
      try products.update(hammer, values: [relationship.name: .null])
    }
    let names = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM product WHERE supplierId IS NOT NULL")
    }
    #expect(names.contains("Hammer"))
  }

  /// A product's name emptied where no form required it: the write is refused before it
  /// reaches SQLite, on the Name field, and the row keeps its name.
  @Test func anEmptiedColumnThatCannotBeEmptyIsMarkedOnItsField() throws {
    let (folder, path, products, hammer) = try Self.shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let title = products.entity.definition["name"]?.title ?? "name"
    #expect(throws: StoreError.refusedValue(property: "name", message: "\(title) needs a value")) {
      try products.update(hammer, values: ["name": .null])
    }
    let names = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM product")
    }
    #expect(names.contains("Hammer"))
  }
}
