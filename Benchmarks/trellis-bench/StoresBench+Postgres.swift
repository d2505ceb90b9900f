import Foundation
import PostgresNIO
import Trellis
import TrellisExamples
import TrellisPostgres

/// The PostgreSQL cases of `trellis-bench stores`: the screens of the SQLite cases over a
/// ``PostgresStore``, each beside postgres-nio sending the queries the store sends (the same
/// columns, WHERE, ORDER BY and LIMIT) and decoding the same columns by hand.
///
/// They run when `TRELLIS_POSTGRES_URL` names a server. Each run opens a new store, which
/// before the clock starts has made its tables, listens for other servers' changes and holds
/// an idle connection, as in an app that is running; it has read none of the rows. The clock
/// runs from opening the screen until its rows are shown, waiting for the store's pages as a
/// host does (woken by the model). The baseline's client is connected before its clock starts
/// too, and its runs alternate with Trellis's, so that both meet the server in the same state.
/// Each case makes tables of its own, uniquely named, and drops them at the end.
extension StoresBench {
  /// The results of the PostgreSQL cases `only` selects; none, said on stderr, when no
  /// server is named.
  static func postgresResults(only: String?) async throws -> [Result] {
    let cases: [(String, (String, PostgresClient) async throws -> Result)] = [
      ("pg-open-1m", postgresOpenMillion), ("pg-search-100k", postgresSearchContacts),
      ("pg-relationship-100k", postgresOpenRelationship),
      ("pg-many-to-many-10k", postgresOpenManyToMany),
    ]
    let chosen = cases.filter { name, _ in only.map { name.hasPrefix($0) } ?? true }
    guard !chosen.isEmpty else { return [] }
    guard let url = ProcessInfo.processInfo.environment["TRELLIS_POSTGRES_URL"], !url.isEmpty
    else {
      FileHandle.standardError.write(
        Data(
          ("stores: the PostgreSQL cases (pg-…) are skipped: TRELLIS_POSTGRES_URL is not set "
            + "(bash scripts/postgres.sh start; source .build-postgres-db/env)\n").utf8))
      return []
    }
    // The baseline's client, which also fills and drops the tables.
    let client = PostgresClient(configuration: try PostgresAddress.configuration(from: url))
    let runner = Task { await client.run() }
    defer { runner.cancel() }
    try await client.query("SELECT 1")
    var results: [Result] = []
    for (_, measure) in chosen { results.append(try await measure(url, client)) }
    return results
  }

  // MARK: pg-open-1m

  /// `pg-open-1m`: a screen over 1,000,000 rows, its first 50 rows shown, beside the store's
  /// first page read by hand.
  static func postgresOpenMillion(url: String, client: PostgresClient) async throws -> Result {
    let table = uniqueTable("item")
    let entity = PostgresEntity(
      table: table, definition: try DataDefinition.dictionary(keys: "name;detail"),
      columns: [.text("name"), .text("detail")], ordered: true)
    return try await dropping([table], on: client) {
      try await fill(entity, on: client, url: url) { client in
        try await client.query(
          """
          INSERT INTO \(unescaped: table) (name, detail, position)
          SELECT 'Item ' || x, 'Detail ' || x, x FROM generate_series(0, \(rows - 1)) AS x
          """)
      }
      var definition = entity.definition
      definition.descriptionPropertyNames = ["detail"]
      var wrong = false
      var open: OpenStore?
      var kept: TableModel?
      let (trellis, baseline) = try await alternating(
        25,
        trellis: {
          // The previous run's screen and store are torn down here, untimed: a run times
          // opening, as open-1m does.
          kept = nil
          open?.close()
          let store = try await OpenStore(url: url, entity: entity)
          open = store
          return {
            let model = TableModel(title: "Items")
            kept = model
            let section = ArrayOfObjectsSection(store: store.store, definition: definition)
            section.fetchOptions.batchSize = 50
            model.addSection(section)
            try await show(model, { model.processChanges() }) {
              try failure(of: section)
              return (model.snapshot.sections.first?.items.count ?? 0) >= 50
            }
            let shown = model.snapshot.sections[0].items.prefix(50).map { ($0.text, $0.detail) }
            if shown.count != 50 || shown[0].0 != "Item 0" || shown[49].1 != "Detail 49" {
              wrong = true
            }
          }
        },
        baseline: {
          {
            let page = try await client.query(
              """
              SELECT "id", "name", "detail", trellis_version FROM "\(unescaped: table)"
              ORDER BY "position", "id" LIMIT \(51)::bigint
              """)
            var shown: [(String, String)] = []
            for try await (_, name, detail, _) in page.decode((Int64, String, String, Int64).self)
            where shown.count < 50 {
              shown.append((name, detail))
            }
            if shown.count != 50 || shown[0].0 != "Item 0" || shown[49].1 != "Detail 49" {
              wrong = true
            }
          }
        })
      _ = kept
      kept = nil
      open?.close()
      if wrong {
        throw StoreError.failed("pg-open-1m: the screen did not show the first 50 rows")
      }
      return Result(
        name: "pg-open-1m", trellisMedian: trellis, baselineMedian: baseline,
        baseline: "postgres-nio")
    }
  }

