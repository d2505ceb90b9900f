import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisSQL
import TrellisTesting

/// A PostgreSQL database of many tables, each pointing at the one before, with a join table
/// for every tenth: its schema is read with every table's rows counted, its notification
/// triggers are installed, and its entities are inferred in time that grows with the number
/// of tables, not with its square.
@Suite("PostgreSQL databases of many tables")
struct ManyTablesPostgresTests {
  /// The statements of `count` tables `t0`, `t1`, …, each with a key, a name and a key of the
  /// one before, `t<n>` holding `n % 3` rows, and a join table `j9`, `j19`, … pairing each
  /// tenth with the one before it.
  static func chain(_ count: Int) -> [String] {
    var statements: [String] = []
    for index in 0..<count {
      let previous = index > 0 ? ", prev_id INTEGER REFERENCES t\(index - 1)(id)" : ""
      statements.append(
        "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, name TEXT NOT NULL\(previous))")
      for row in 0..<(index % 3) {
        statements.append("INSERT INTO t\(index) (id, name) VALUES (\(row + 1), 'row \(row + 1)')")
      }
      if index % 10 == 9 {
        statements.append(
          "CREATE TABLE j\(index) (a_id INTEGER NOT NULL REFERENCES t\(index)(id), "
            + "b_id INTEGER NOT NULL REFERENCES t\(index - 1)(id), PRIMARY KEY (a_id, b_id))")
      }
    }
    return statements
  }

  /// The schema `chain(count)` makes, without a database.
  static func schema(_ count: Int) -> InferredSchema {
    var tables: [InferredTable] = []
    for index in 0..<count {
      var table = InferredTable(
        name: "t\(index)",
        columns: [
          InferredColumn(name: "id", declaredType: "integer", kind: .integer, isNotNull: true),
          InferredColumn(name: "name", declaredType: "text", kind: .text, isNotNull: true),
        ], primaryKey: ["id"], rowKey: "id")
      if index > 0 {
        table.columns.append(
          InferredColumn(name: "prev_id", declaredType: "integer", kind: .integer))
        table.foreignKeys = [InferredForeignKey(column: "prev_id", targetTable: "t\(index - 1)")]
      }
      tables.append(table)
      if index % 10 == 9 {
        tables.append(
          InferredTable(
            name: "j\(index)",
            columns: [
              InferredColumn(name: "a_id", declaredType: "integer", kind: .integer),
              InferredColumn(name: "b_id", declaredType: "integer", kind: .integer),
            ], primaryKey: ["a_id", "b_id"],
            foreignKeys: [
              InferredForeignKey(column: "a_id", targetTable: "t\(index)"),
              InferredForeignKey(column: "b_id", targetTable: "t\(index - 1)"),
            ], readOnlyReason: "its primary key has several columns"))
      }
    }
    var schema = InferredSchema(tables: tables)
    schema.markJoinTables()
    return schema
  }

  @Test func everyTableOfADatabaseOfManyTablesIsReadWithItsRowCount() async throws {
    guard let cluster = PostgresTestSupport.url else { return }
    let name = "many_" + UUID().uuidString.prefix(8).lowercased()
    try await AnyDataPostgres.run(cluster, ["CREATE DATABASE \(name)"])
    let base = cluster.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    let url = base.joined(separator: "/") + "/" + name
    defer {
      Task { try? await AnyDataPostgres.run(cluster, ["DROP DATABASE IF EXISTS \(name)"]) }
    }
    // More tables than one statement counts.
    let count = 250
    try await AnyDataPostgres.run(url, Self.chain(count))
    let schema = try await PostgresDatabase.readSchema(url: url, timeout: .seconds(60))
    #expect(schema.tables.count == count + count / 10)
    for index in 0..<count {
      #expect(schema.table("t\(index)")?.rowCount == index % 3, "t\(index)")
    }
    #expect(schema.joins.count == count / 10)
    let entities = PostgresEntity.inferred(from: schema)
    #expect(entities.count == count)
    let t9 = try #require(entities.first { $0.table == "t9" })
    #expect(t9.relationships.map(\.name) == ["prev", "T8S"])

    // Every table gets its two triggers, and each join table two for each of its sides; a
    // second install finds them there and leaves them.
    let triggers = "SELECT count(*)::text FROM pg_trigger WHERE tgname LIKE 'trellis%'"
    let expected = String(2 * count + 4 * (count / 10))
    #expect(try await PostgresTriggerInstaller.install(url: url).count == count)
    #expect(try await AnyDataPostgres.texts(url, triggers) == [expected])
    let oids = "SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_trigger"
    let before = try await AnyDataPostgres.texts(url, oids)
    #expect(try await PostgresTriggerInstaller.install(url: url).count == count)
    #expect(try await AnyDataPostgres.texts(url, oids) == before)
    #expect(try await PostgresDatabase.readCatalog(url: url).announced.count == count)
  }

  @Test func inferringFourTimesTheTablesTakesAboutFourTimesAsLong() {
    let small = Self.schema(150)
    let large = Self.schema(600)
    var counts: [Int] = []
    // The shortest of three runs of each, in the thread's processor time, each inferring the
    // entities four times.
    func shortest(_ schema: InferredSchema) -> Double {
      (0..<3).map { _ in
        let start = threadSeconds()
        for _ in 0..<4 { counts.append(PostgresEntity.inferred(from: schema).count) }
        return threadSeconds() - start
      }.min() ?? 0
    }
    let smallTime = shortest(small)
    let largeTime = shortest(large)
    #expect(counts == Array(repeating: 150, count: 12) + Array(repeating: 600, count: 12))
    // Linear work takes about four times as long; work done for each table over every table
    // sixteen times, or more.
    #expect(largeTime < 8 * max(smallTime, 0.001), "\(smallTime) s, then \(largeTime) s")
  }
}

/// The processor time the current thread has used, in seconds: unlike the clock's time, it
/// does not grow while the thread waits for a processor that other tests hold.
private func threadSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
