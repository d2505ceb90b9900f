import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// The schema plan SQLite and PostgreSQL share, carried out on a real server: declared
/// renames keep rows and values, and declared indexes exist and serve the lists' sorts.
@Suite("PostgreSQL schema changes")
struct PostgresSchemaChangeTests {
  private func entity(_ table: String, _ columns: [PostgresColumn], keys: String) throws
    -> PostgresEntity
  {
    PostgresEntity(
      table: table, definition: try DataDefinition.dictionary(keys: keys), columns: columns,
      ordered: true)
  }

  private func values(_ store: PostgresStore, _ key: String) async throws -> [Value] {
    let definition = try #require(store.itemsDefinition)
    return try await store.fetchPage(FetchOptions(), from: nil).items.map {
      definition.reader(for: $0).value(key) ?? .null
    }
  }

  @Test func aDeclaredRenameOfTheTableAndAColumnKeepsTheRows() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let old = PostgresTestSupport.freshTable("renamed_from")
    let new = PostgresTestSupport.freshTable("renamed_to")
    var version1 = try entity(old, [.text("title"), .integer("rank")], keys: "title;rank")
    version1.columns[0].isIndexed = true
    version1.columns[0].isUnique = true
    version1.indexes = [["title", "rank"]]
    let first = try PostgresStore(url: url, entity: version1, timeout: .seconds(30))
    #expect(try await first.count(FetchOptions()) == 0)
    first.shutdown()
    try await AnyDataPostgres.run(
      url, ["INSERT INTO \(old) (title, rank, position) VALUES ('a', 1, 0), ('b', 2, 1)"])