  // MARK: pg-search-100k

  /// `pg-search-100k`: one search keystroke over 100,000 contacts, until the screen shows
  /// what matches, beside the store's query for the first page read by hand.
  static func postgresSearchContacts(url: String, client: PostgresClient) async throws -> Result {
    let table = uniqueTable("contact")
    let entity = try PostgresEntity(table: table, definition: try ContactsApp.definition())
    return try await dropping([table], on: client) {
      let people = ContactsApp.people(contacts)
      try await fill(entity, on: client, url: url) { client in
        // One statement: the columns as arrays, unnested on the server.
        try await client.query(
          """
          INSERT INTO \(unescaped: table) ("firstName", "lastName", email, phone)
          SELECT * FROM unnest(\(people.map(\.firstName))::text[], \
          \(people.map(\.lastName))::text[], \(people.map(\.email))::text[], \
          \(people.map(\.phone))::text[])
          """)
      }
      let keystrokes = ["k", "kn", "knu", "knut", "knu", "kn", "k", "ad", "ada"]
      let store = try await OpenStore(url: url, entity: entity)
      defer { store.close() }
      let model = TableModel(title: "Contacts")
      let section = ArrayOfObjectsSection(store: store.store, definition: entity.definition)
      section.fetchOptions = FetchOptions(
        sort: [SortKey("lastName"), SortKey("firstName")], batchSize: 50)
      section.searchPropertyNames = ["firstName", "lastName"]
      model.addSection(section)
      try await show(model, { model.processChanges() }) { try settled(model, section) }
      // Each side walks the keystrokes in turn, each one changing the search.
      var keystroke = (trellis: 0, baseline: 0)
      var wrong: String?
      let (trellis, baseline) = try await alternating(
        45,
        trellis: {
          keystroke.trellis += 1
          let text = keystrokes[keystroke.trellis % keystrokes.count]
          return {
            section.search(text)
            try await show(model, { model.processChanges() }) { try settled(model, section) }
            let names = model.snapshot.sections[0].items.prefix(50).compactMap(\.text)
            if names.isEmpty || !names.allSatisfy({ $0.lowercased().contains(text) }) {
              wrong = "\(text): \(names.prefix(3))"
            }
          }
        },
        baseline: {
          keystroke.baseline += 1
          let text = keystrokes[keystroke.baseline % keystrokes.count]
          let pattern = "%" + text + "%"
          return {
            // The store's query: ILIKE over the searched columns, its sort (text ignoring
            // ASCII case, NULL first) then the key, and one row more than the page.
            let page = try await client.query(
              """
              SELECT "id", "firstName", "lastName", "email", "phone", trellis_version
              FROM "\(unescaped: table)"
              WHERE ("firstName" ILIKE \(pattern)::text ESCAPE '\\' \
              OR "lastName" ILIKE \(pattern)::text ESCAPE '\\')
              ORDER BY lower("lastName" COLLATE "C") ASC NULLS FIRST,
              lower("firstName" COLLATE "C") ASC NULLS FIRST, "id" LIMIT \(51)::bigint
              """)
            var names: [String] = []
            for try await (_, first, last, _, _, _) in page.decode(
              (Int64, String, String, String, String, Int64).self)
            where names.count < 50 {
              names.append("\(first) \(last)")
            }
            if names.isEmpty || !names.allSatisfy({ $0.lowercased().contains(text) }) {
              wrong = "by hand, \(text): \(names.prefix(3))"
            }
          }
        })
      if let wrong { throw StoreError.failed("pg-search-100k: rows that do not match: \(wrong)") }
      return Result(
        name: "pg-search-100k", trellisMedian: trellis, baselineMedian: baseline,
        baseline: "postgres-nio")
    }
  }

  // MARK: Measuring

  /// The median times of `runs` runs (times `--repeat-count`) of Trellis's operation and of
  /// the baseline's, taken in turn after one untimed run of each. Each closure prepares,
  /// untimed, and returns the operation that is timed.
  static func alternating(
    _ runs: Int, trellis: () async throws -> (() async throws -> Void),
    baseline: () async throws -> (() async throws -> Void)
  ) async throws -> (Double, Double) {
    var times: ([Double], [Double]) = ([], [])
    for run in 0...(runs * repeatCount) {
      let first = try await timed(try await trellis())
      let second = try await timed(try await baseline())
      guard run > 0 else { continue }
      times.0.append(first)
      times.1.append(second)
    }
    return (middle(times.0), middle(times.1))
  }

