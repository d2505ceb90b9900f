import Foundation
import GRDB
import Testing
import Trellis
import TrellisListSources
import TrellisSQL
import TrellisSQLite

/// A file of many tables, each pointing at the one before: every table gets its list, and
/// each list says what deleting one of its rows does to the rows of the next table.
@Suite("Many tables")
struct ManyTablesTests {
  @Test func everyTableOfALongChainIsDescribed() throws {
    let count = 300
    let url = try SourceTestSupport.temporaryDirectory().appendingPathComponent("chain.sqlite")
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t0 (id INTEGER PRIMARY KEY, name TEXT)")
      for index in 1..<count {
        try db.execute(
          sql: "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, name TEXT, "
            + "parent_id INTEGER REFERENCES t\(index - 1)(id) ON DELETE CASCADE)")
      }
    }
    let schema = try SQLiteSchemaReader.read(path: url.path)
    #expect(schema.tables.count == count)
    let inferred = InferredDescriptors(
      schema: schema, file: url.path, title: "chain.sqlite", readOnly: false)
    #expect(inferred.tables.count == count)
    for named in inferred.tables {
      let title = try #require(named.document.dictionaryValue?["title"]?.stringValue)
      let index = try #require(Int(title.dropFirst()))
      let section = named.document.dictionaryValue?["sections"]?.arrayValue?.first
      let footer = section?.dictionaryValue?["footer"]?.stringValue ?? ""
      // Each table but the last has the next one's rows pointing at it.
      #expect(
        footer.contains("Deleting a T\(index) deletes its T\(index + 1) S") == (index < count - 1),
        "\(title)")
    }
  }
}
