import Foundation
import PostgresNIO
import Trellis
import TrellisExamples
import TrellisPostgres
import TrellisTesting

extension StoresBench {
  // MARK: pg-relationship-100k

  /// `pg-relationship-100k`: open a group's 100,000 members (the first batch of 50 and the
  /// count) through a to-one's inverse filter, beside the store's queries by hand: the page
  /// on the key column, the rows of the group it points at, the count.
  static func postgresOpenRelationship(url: String, client: PostgresClient) async throws
    -> Result
  {
    let groupTable = uniqueTable("grp")
    let memberTable = uniqueTable("member")
    let group = try PostgresEntity(table: groupTable, definition: try ContractGroup.definition())
    let entity = try PostgresEntity(
      table: memberTable, definition: try ContractMember.definition(), ordered: true,
      transient: ["badges"], relationships: [.toOne("group", to: group, inverse: "members")])
    return try await dropping([memberTable, groupTable], on: client) {
      try await fill(entity, on: client, url: url) { client in
        try await client.query(
          "INSERT INTO \(unescaped: groupTable) (name) VALUES ('Big'), ('Small')")
        try await client.query(
          """
          INSERT INTO \(unescaped: memberTable) (name, group_id, position)
          SELECT 'Member ' || x, (SELECT id FROM \(unescaped: groupTable) WHERE name = 'Big'), x
          FROM generate_series(0, \(relatedRows - 1)) AS x
          """)
        try await client.query(
          """
          INSERT INTO \(unescaped: memberTable) (name, group_id, position)
          SELECT 'Other', id, \(relatedRows) FROM \(unescaped: groupTable) WHERE name = 'Small'
          """)
      }
      var bigKey: Int64 = 0
      for try await key in try await client.query(
        "SELECT id FROM \(unescaped: groupTable) WHERE name = 'Big'"
      ).decode(Int64.self) {
        bigKey = key
      }
      var wrong = false
      var open: OpenStore?
      let (trellis, baseline) = try await alternating(
        25,
        trellis: {
          // The previous run's store is shut down here, untimed: a run times opening.
          open?.close()
          let store = try await OpenStore(url: url, entity: entity)
          open = store
          let groups = try store.store.relatedStore(for: "group")
          let big = try await groups.fetchPage(FetchOptions(batchSize: 1), from: nil).items.first
          let definition = store.store.itemsDefinition ?? entity.definition
          return {
            let model = TableModel(title: "Big")
            let section = ArrayOfObjectsSection(store: store.store, definition: definition)
            section.fetchOptions.batchSize = 50
            section.fetchOptions.filter = try store.store.filter(
              relationship: "group", pointingAt: big ?? .null)
            model.addSection(section)
            try await show(model, { model.processChanges() }) {
              try failure(of: section)
              return (model.snapshot.sections.first?.items.count ?? 0) >= 50
            }
            let shown = model.snapshot.sections[0].items.prefix(50).map(\.text)
            let total = try await store.store.count(section.fetchOptions)
            if shown.count != 50 || shown[0] != "Member 0" || total != relatedRows {
              wrong = true
            }
          }
        },
        baseline: {
          {
            // The store's statements: a to-one compared with a key is `=`, which the index on
            // the key answers (`IS NOT DISTINCT FROM` would read every row).
            let page = try await client.query(
              """
              SELECT "id", "name", "group_id", trellis_version FROM "\(unescaped: memberTable)"
              WHERE ("group_id" = \(bigKey)::bigint)
              ORDER BY "position", "id" LIMIT \(51)::bigint
              """)
            var names: [String] = []
            var groupKeys: Set<Int64> = []
            for try await (_, name, key, _) in page.decode((Int64, String, Int64?, Int64).self)
            where names.count < 50 {
              names.append(name)
              if let key { groupKeys.insert(key) }
            }
            // The rows the page's to-one keys point at, as the store reads them with a page.
            let groups = try await client.query(
              """
              SELECT "id", "name", trellis_version FROM "\(unescaped: groupTable)"
              WHERE "id" = ANY(\(Array(groupKeys))::bigint[])
              """)
            var groupNames: [String] = []
            for try await (_, name, _) in groups.decode((Int64, String, Int64).self) {
              groupNames.append(name)
            }
            let count = try await client.query(
              """
              SELECT count(*) FROM "\(unescaped: memberTable)"
              WHERE ("group_id" = \(bigKey)::bigint)
              """)
            var total = 0
            for try await value in count.decode(Int64.self) { total = Int(value) }
            if names.count != 50 || names[0] != "Member 0" || groupNames != ["Big"]
              || total != relatedRows
            {
              wrong = true
            }
          }
        })
      open?.close()
      if wrong {
        throw StoreError.failed("pg-relationship-100k: the group's first 50 members were not shown")
      }
      return Result(
        name: "pg-relationship-100k", trellisMedian: trellis, baselineMedian: baseline,
        baseline: "postgres-nio")
    }
  }

  // MARK: pg-many-to-many-10k