  /// The seconds one call of `body` takes.
  static func timed(_ body: () async throws -> Void) async throws -> Double {
    let start = ContinuousClock.now
    try await body()
    return seconds(ContinuousClock.now - start)
  }

  /// Processes `model`'s changes (`process`) now and at each of its wakes, as a host does,
  /// until `shown` holds; fails after a minute.
  static func show(
    _ model: TableModel, _ process: () -> Void, until shown: () throws -> Bool
  ) async throws {
    let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    model.setWakeHandler { wake.yield() }
    // A wake each second as well, so that a screen that never shows its rows fails.
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        wake.yield()
      }
    }
    defer {
      ticker.cancel()
      model.setWakeHandler(nil)
    }
    let deadline = ContinuousClock.now + .seconds(60)
    var iterator = wakes.makeAsyncIterator()
    while true {
      process()
      if try shown() { return }
      guard ContinuousClock.now < deadline else {
        throw StoreError.failed("the screen did not show its rows within a minute")
      }
      _ = await iterator.next()
    }
  }

  /// Whether nothing `model` waits for is under way (the list's load included), after
  /// throwing the list's failure.
  static func settled(_ model: TableModel, _ section: ArrayOfObjectsSection) throws -> Bool {
    try failure(of: section)
    return !model.hasWorkUnderWay && !model.hasPendingChanges
  }

  /// Throws the error a list's load failed with.
  static func failure(of section: ArrayOfObjectsSection) throws {
    if case .failed(let error) = section.loadState { throw error }
  }

  // MARK: Tables

  /// A table name no other run uses.
  static func uniqueTable(_ name: String) -> String {
    "bench_\(name)_\(UUID().uuidString.prefix(8).lowercased())"
  }

  /// What `body` returns, after which `tables` are dropped, as they are when it throws.
  static func dropping<T>(
    _ tables: [String], on client: PostgresClient, _ body: () async throws -> T
  ) async throws -> T {
    let drop = PostgresQuery(
      unsafeSQL: "DROP TABLE IF EXISTS \(tables.joined(separator: ", ")) CASCADE")
    let result: T
    do { result = try await body() } catch {
      _ = try? await client.query(drop)
      throw error
    }
    try await client.query(drop)
    return result
  }

  /// Makes the tables of `entity`'s store (through a store, as an app's would), then runs
  /// `insert` with their notifying triggers off (a bulk fill would queue a notification a row
  /// for nothing) and analyzes them.
  static func fill(
    _ entity: PostgresEntity, on client: PostgresClient, url: String,
    _ insert: (PostgresClient) async throws -> Void
  ) async throws {
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(60))
    defer { store.shutdown() }
    _ = try await store.count(FetchOptions())
    let tables = [entity.table] + entity.references.map(\.entity.table)
    for table in tables {
      try await client.query("ALTER TABLE \(unescaped: table) DISABLE TRIGGER trellis_notify")
    }
    try await insert(client)
    for table in tables {
      try await client.query("ALTER TABLE \(unescaped: table) ENABLE TRIGGER trellis_notify")
      try await client.query("ANALYZE \(unescaped: table)")
    }
  }

  /// A new store as a running app holds it: listening (it and the related stores named),
  /// its tables made, a connection idle in its pool, none of its rows read.
  final class OpenStore {
    let store: PostgresStore
    private var tokens: [ObservationToken] = []

    init(url: String, entity: PostgresEntity, listening related: [String] = []) async throws {
      store = try PostgresStore(url: url, entity: entity, timeout: .seconds(60))
      var stores = [store]
      for name in related {
        guard let other = try store.relatedStore(for: name) as? PostgresStore else { continue }
        stores.append(other)
      }
      // Lists read their rows again when the store first listens: it listens before any.
      for store in stores { tokens.append(store.observe { _ in }) }
      let deadline = ContinuousClock.now + .seconds(30)
      while stores.contains(where: { !$0.isListening }) {
        guard ContinuousClock.now < deadline else {
          throw StoreError.failed("the store was not listening after 30 s")
        }
        try await Task.sleep(for: .milliseconds(1))
      }
      // Taken after the listening connections, so that it stays idle for the screen; it
      // makes the tables, and counts without reading a row.
      _ = try await store.count(FetchOptions())
      // Each connection has read its table in the store's order before, as the baseline's
      // has: a new PostgreSQL server process's first read of a table loads the table's and
      // its index's catalog entries, which is not the screen's cost. The rows read are far
      // from those a run shows, so that a run still makes every row it shows.
      var away = FetchOptions()
      away.offset = 1_000
      away.batchSize = 1
      for store in stores { _ = try await store.fetchPage(away, from: nil) }
    }

    /// Stops the store's connections.
    func close() {
      tokens = []
      store.shutdown()
    }
  }
}
