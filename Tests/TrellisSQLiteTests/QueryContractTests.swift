import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// The shared query table (QueryContract) on SQLite alone; the PostgreSQL suite runs the same
/// table on both databases.
@Suite("The shared query table on SQLite")
struct QueryContractTests {
  @Test func everyQueryGivesTheListMemoryGives() throws {
    let definition = try QueryContract.definition()
    let store = try SQLiteStore.inMemory(
      entity: try SQLiteEntity(table: "query", definition: definition, ordered: true))
    for record in QueryContract.records {
      let item = try store.create()
      let kvc = try require(item.objectValue.flatMap { definition.keyValueCoding(for: $0) })
      for (key, value) in record { try kvc.setValue(value, forKey: key) }
      try store.insert(item, at: nil)
    }
    // The table says something: most queries find some rows and leave others out.
    let sizes = try QueryContract.cases.map { try QueryContract.expected($0).count }
    #expect(sizes.filter { $0 > 0 && $0 < QueryContract.records.count }.count >= 40)
    for query in QueryContract.cases {
      let items = try store.fetch(try query.options())
      #expect(
        QueryContract.names(items, definition: definition) == (try QueryContract.expected(query)),
        "\(query)")
      #expect(try store.count(try query.options()) == (try QueryContract.expected(query)).count)
    }
  }
}