  /// `pg-many-to-many-10k`: open the Tags choice of a task holding 50 of 10,000 tags (the
  /// first batch of 100 listed, the held ones checked), beside the store's query for that
  /// batch by hand. The task's list and form are open before the clock starts; the task's
  /// tags were read with its row.
  static func postgresOpenManyToMany(url: String, client: PostgresClient) async throws -> Result {
    let suffix = UUID().uuidString.prefix(8).lowercased()
    let taskTable = "bench_task_\(suffix)"
    let tagTable = "bench_tag_\(suffix)"
    let categoryTable = "bench_category_\(suffix)"
    // The join table's name, as the store derives it: the table, then the relationship.
    let joinTable = taskTable + "_tags"
    var definition = try DataDefinition(
      for: TaskItem.self, names: "name;category;tags", make: { TaskItem() })
    definition.name = "Task"
    let categories = try PostgresEntity(
      table: categoryTable, definition: try TasksApp.categoryDefinition(), ordered: true,
      unique: ["name"])
    let tags = try PostgresEntity(
      table: tagTable, definition: try TasksApp.tagDefinition(), ordered: true, unique: ["name"])
    let entity = try PostgresEntity(
      table: taskTable, definition: definition, ordered: true,
      transient: ["description", "taskSteps", "completed", "dueDate"],
      relationships: [
        .toOne("category", to: categories, inverse: "tasks"),
        .manyToMany("tags", to: tags, inverse: "tasks"),
      ])
    let tables = [joinTable, taskTable, tagTable, categoryTable]
    return try await dropping(tables, on: client) {
      try await fill(entity, on: client, url: url) { client in
        // The starting tags first, as a new tasks file has them.
        try await client.query(
          """
          INSERT INTO \(unescaped: tagTable) (name, position)
          VALUES ('Urgent', 0), ('Quick', 1), ('Someday', 2)
          """)
        try await client.query(
          """
          INSERT INTO \(unescaped: tagTable) (name, position)
          SELECT 'Tag ' || x, x + 3 FROM generate_series(0, \(tagRows - 1)) AS x
          """)
        try await client.query(
          "INSERT INTO \(unescaped: taskTable) (name, position) VALUES ('Tagged', 0)")
        try await client.query(
          """
          INSERT INTO \(unescaped: joinTable) (source_id, target_id, position)
          SELECT task.id, tag.id, tag.position FROM \(unescaped: taskTable) AS task,
          \(unescaped: tagTable) AS tag
          WHERE task.name = 'Tagged' AND tag.name LIKE 'Tag %' ORDER BY tag.id LIMIT 50
          """)
      }
      var wrong: String?
      var open: OpenStore?
      let (trellis, baseline) = try await alternating(
        15,
        trellis: {
          // The previous run's store is shut down here, untimed: a run times opening.
          open?.close()
          let store = try await OpenStore(url: url, entity: entity, listening: ["tags"])
          open = store
          let definition = store.store.itemsDefinition ?? entity.definition
          let list = TableModel(title: "Tasks")
          let section = ArrayOfObjectsSection(
            id: "tasks", store: store.store, definition: definition)
          list.addSection(section)
          let navigator = Navigator(root: Screen(model: list, navigationBar: .addLeftEditRight))
          try await show(list, { navigator.processChanges() }) { try settled(list, section) }
          if let first = list.rowID(at: ItemPath(item: 0, section: 0)) {
            try navigator.handle(.select(first))
          }
          let form = navigator.top.model
          try await show(form, { navigator.processChanges() }) {
            !form.hasWorkUnderWay && !form.hasPendingChanges
          }
          let tagsRow = form.snapshot.sections.lazy.flatMap(\.items).first { $0.text == "Tags" }
          return {
            guard let tagsRow else {
              wrong = "the task's form has no Tags row"
              return
            }
            try navigator.handle(.select(tagsRow.id))
            let choice = navigator.top.model
            try await show(choice, { navigator.processChanges() }) {
              if let section = choice.sections.first as? ArrayOfObjectsSection {
                try failure(of: section)
              }
              return !choice.hasWorkUnderWay && !choice.hasPendingChanges
                && (choice.snapshot.sections.first?.items.count ?? 0) > 1
            }
            // The first batch of 100 tags, the 50 held ones checked, and a row to load more.
            let rows = choice.snapshot.sections.first?.items ?? []
            let checked = rows.filter { $0.accessory == .checkmark }.count
            if rows.count != 101 || checked != 50 {
              wrong = "\(rows.count) rows, \(checked) checked"
            }
          }
        },
        baseline: {
          {
            let page = try await client.query(
              """
              SELECT "id", "name", trellis_version FROM "\(unescaped: tagTable)"
              ORDER BY "position", "id" LIMIT \(101)::bigint
              """)
            var names: [String] = []
            for try await (_, name, _) in page.decode((Int64, String, Int64).self) {
              names.append(name)
            }
            if names.count != 101 { wrong = "by hand: \(names.count) rows" }
          }
        })
      open?.close()
      if let wrong {
        throw StoreError.failed(
          "pg-many-to-many-10k: the Tags choice was not shown right: \(wrong)")
      }
      return Result(
        name: "pg-many-to-many-10k", trellisMedian: trellis, baselineMedian: baseline,
        baseline: "postgres-nio")
    }
  }
}
