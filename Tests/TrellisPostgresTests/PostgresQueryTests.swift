import Foundation
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// The shared query table (QueryContract) on PostgreSQL and SQLite: every predicate and sort
/// gives the same list on both databases, and the list memory gives.
@Suite("Predicates, sorts and grouping in SQL, on PostgreSQL and SQLite alike")
struct PostgresQueryTests {
  /// A PostgreSQL store and a SQLite store holding the shared table's rows.
  static func stores(_ url: String) async throws -> (PostgresStore, SQLiteStore) {
    let definition = try QueryContract.definition()
    let postgres = try PostgresStore(
      url: url,
      entity: try PostgresEntity(
        table: PostgresTestSupport.freshTable("query"), definition: definition, ordered: true))
    let sqlite = try SQLiteStore.inMemory(
      entity: try SQLiteEntity(table: "query", definition: definition, ordered: true))
    for record in QueryContract.records {
      let item = try postgres.create()
      let row = try sqlite.create()
      let kvcs = [item, row].compactMap { $0.objectValue.flatMap(definition.keyValueCoding) }
      try #require(kvcs.count == 2)
      for (key, value) in record {
        for kvc in kvcs { try kvc.setValue(value, forKey: key) }
      }
      try await postgres.insert(item, at: nil)
      try sqlite.insert(row, at: nil)
    }
    return (postgres, sqlite)
  }

  @Test func everyQueryGivesTheSameListOnBothDatabasesAsInMemory() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let (postgres, sqlite) = try await Self.stores(url)
    defer { postgres.shutdown() }
    let definition = try QueryContract.definition()
    #expect(QueryContract.cases.count >= 40)
    var inSQL = 0
    for query in QueryContract.cases {
      let options = try query.options()
      let expected = try QueryContract.expected(query)
      let page: StorePage
      do { page = try await postgres.fetchPage(options, from: nil) } catch {
        Issue.record("PostgreSQL: \(query): \(error)")
        continue
      }
      let onPostgres = QueryContract.names(page.items, definition: definition)
      let onSQLite = QueryContract.names(try sqlite.fetch(options), definition: definition)
      #expect(onPostgres == expected, "PostgreSQL: \(query)")
      #expect(onSQLite == expected, "SQLite: \(query)")
      #expect(try await postgres.count(options) == expected.count, "count: \(query)")
      let translated = postgres.translates(try query.filter())
      #expect(translated == query.inPostgresSQL, "in SQL: \(query)")
      if translated { inSQL += 1 }
    }
    #expect(inSQL >= 40)
  }

  /// The table's predicates mutated (``QueryContract/mutator(seed:)``): every variant that
  /// parses lists on PostgreSQL what memory lists, answered in SQL or filtered in memory.
  @Test func everyMutatedQueryListsWhatMemoryLists() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let (postgres, _) = try await Self.stores(url)
    defer { postgres.shutdown() }
    let definition = try QueryContract.definition()
    let variants = QueryContract.mutatedCases(seed: 0x9057, perCase: 30)
    #expect(variants.count > QueryContract.cases.count * 2)
    for (variant, expected) in variants {
      let options = try variant.options()
      do {
        let page = try await postgres.fetchPage(options, from: nil)
        #expect(
          QueryContract.names(page.items, definition: definition) == expected, "\(variant)")
        #expect(try await postgres.count(options) == expected.count, "count: \(variant)")
      } catch {
        Issue.record("\(variant): \(error)")
      }
    }
  }

  /// A count has no order: options sorted by a key path no column holds (which a page
  /// cannot be read in) still count, on both databases.
  @Test func aCountIgnoresTheSort() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let (postgres, sqlite) = try await Self.stores(url)
    defer { postgres.shutdown() }
    let options = FetchOptions(sort: [SortKey("noSuchColumn")])
    let total = QueryContract.records.count
    #expect(try await postgres.count(options) == total)
    #expect(try sqlite.count(options) == total)
    await #expect(throws: StoreError.self) { try await postgres.fetchPage(options, from: nil) }
  }

  /// Pages of a query that runs partly in memory are the pages of the whole answer.
  @Test func aQueryFilteredInMemoryIsPagedLikeOneInSQL() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let (postgres, _) = try await Self.stores(url)
    defer { postgres.shutdown() }
    let definition = try QueryContract.definition()
    for text in ["name BEGINSWITH[cd] 'e' OR rank > 2", "rank > 2"] {
      let query = QueryContract.Case(text, sort: [SortKey("name")])
      var options = try query.options()
      options.batchSize = 3
      var names: [String] = []
      var token: PageToken?
      repeat {
        let page = try await postgres.fetchPage(options, from: token)
        #expect(page.items.count <= 3)
        names += QueryContract.names(page.items, definition: definition)
        token = page.next
      } while token != nil
      #expect(names == (try QueryContract.expected(query)), "\(text)")
    }
  }

  /// The first letters of a list grouped by name: the same characters as the SQLite store's.
  @Test func firstCharactersAreListedInSQLAsSQLiteListsThem() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let (postgres, sqlite) = try await Self.stores(url)
    defer { postgres.shutdown() }
    for filter in [
      nil, ItemFilter.search("a", in: ["name"]), ItemFilter(try Predicate("rank >= 3")),
    ] {
      let onPostgres = try await postgres.firstCharacters(of: "name", filter: filter)
      let onSQLite = try sqlite.firstCharacters(of: "name", filter: filter)
      #expect(onPostgres.map(Set.init) == onSQLite.map(Set.init), "\(filter?.description ?? "")")
      #expect(onPostgres != nil)
    }
    // Not a text column, or a filter SQL cannot run: no answer, as in SQLite.
    #expect(try await postgres.firstCharacters(of: "rank", filter: nil) == nil)
    let diacritics = ItemFilter(try Predicate("name BEGINSWITH[cd] 'e'"))
    #expect(try await postgres.firstCharacters(of: "name", filter: diacritics) == nil)
  }

  /// The `[c]` fold the PostgreSQL dialect writes folds every code point as memory does,
  /// which is what lets `[c]` run in PostgreSQL.
  @Test func theCaseFoldInSQLFoldsEveryCodePointAsMemoryDoes() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try PostgresStore(url: url, entity: try PostgresTestSupport.entity("fold"))
    defer { store.shutdown() }
    let (clause, arguments) = try Predicate("x ==[c] ''").sql(
      in: .postgres, columns: { SQLColumn($0, kind: .text) })
    let equals = try #require(clause.range(of: " = ", options: .backwards))
    let fold = String(clause[..<equals.lowerBound])
    var binds = PostgresBindings()
    for argument in arguments.dropLast() { binds.append(try #require(argument.stringValue)) }
    let sql =
      "SELECT v::bigint, \(fold) FROM (SELECT v, chr(v) AS x FROM generate_series(1, 196607) "
      + "AS v WHERE v NOT BETWEEN 55296 AND 57343) AS t"
    let rows = try await store.client.query(PostgresQuery(unsafeSQL: sql, binds: binds))
    var differences: [String] = []
    var checked = 0
    for try await (value, folded) in rows.decode((Int64, String).self) {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let expected = PredicateSQLFunctions.fold(String(Character(scalar)), flags: 1)
      if folded != expected { differences.append("U+\(String(value, radix: 16))") }
      checked += 1
    }
    #expect(checked > 190_000)
    #expect(differences == [])
  }
}
