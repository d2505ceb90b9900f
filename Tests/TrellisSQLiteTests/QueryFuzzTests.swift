import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// The shared query table's predicates, mutated (``QueryContract/mutator(seed:)``). Every
/// variant that parses must list on SQLite exactly the rows memory lists, whether SQLite
/// answers it in SQL or the store filters in memory; a store must never crash on a predicate
/// a person typed.
@Suite("Query fuzzing on SQLite")
struct QueryFuzzTests {
  @Test func everyMutatedQueryListsWhatMemoryLists() throws {
    let definition = try QueryContract.definition()
    let store = try SQLiteStore.inMemory(
      entity: try SQLiteEntity(table: "query", definition: definition, ordered: true))
    for record in QueryContract.records {
      let item = try store.create()
      let kvc = try #require(item.objectValue.flatMap { definition.keyValueCoding(for: $0) })
      for (key, value) in record { try kvc.setValue(value, forKey: key) }
      try store.insert(item, at: nil)
    }
    let variants = QueryContract.mutatedCases(seed: 0x5E1EC7, perCase: 30)
    #expect(variants.count > QueryContract.cases.count * 3)
    for (variant, expected) in variants {
      let options = try variant.options()
      #expect(
        QueryContract.names(try store.fetch(options), definition: definition) == expected,
        "\(variant)")
      #expect(try store.count(options) == expected.count, "\(variant)")
    }
  }
}
