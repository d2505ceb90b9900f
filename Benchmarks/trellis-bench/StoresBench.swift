import Foundation
import GRDB
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples

#if canImport(Glibc)
  import Glibc
#endif

/// `trellis-bench stores`: array-of-objects screens over SQLite, side by side with the plain
/// GRDB query doing the same fetch; and over PostgreSQL, side by side with postgres-nio.
///
/// - `open-1m`: open a screen over 1,000,000 rows and render its first 50 rows; and the heap
///   Trellis keeps beyond the baseline's, per stored row.
/// - `search-100k`: one search keystroke over 100,000 contacts, filtered in SQL.
/// - `relationship-100k`: open a group's 100,000 members through a to-one's inverse.
/// - `many-to-many-10k`: open the Tags choice of a task holding 50 of 10,000 tags.
/// - `scroll-1m`: scroll a list of 1,000,000 rows once; the heap per listed item, before and
///   after every row's object is made.
/// - `page-100k`: page through a list of 100,000 rows in batches of 50, as a person scrolls.
/// - `edit-100k`: rename one row of a list with 100,000 rows loaded.
/// - `tables-1600`: open a file of 1,600 related tables and make every table's form.
/// - `pg-open-1m`, `pg-search-100k`, `pg-relationship-100k`, `pg-many-to-many-10k`: the first
///   four on a ``PostgresStore``, each beside postgres-nio sending the store's queries by hand;
///   run when `TRELLIS_POSTGRES_URL` names a server, skipped (saying so) otherwise.
enum StoresBench {
  struct Result {
    var name: String
    var trellisMedian: Double
    var baselineMedian: Double
    var bytesPerItem: Double?
    /// What the baseline is: GRDB, or postgres-nio for the PostgreSQL cases.
    var baseline = "GRDB"
  }

  /// How many times each case repeats its runs (`--repeat-count`), for profiling.
  nonisolated(unsafe) static var repeatCount = 1

