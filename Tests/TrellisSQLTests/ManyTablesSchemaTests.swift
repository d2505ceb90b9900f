import Foundation
import Testing
import TrellisSQL

/// A schema of many tables, each pointing at the one before, with a join table for every
/// tenth: finding a table, its relationships and the keys pointing at it takes the same time
/// however many tables there are, so describing every table grows with their number.
@Suite("A schema of many tables")
struct ManyTablesSchemaTests {
  /// `count` tables `t0`, `t1`, …, each with a key, a name and a key of the one before, and
  /// a join table `j9`, `j19`, … pairing each tenth table with the one before it.
  static func chain(_ count: Int) -> InferredSchema {
    var tables: [InferredTable] = []
    for index in 0..<count {
      var columns = [
        InferredColumn(name: "id", declaredType: "INTEGER", kind: .integer),
        InferredColumn(name: "name", declaredType: "TEXT", kind: .text),
      ]
      var keys: [InferredForeignKey] = []
      if index > 0 {
        columns.append(InferredColumn(name: "prev_id", declaredType: "INTEGER", kind: .integer))
        keys.append(InferredForeignKey(column: "prev_id", targetTable: "t\(index - 1)"))
      }
      tables.append(
        InferredTable(
          name: "t\(index)", columns: columns, primaryKey: ["id"], rowKey: "id", foreignKeys: keys))
      if index % 10 == 9 {
        tables.append(
          InferredTable(
            name: "j\(index)",
            columns: [
              InferredColumn(name: "a_id", declaredType: "INTEGER", kind: .integer),
              InferredColumn(name: "b_id", declaredType: "INTEGER", kind: .integer),
            ], primaryKey: ["a_id", "b_id"], rowKey: "rowid",
            foreignKeys: [
              InferredForeignKey(column: "a_id", targetTable: "t\(index)"),
              InferredForeignKey(column: "b_id", targetTable: "t\(index - 1)"),
            ]))
      }
    }
    var schema = InferredSchema(tables: tables)
    schema.markJoinTables()
    return schema
  }

  /// Every table's relationships and the keys pointing at it, as a description of each table
  /// asks for them; how many there are in all.
  static func describeEveryTable(_ schema: InferredSchema) -> Int {
    let names = InferredNames(schema)
    var found = 0
    for table in schema.tables {
      found += schema.relationships(of: table, names: names).count
      found += schema.inverseKeys(of: table).count
      found += schema.table(table.name) == nil ? 0 : 1
    }
    return found
  }

  /// The shortest of five runs of `work`, in seconds of the thread's processor time.
  static func shortest(_ work: () -> Void) -> Double {
    (0..<5).map { _ in
      let start = threadSeconds()
      work()
      return threadSeconds() - start
    }.min() ?? 0
  }

  @Test func eachTableIsRelatedAsItsKeysSay() throws {
    let schema = Self.chain(40)
    #expect(schema.joins.map(\.table) == ["j9", "j19", "j29", "j39"])
    let names = InferredNames(schema)
    let t9 = try #require(schema.table("t9"))
    let relationships = schema.relationships(of: t9, names: names)
    #expect(relationships.map(\.name) == ["prev", "T8S"])
    #expect(relationships.map(\.kind) == [.toOne, .manyToMany])
    let t8 = try #require(schema.table("t8"))
    #expect(schema.relationships(of: t8, names: names).map(\.name) == ["prev", "T9S"])
    #expect(schema.inverseKeys(of: t8).map(\.table.name) == ["t9"])
    #expect(schema.table("j9")?.readOnlyReason?.hasPrefix("a join table") == true)
    #expect(schema.table("t40") == nil)
  }

  @Test func describingFourTimesTheTablesTakesAboutFourTimesAsLong() {
    let small = Self.chain(150)
    let large = Self.chain(600)
    var counts: [Int] = []
    // Each run describes the schema ten times: long enough that a pause of the test's thread
    // (other tests running beside it) is a small part of it.
    let smallTime = Self.shortest {
      for _ in 0..<10 { counts.append(Self.describeEveryTable(small)) }
    }
    let largeTime = Self.shortest {
      for _ in 0..<10 { counts.append(Self.describeEveryTable(large)) }
    }
    #expect(counts.first ?? 0 > 0)
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
