import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// Migrations: added columns are added, renames are declared and keep values, destructive
/// changes are refused unless allowed, and every migration applied is recorded.
@Suite("Schema migrations")
struct SchemaMigrationTests {
  private func entity(
    table: String = "entry", _ columns: [SQLiteColumn], keys: String
  ) throws -> SQLiteEntity {
    SQLiteEntity(
      table: table, definition: try DataDefinition.dictionary(keys: keys), columns: columns,
      ordered: true)
  }

  /// A file holding two entries, written by the first version of the entity.
  private func file(in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("entries.sqlite").path
    let version1 = try entity(
      [.text("name"), .integer("rank"), .text("note", indexed: true)], keys: "name;rank;note")
    let store = try SQLiteStore(path: path, entity: version1, watchInterval: nil)
    try store.database.write { db in
      try db.execute(
        sql:
          "INSERT INTO entry (name, rank, note, position) VALUES ('a', 1, 'x', 0), ('b', 2, 'y', 1)"
      )
    }
    return path
  }

  private func names(_ store: SQLiteStore, _ key: String) throws -> [Value] {
    let definition = store.entity.definition
    return try store.fetch(FetchOptions()).map { definition.reader(for: $0).value(key) ?? .null }
  }

  private func migrations(_ store: SQLiteStore) throws -> [String] {
    try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }
  }

  /// The names of the indexes the file has on its tables (those SQLite makes itself aside).
  private func indexes(_ store: SQLiteStore) throws -> Set<String> {
    Set(
      try store.database.read { db in
        try String.fetchAll(
          db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      })
  }

  @Test func aDeclaredRenameKeepsTheValues() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try file(in: directory)
    var version2 = try entity(
      [.text("title"), .integer("rank"), .text("note", indexed: true)], keys: "title;rank;note")
    version2.renamedColumns = ["title": "name"]
    let store = try SQLiteStore(path: path, entity: version2, watchInterval: nil)
    #expect(try names(store, "title") == ["a", "b"])
    #expect(try migrations(store).contains("trellis: rename entry.name to title"))
    let columns = try store.database.read { db in try db.columns(in: "entry").map(\.name) }
    #expect(!columns.contains("name"))
    #expect(try indexes(store) == ["entry_note", "entry_position"])
  }

  /// The indexes named after a renamed table or column take the new names: none is made a
  /// second time over the same columns.
  @Test func renamesKeepOneIndexPerPlannedIndex() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("indexed.sqlite").path
    var name = SQLiteColumn.text("name", indexed: true)
    name.isUnique = true
    var version1 = try entity([name, .integer("rank")], keys: "name;rank")
    version1.indexes = [["name", "rank"]]
    do {
      let store = try SQLiteStore(path: path, entity: version1, watchInterval: nil)
      #expect(
        try indexes(store) == [
          "entry_name", "entry_name_unique", "entry_name_rank", "entry_position",
        ])
    }
    var title = SQLiteColumn.text("title", indexed: true)
    title.isUnique = true
    var version2 = try entity(table: "item", [title, .integer("rank")], keys: "title;rank")
    version2.indexes = [["title", "rank"]]
    version2.renamedFrom = "entry"
    version2.renamedColumns = ["title": "name"]
    let store = try SQLiteStore(path: path, entity: version2, watchInterval: nil)
    #expect(
      try indexes(store) == [
        "item_title", "item_title_unique", "item_title_rank", "item_position",
      ])
    // The unique index still holds.
    try store.database.write { db in
      try db.execute(sql: "INSERT INTO item (title, rank, position) VALUES ('a', 1, 0)")
    }
    #expect(throws: (any Error).self) {
      try store.database.write { db in
        try db.execute(sql: "INSERT INTO item (title, rank, position) VALUES ('A2', 2, 1)")
        try db.execute(sql: "INSERT INTO item (title, rank, position) VALUES ('a', 3, 2)")
      }
    }
  }

  @Test func aDroppedColumnIsRefusedAndTheFileIsLeftAsItWas() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try file(in: directory)
    let version2 = try entity([.text("name"), .integer("rank")], keys: "name;rank")
    let error = #expect(throws: StoreError.self) {
      try SQLiteStore(path: path, entity: version2, watchInterval: nil)
    }
    #expect(error?.description.contains("entry.note") == true)
    #expect(error?.description.contains("allowsDroppingColumns") == true)
    let queue = try DatabaseQueue(path: path)
    let notes = try queue.read { db in try String.fetchAll(db, sql: "SELECT note FROM entry") }
    #expect(notes == ["x", "y"])
  }

  @Test func anAllowedDropDropsTheColumnAndItsIndexAndIsRecorded() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try file(in: directory)
    var version2 = try entity([.text("name"), .integer("rank")], keys: "name;rank")
    version2.allowsDroppingColumns = true
    let store = try SQLiteStore(path: path, entity: version2, watchInterval: nil)
    #expect(try names(store, "name") == ["a", "b"])
    #expect(try names(store, "rank") == [1, 2])
    let columns = try store.database.read { db in try db.columns(in: "entry").map(\.name) }
    #expect(!columns.contains("note"))
    #expect(try migrations(store).contains("trellis: drop entry.note"))
  }

  @Test func aRenamedTableKeepsItsRows() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try file(in: directory)
    var version2 = try entity(
      table: "item", [.text("name"), .integer("rank"), .text("note", indexed: true)],
      keys: "name;rank;note")
    version2.renamedFrom = "entry"
    let store = try SQLiteStore(path: path, entity: version2, watchInterval: nil)
    #expect(try names(store, "name") == ["a", "b"])
    #expect(try migrations(store).contains("trellis: rename table entry to item"))
    // A new row still goes through the renamed table.
    let item = try store.create()
    try store.entity.definition.keyValueCoding(for: try #require(item.objectValue))?
      .setValues(["name": "c", "rank": 3, "note": "z"])
    try store.insert(item, at: nil)
    #expect(try store.count(FetchOptions()) == 3)
  }

  /// The names migrations are recorded under are how an existing file knows what it has:
  /// they must stay as they are, whatever builds the statements.
  @Test func aNewFileRecordsEveryStepOfThePlanUnderItsName() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("graph.sqlite").path
    let step = SQLiteEntity(
      table: "step", definition: try DataDefinition.dictionary(keys: "title"),
      columns: [.text("title")], ordered: true)
    let category = SQLiteEntity(
      table: "category", definition: try DataDefinition.dictionary(keys: "name"),
      columns: [.text("name")])
    let tag = SQLiteEntity(
      table: "tag", definition: try DataDefinition.dictionary(keys: "name"),
      columns: [.text("name")])
    var name = SQLiteColumn.text("name", indexed: true)
    name.isUnique = true
    var task = SQLiteEntity(
      table: "task", definition: try DataDefinition.dictionary(keys: "name;rank"),
      columns: [name, .integer("rank")],
      relationships: [
        SQLiteRelationship("steps", to: step, foreignKey: "taskId"),
        .toOne("category", to: category), .manyToMany("tags", to: tag),
      ], ordered: true)
    task.indexes = [["rank", "name"]]
    let store = try SQLiteStore(path: path, entity: task, watchInterval: nil)
    #expect(
      try migrations(store).sorted()
        == [
          "trellis: add category.name", "trellis: add step.position", "trellis: add step.taskId",
          "trellis: add step.title", "trellis: add tag.name", "trellis: add task.categoryId",
          "trellis: add task.name", "trellis: add task.position", "trellis: add task.rank",
          "trellis: create category", "trellis: create join task_tags", "trellis: create step",
          "trellis: create tag", "trellis: create task", "trellis: index step.taskId",
          "trellis: index task(rank,name)", "trellis: index task.categoryId",
          "trellis: index task.name", "trellis: index task.position", "trellis: unique task.name",
        ])
    let indexes = try store.database.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    }
    #expect(
      Set(indexes)
        == [
          "task_rank_name", "task_name", "task_name_unique", "task_position", "task_categoryId",
          "step_taskId", "task_tags_target",
        ])
    let recorded = try migrations(store).count
    let again = try SQLiteStore(path: path, entity: task, watchInterval: nil)
    #expect(try migrations(again).count == recorded)
  }

  /// A table renamed keeps the pairs of its many-to-many lists, whose join table took its
  /// default name from the table's.
  @Test func aRenamedTableKeepsItsManyToManyPairs() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("members.sqlite").path
    var members = try RelationshipsOnSQLiteTests.members(deleteRule: .nullify)
    do {
      let store = try SQLiteStore(path: path, entity: members, watchInterval: nil)
      let groups = try store.store(for: "group")
      let red = ContractGroup(name: "Red")
      try groups.insert(.object(ObjectReference(red)), at: nil)
      let ann = ContractMember(name: "Ann", group: red)
      ann.badges = [red]
      try store.insert(.object(ObjectReference(ann)), at: nil)
    }
    members.table = "person"
    members.renamedFrom = "member"
    let store = try SQLiteStore(path: path, entity: members, watchInterval: nil)
    let people = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? ContractMember }
    #expect(people.map(\.name) == ["Ann"])
    #expect(people.first?.badges.map(\.name) == ["Red"])
    #expect(people.first?.group?.name == "Red")
    let tables = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    #expect(tables.contains("person_badges") && !tables.contains("member_badges"))
    let names = try indexes(store)
    #expect(names.contains("person_badges_target") && !names.contains("member_badges_target"))
  }

  /// The rows pointing at one row (a group's members) are read in their order from the index
  /// on the to-one's key, which holds the order after the key: SQLite sorts nothing.
  @Test func aToOnesRowsAreReadInOrderFromItsIndex() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("members.sqlite").path
    let store = try SQLiteStore(
      path: path, entity: try RelationshipsOnSQLiteTests.members(deleteRule: .nullify),
      watchInterval: nil)
    let columns = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info('member_groupId')")
    }
    #expect(columns == ["groupId", "position", "id"])
    let plan = try store.database.read { db in
      try Row.fetchAll(
        db,
        sql: "EXPLAIN QUERY PLAN SELECT \"id\" FROM \"member\" "
          + "WHERE \"groupId\" = 1 ORDER BY \"position\", \"id\" LIMIT 50"
      ).map { $0["detail"] as String }
    }
    #expect(plan.contains { $0.contains("member_groupId") })
    #expect(!plan.contains { $0.contains("TEMP B-TREE") })
  }
}