    var version2 = try entity(new, [.text("name"), .integer("rank")], keys: "name;rank")
    version2.columns[0].isIndexed = true
    version2.columns[0].isUnique = true
    version2.indexes = [["name", "rank"]]
    version2.renamedFrom = old
    version2.renamedColumns = ["name": "title"]
    let second = try PostgresStore(url: url, entity: version2, timeout: .seconds(30))
    defer { second.shutdown() }
    #expect(try await values(second, "name") == ["a", "b"])
    #expect(try await values(second, "rank") == [1, 2])
    let gone = try await AnyDataPostgres.texts(url, "SELECT to_regclass('\(old)')::text")
    #expect(gone == [nil])
    let columns = try await AnyDataPostgres.texts(
      url,
      "SELECT column_name::text FROM information_schema.columns WHERE table_name = '\(new)' "
        + "ORDER BY column_name")
    #expect(columns == ["id", "name", "position", "rank", "trellis_version"])
    // The indexes follow the names, so none is made twice.
    let indexes = try await AnyDataPostgres.texts(
      url, "SELECT indexname::text FROM pg_indexes WHERE tablename = '\(new)' ORDER BY 1")
    #expect(
      indexes == [
        "\(new)_name_idx", "\(new)_name_key", "\(new)_name_rank_idx", "\(new)_pkey",
        "\(new)_position_idx",
      ])

    // A new row is announced and counted on the renamed table; opening again changes nothing.
    let item = try second.create()
    let kvc = try #require(
      item.objectValue.flatMap { version2.definition.keyValueCoding(for: $0) })
    try kvc.setValue(.string("c"), forKey: "name")
    try kvc.setValue(.int(3), forKey: "rank")
    try await second.insert(item, at: nil)
    let third = try PostgresStore(url: url, entity: version2, timeout: .seconds(30))
    defer { third.shutdown() }
    #expect(try await values(third, "name") == ["a", "b", "c"])
  }

  @Test func declaredIndexesServeTheSortsOfTheLists() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let table = PostgresTestSupport.freshTable("indexed")
    var entity = try entity(
      table, [.text("last", indexed: true), .text("first"), .integer("rank")],
      keys: "last;first;rank")
    entity.indexes = [["last", "first"]]
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    #expect(try await store.count(FetchOptions()) == 0)
    let definitions = try await AnyDataPostgres.texts(
      url, "SELECT indexdef::text FROM pg_indexes WHERE tablename = '\(table)' ORDER BY 1")
    #expect(
      definitions.contains {
        $0?.contains("\(table)_last_idx") == true
          && $0?.contains("lower((last COLLATE \"C\")) NULLS FIRST") == true
      })
    #expect(definitions.contains { $0?.contains("\(table)_last_first_idx") == true })

    try await AnyDataPostgres.run(
      url,
      [
        "INSERT INTO \(table) (last, first, rank, position) SELECT 'L' || (i % 997), "
          + "'F' || i, i, i FROM generate_series(1, 20000) AS i",
        "ANALYZE \(table)",
      ])
    // The order a sorted list asks for, as the store writes it.
    let sorted = try await AnyDataPostgres.texts(
      url,
      "EXPLAIN SELECT id FROM \(table) ORDER BY lower(\"last\" COLLATE \"C\") ASC NULLS FIRST, "
        + "lower(\"first\" COLLATE \"C\") ASC NULLS FIRST LIMIT 50")
    #expect(sorted.contains { $0?.contains("Index Scan using \(table)_last_first_idx") == true })
    let descending = try await AnyDataPostgres.texts(
      url,
      "EXPLAIN SELECT id FROM \(table) ORDER BY lower(\"last\" COLLATE \"C\") DESC NULLS LAST "
        + "LIMIT 50")
    #expect(descending.contains { $0?.contains("Index Scan Backward") == true })
  }

  /// The rows pointing at one row (a group's members) are read in their order from the index
  /// on the to-one's key, which holds the order after the key: PostgreSQL sorts nothing.
  @Test func aToOnesRowsAreReadInOrderFromItsIndex() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresRelationshipContractTests.members(.nullify, ordered: true)
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { store.shutdown() }
    #expect(try await store.count(FetchOptions()) == 0)
    let members = entity.table
    let group = try #require(entity.relationships.first { $0.name == "group" })
    let groups = group.entity.table
    let key = group.foreignKey
    try await AnyDataPostgres.run(
      url,
      [
        "INSERT INTO \(groups) (name) VALUES ('Big'), ('Small')",
        "INSERT INTO \(members) (name, \(key), position) SELECT 'M' || i, "
          + "(SELECT min(id) FROM \(groups)) + i % 2, i FROM generate_series(1, 20000) AS i",
        "ANALYZE \(members)",
      ])
    let definition = try await AnyDataPostgres.texts(
      url, "SELECT indexdef::text FROM pg_indexes WHERE indexname = '\(members)_\(key)_idx'")
    #expect(definition.first??.hasSuffix("(\(key), \"position\", id)") == true)
    let plan = try await AnyDataPostgres.texts(
      url,
      "EXPLAIN SELECT id FROM \(members) WHERE \(key) = (SELECT min(id) FROM \(groups)) "
        + "ORDER BY \"position\", id LIMIT 50")
    // An index scan, or an index-only scan, in the index's order.
    #expect(plan.contains { $0?.contains("Scan using \(members)_\(key)_idx") == true })
    #expect(!plan.contains { $0?.contains("Sort") == true })
  }

  @Test func anIndexOverAColumnTheEntityLacksIsRefusedByName() throws {
    var entity = try entity("indexed_wrong", [.text("name")], keys: "name")
    entity.indexes = [["name", "nickname"]]
    #expect(throws: StoreError.self) {
      _ = try PostgresStore(url: "postgres://nobody@127.0.0.1:1/none", entity: entity)
    }
  }

  /// A table renamed keeps the pairs of its many-to-many lists, whose join table took its
  /// default name from the table's.
  @Test func aRenamedTableKeepsItsManyToManyPairs() async throws {
    guard let url = PostgresTestSupport.url else { return }
    var members = try PostgresRelationshipContractTests.members(.nullify, ordered: true)
    let first = try PostgresStore(url: url, entity: members, timeout: .seconds(30))
    _ = try await PostgresTestSupport.memberOfRed(in: first)
    first.shutdown()
    let old = members.table
    members.table = PostgresTestSupport.freshTable("person")
    members.renamedFrom = old
    let store = try PostgresStore(url: url, entity: members, timeout: .seconds(30))
    defer { store.shutdown() }
    let people = try await store.fetchPage(FetchOptions(), from: nil).items.compactMap {
      $0.objectValue as? ContractMember
    }
    #expect(people.map(\.name) == ["Ann"])
    #expect(people.first?.badges.map(\.name) == ["Red"])
    #expect(people.first?.group?.name == "Red")
    let gone = try await AnyDataPostgres.texts(url, "SELECT to_regclass('\(old)_badges')::text")
    #expect(gone == [nil])
  }
}