  static func run(json: Bool, only: String? = nil, repeatCount: Int = 1) async throws {
    Self.repeatCount = Swift.max(repeatCount, 1)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-bench-stores-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(String, (String) throws -> Result)] = [
      ("open-1m", openMillion), ("search-100k", searchContacts),
      ("relationship-100k", openRelationship), ("many-to-many-10k", openManyToMany),
      ("scroll-1m", scrollMillion), ("page-100k", pageThrough), ("edit-100k", editLoadedList),
      ("tables-1600", openManyTables),
    ]
    var results: [Result] = []
    for (name, measure) in cases where only.map({ name.hasPrefix($0) }) ?? true {
      results.append(try measure(directory.appendingPathComponent("\(name).sqlite").path))
    }
    results += try await postgresResults(only: only)
    for result in results {
      if json {
        var line = "{\"case\":\"\(result.name)\",\"trellisMedian\":\(result.trellisMedian),"
        line += "\"baselineMedian\":\(result.baselineMedian)"
        if let bytes = result.bytesPerItem { line += ",\"bytesPerItem\":\(bytes)" }
        if result.baseline != "GRDB" { line += ",\"baseline\":\"\(result.baseline)\"" }
        print(line + "}")
      } else {
        let bytes = result.bytesPerItem.map { String(format: "%.3f B/item", $0) } ?? ""
        print(
          result.name.padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(format: "trellis %8.3f ms   ", result.trellisMedian * 1000)
            + result.baseline + String(format: " %8.3f ms   ", result.baselineMedian * 1000)
            + bytes)
      }
    }
  }

  // MARK: open-1m

  static let rows = 1_000_000

  static func itemEntity() throws -> SQLiteEntity {
    SQLiteEntity(
      table: "item", definition: try DataDefinition.dictionary(keys: "name;detail"),
      columns: [.text("name"), .text("detail")], ordered: true)
  }

  /// A file at `path` holding ``rows`` items, "Item 0" to "Item 999999", in order.
  static func fillItems(path: String, entity: SQLiteEntity) throws {
    try fillItems(SQLiteStore(path: path, entity: entity, watchInterval: nil), count: rows)
  }

  /// A screen listing the items of `store`, `batch` at a time, titled by name with the detail
  /// beside it, and its one section.
  static func itemList(_ store: SQLiteStore, batch: Int) -> (TableModel, ArrayOfObjectsSection) {
    var definition = store.entity.definition
    definition.descriptionPropertyNames = ["detail"]
    let model = TableModel(title: "Items")
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.fetchOptions.batchSize = batch
    model.addSection(section)
    return (model, section)
  }

  /// Adds `count` items to `store`, "Item 0" on, each with the detail "Detail 0" on, in order.
  static func fillItems(_ store: SQLiteStore, count: Int) throws {
    try store.database.write { db in
      try db.execute(
        sql: """
          WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
          INSERT INTO item (name, detail, position) SELECT 'Item ' || x, 'Detail ' || x, x FROM n
          """, arguments: [count - 1])
    }
  }

  static func openMillion(path: String) throws -> Result {
    let entity = try itemEntity()
    try fillItems(path: path, entity: entity)
    var definition = entity.definition
    definition.descriptionPropertyNames = ["detail"]
    var kept: [AnyObject] = []
    var wrongRows = false
    /// Opens the screen over `store` and reads its first 50 rows.
    func open(_ store: SQLiteStore) {
      let model = TableModel(title: "Items")
      let section = ArrayOfObjectsSection(store: store, definition: definition)
      section.fetchOptions.batchSize = 50
      model.addSection(section)
      let shown = model.processChanges().target.sections[0].items.prefix(50).map {
        ($0.text, $0.detail)
      }
      if shown.count != 50 || shown[0].0 != "Item 0" { wrongRows = true }
      kept = [model, store]
    }
    var rowsKept: [GRDB.Row] = []
    /// Reads the same 50 rows with GRDB.
    func read(_ queue: DatabaseQueue) {
      let fetched = try? queue.read { db in
        try GRDB.Row.fetchAll(
          db, sql: "SELECT id, name, detail FROM item ORDER BY position, id LIMIT 50")
      }
      let shown = (fetched ?? []).map { ($0["name"] as String?, $0["detail"] as String?) }
      if shown.count != 50 || shown[0].0 != "Item 0" { wrongRows = true }
      rowsKept = fetched ?? []
    }
    // The previous run's screen and store are torn down while preparing, untimed: a run
    // times opening.
    func newStore() throws -> SQLiteStore {
      kept = []
      return try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    }
    func newQueue() throws -> DatabaseQueue {
      rowsKept = []
      return try DatabaseQueue(path: path)
    }
    let runs = 25
    let trellis = try median(runs) {
      let store = try newStore()
      return { open(store) }
    }
    let baseline = try median(runs) {
      let queue = try newQueue()
      return { read(queue) }
    }
    // Memory is read in runs of its own: reading it takes time neither side should count.
    let trellisHeap = try heapGrowth(runs) {
      let store = try newStore()
      return { open(store) }
    }
    let baselineHeap = try heapGrowth(runs) {
      let queue = try newQueue()
      return { read(queue) }
    }
    _ = (kept, rowsKept)
    if wrongRows { throw StoreError.failed("open-1m: the screen did not show the first 50 rows") }
    let overhead = Double(trellisHeap - baselineHeap) / Double(rows)
    return Result(
      name: "open-1m", trellisMedian: trellis, baselineMedian: baseline,
      bytesPerItem: Swift.max(overhead, 0))
  }

  // MARK: search-100k

  static let contacts = 100_000

  static func searchContacts(path: String) throws -> Result {
    let entity = try ContactsApp.entity()
    let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    let people = ContactsApp.people(contacts)
    try store.database.write { db in
      let statement = try db.makeStatement(
        sql: "INSERT INTO contact (firstName, lastName, email, phone) VALUES (?, ?, ?, ?)")
      for person in people {
        try statement.execute(arguments: [
          person.firstName, person.lastName, person.email, person.phone,
        ])
      }
    }
    let keystrokes = ["k", "kn", "knu", "knut", "knu", "kn", "k", "ad", "ada"]
    let model = TableModel(title: "Contacts")
    let section = ArrayOfObjectsSection(store: store, definition: entity.definition)
    section.fetchOptions = FetchOptions(
      sort: [SortKey("lastName"), SortKey("firstName")], batchSize: 50)
    section.searchPropertyNames = ["firstName", "lastName"]
    model.addSection(section)
    model.processChanges()
    var keystroke = 0
    let trellis = median(45) { () -> (() -> Void) in
      keystroke += 1
      let text = keystrokes[keystroke % keystrokes.count]
      return {
        section.search(text)
        model.processChanges()
      }
    }
    let queue = try DatabaseQueue(path: path)
    let sql = """
      SELECT id, firstName, lastName, email, phone FROM contact
      WHERE firstName LIKE ? ESCAPE '\\' OR lastName LIKE ? ESCAPE '\\'
      ORDER BY lastName COLLATE NOCASE, firstName COLLATE NOCASE, id LIMIT 51
      """
    let baseline = median(45) { () -> (() -> Void) in
      keystroke += 1
      let pattern = "%" + keystrokes[keystroke % keystrokes.count] + "%"
      return {
        let rows = try? queue.read { db in
          try GRDB.Row.fetchAll(db, sql: sql, arguments: [pattern, pattern])
        }
        _ = (rows ?? []).map {
          "\($0["firstName"] as String? ?? "") \($0["lastName"] as String? ?? "")"
        }
      }
    }
    return Result(name: "search-100k", trellisMedian: trellis, baselineMedian: baseline)
  }

  // MARK: Measuring

  /// The median time of `runs` runs of the closure `prepare` returns; preparing is not timed.
  static func median(_ runs: Int, _ prepare: () throws -> (() -> Void)) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<(runs * repeatCount) {
      let body = try prepare()
      let start = ContinuousClock.now
      body()
      let elapsed = ContinuousClock.now - start
      times.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return middle(times)
  }

  /// The median growth of resident memory over `runs` runs of the closure `prepare` returns.
  static func heapGrowth(_ runs: Int, _ prepare: () throws -> (() -> Void)) rethrows -> Int {
    var growths: [Int] = []
    for _ in 0..<runs {
      let body = try prepare()
      let before = heapInUse()
      body()
      growths.append(heapInUse() - before)
    }
    return middle(growths)
  }

  static func middle<T: Comparable>(_ values: [T]) -> T {
    values.sorted()[values.count / 2]
  }

  /// Resident bytes of the process (from `/proc/self/statm`); 0 where unknown.
  static func heapInUse() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
