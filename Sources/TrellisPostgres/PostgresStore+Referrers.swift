import Trellis

/// The rows other tables' rows point at, kept current: a list of tasks shows its tasks'
/// categories (a title through a to-one, a form's chooser row), so when another server
/// renames a category, this server's category object takes the new name and the lists
/// showing the tasks that point at it show it.
///
/// The store of a referenced table listens while a store pointing at it is observed
/// (``startFollowing()``), so that its objects take other servers' updates. Each store notes
/// which of its rows point at which rows of the tables it references, as it reads them; an
/// update of such a row then tells the lists of the rows pointing at it that those changed.
/// The list applies what arrived (``applyArrivedValues()``, across the graph) and renders the
/// rows again.
extension PostgresStore {
  /// The stores of the tables this store's relationships point at.
  func referencedStores() -> [PostgresStore] {
    var tables: [String] = []
    for relationship in entity.references where !tables.contains(relationship.entity.table) {
      tables.append(relationship.entity.table)
    }
    return tables.compactMap { try? store(for: $0) }.filter { $0 !== self }
  }

  /// Whether another store of the graph that something observes has relationships pointing
  /// at this store's table.
  var isReferencedByAnObservedStore: Bool {
    let table = entity.table
    return graph.all.contains { store in
      store !== self && store.entity.references.contains { $0.entity.table == table }
        && !(store.observers.isEmpty && store.linkObservers.isEmpty)
    }
  }

  /// Gives the stores of the rows `record` points at those rows, as read with it: each
  /// store's object takes them as any read of its rows (``materialize(_:)``).
  func materializeRelated(of record: Record) throws(StoreError) {
    guard record.referencesLoaded else { return }
    for relationship in entity.references {
      let rows = record.related[relationship.name] ?? []
      guard !rows.isEmpty else { continue }
      let store = try store(for: relationship.entity.table)
      for row in rows { _ = try store.materialize(row) }
    }
  }

  /// Notes which rows of other tables `records` point at.
  func noteReferences(of records: [Record]) {
    let targets = entity.references.map { (name: $0.name, table: $0.entity.table) }
    guard !targets.isEmpty, !records.isEmpty else { return }
    state.withLock { state in
      for record in records {
        for target in targets {
          var keys = record.held[target.name] ?? []
          if let key = record.references[target.name] { keys.append(key) }
          for key in keys {
            state.referrers[target.table, default: [:]][key, default: []].insert(record.id)
          }
        }
      }
    }
  }

  /// Tells the lists of the graph's other stores that the rows pointing at row `id` of this
  /// store's table changed: another server updated row `id`, whose values they show.
  func tellReferrers(of id: Int64) {
    let table = entity.table
    for store in graph.all where store !== self {
      let objects = store.state.withLock { state -> [AnyObject] in
        guard let rows = state.referrers[table]?[id] else { return [] }
        return rows.compactMap { state.objects[$0] }
      }
      for object in objects {
        store.observers.notify(.updated(.object(ObjectReference(object))))
      }
    }
  }
}

extension PostgresStore {
  /// Tells the lists of the graph's other stores whose rows point at this table's rows to
  /// read theirs again: a poll saw the table change, but not which rows.
  func tellReferrersOfAnyChange() {
    let table = entity.table
    for store in graph.all where store !== self {
      let points = store.state.withLock { !($0.referrers[table]?.isEmpty ?? true) }
      if points { store.observers.notify(.reset) }
    }
  }
}

extension PostgresStore.State {
  /// Forgets the rows pointing at other tables' rows that the store no longer holds.
  mutating func pruneReferrers() {
    for table in Array(referrers.keys) {
      var byKey = referrers[table] ?? [:]
      for (key, rows) in byKey {
        let held = rows.filter { objects[$0] != nil }
        byKey[key] = held.isEmpty ? nil : held
      }
      referrers[table] = byKey.isEmpty ? nil : byKey
    }
  }
}
