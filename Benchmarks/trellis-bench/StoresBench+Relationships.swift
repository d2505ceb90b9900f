import Foundation
import GRDB
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

extension StoresBench {
  static let relatedRows = 100_000

  /// `relationship-100k`: open a group's 100,000 members (the first batch of 50 and the
  /// count), through a to-one's inverse filter, beside the plain GRDB query on the key column.
  static func openRelationship(path: String) throws -> Result {
    let group = try SQLiteEntity(table: "grp", definition: try ContractGroup.definition())
    let entity = try SQLiteEntity(
      table: "member", definition: try ContractMember.definition(),
      relationships: [.toOne("group", to: group, inverse: "members")], ordered: true,
      transient: ["badges"])
    do {
      let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
      try store.database.write { db in
        try db.execute(sql: "INSERT INTO grp (name) VALUES ('Big'), ('Small')")
        try db.execute(
          sql: """
            WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
            INSERT INTO member (name, groupId, position) SELECT 'Member ' || x, 1, x FROM n
            """, arguments: [relatedRows - 1])
        try db.execute(
          sql: "INSERT INTO member (name, groupId, position) VALUES ('Other', 2, ?)",
          arguments: [relatedRows])
      }
    }
    var wrong = false
    var kept: [AnyObject] = []
    let runs = 25
    let trellis = try median(runs) { () throws -> (() -> Void) in
      // The previous run's screen and store are torn down here, untimed: a run times opening.
      kept = []
      let store = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
      let groups = try store.store(for: "group")
      let big = try groups.fetch(FetchOptions(batchSize: 1)).first ?? .null
      let definition = store.itemsDefinition ?? entity.definition
      return {
        let model = TableModel(title: "Big")
        let section = ArrayOfObjectsSection(store: store, definition: definition)
        section.fetchOptions.batchSize = 50
        section.fetchOptions.filter = try? store.filter(relationship: "group", pointingAt: big)
        model.addSection(section)
        let shown = model.processChanges().target.sections[0].items.prefix(50).map(\.text)
        let total = (try? store.count(section.fetchOptions)) ?? 0
        if shown.count != 50 || shown[0] != "Member 0" || total != relatedRows { wrong = true }
        kept = [model, store]
      }
    }
    kept = []
    var rowsKept: [GRDB.Row] = []
    let baseline = try median(runs) { () throws -> (() -> Void) in
      rowsKept = []
      let queue = try DatabaseQueue(path: path)
      return {
        let result = try? queue.read { db in
          (
            try GRDB.Row.fetchAll(
              db,
              sql: "SELECT id, name, groupId FROM member WHERE groupId = ? "
                + "ORDER BY position, id LIMIT 50", arguments: [1]),
            try Int.fetchOne(
              db, sql: "SELECT COUNT(*) FROM member WHERE groupId = ?", arguments: [1])
          )
        }
        let rows = result?.0 ?? []
        if rows.count != 50 || rows[0]["name"] as String? != "Member 0"
          || result?.1 != relatedRows
        {
          wrong = true
        }
        rowsKept = rows
      }
    }
    _ = (kept, rowsKept)
    if wrong {
      throw StoreError.failed("relationship-100k: the group's first 50 members were not shown")
    }
    return Result(name: "relationship-100k", trellisMedian: trellis, baselineMedian: baseline)
  }
}

extension StoresBench {
  static let tagRows = 10_000

  /// `many-to-many-10k`: open the Tags choice of a task holding 50 of 10,000 tags (the first
  /// batch of 100 listed, the held ones checked), beside the plain GRDB queries for the same
  /// rows and the held keys.
  static func openManyToMany(path: String) throws -> Result {
    do {
      let store = try TasksApp.sqliteStore(path: path)
      try store.database.write { db in
        try db.execute(
          sql: """
            WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
            INSERT INTO tag (name, position) SELECT 'Tag ' || x, x + 3 FROM n
            """, arguments: [tagRows - 1])
        try db.execute(sql: "INSERT INTO task (name, position) VALUES ('Tagged', 0)")
        try db.execute(
          sql: """
            INSERT INTO task_tags (sourceId, targetId)
            SELECT (SELECT id FROM task WHERE name = 'Tagged'), id FROM tag
            WHERE name LIKE 'Tag %' ORDER BY id LIMIT 50
            """)
      }
    }
    var wrong = false
    var kept: [AnyObject] = []
    let runs = 15
    let trellis = try median(runs) { () throws -> (() -> Void) in
      // The previous run's screen and store are torn down here, untimed: a run times opening.
      kept = []
      let store = try TasksApp.sqliteStore(path: path)
      let definition = store.itemsDefinition ?? store.entity.definition
      let navigator = Navigator(root: TasksApp.listScreen(store: store, definition: definition))
      navigator.processChanges()
      if let first = navigator.top.model.rowID(at: ItemPath(item: 0, section: 0)) {
        try navigator.handle(.select(first))
      }
      let form = navigator.top.model.snapshot
      let tags = form.sections.lazy.flatMap(\.items).first { $0.text == "Tags" }?.id
      return {
        guard let tags, (try? navigator.handle(.select(tags))) != nil else {
          wrong = true
          return
        }
        // The first batch of 100 tags, the 50 held ones checked, and a row to load more.
        let rows = navigator.top.model.snapshot.sections.first?.items ?? []
        let checked = rows.filter { $0.accessory == .checkmark }.count
        if rows.count != 101 || checked != 50 { wrong = true }
        kept = [navigator, store]
      }
    }
    kept = []
    var rowsKept: [GRDB.Row] = []
    let baseline = try median(runs) { () throws -> (() -> Void) in
      rowsKept = []
      let queue = try DatabaseQueue(path: path)
      return {
        let result = try? queue.read { db in
          (
            try GRDB.Row.fetchAll(
              db, sql: "SELECT id, name FROM tag ORDER BY position, id LIMIT 101"),
            try Int64.fetchAll(
              db,
              sql: "SELECT targetId FROM task_tags WHERE sourceId = "
                + "(SELECT id FROM task WHERE name = 'Tagged') ORDER BY rowid")
          )
        }
        if result?.0.count != 101 || result?.1.count != 50 { wrong = true }
        rowsKept = result?.0 ?? []
      }
    }
    _ = (kept, rowsKept)
    if wrong { throw StoreError.failed("many-to-many-10k: the Tags choice was not shown right") }
    return Result(name: "many-to-many-10k", trellisMedian: trellis, baselineMedian: baseline)
  }
}
