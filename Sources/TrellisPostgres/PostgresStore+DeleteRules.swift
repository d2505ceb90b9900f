import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

extension PostgresStore {
  /// Applies the delete rules of every to-one and many-to-many that points at row `id` of
  /// `entity`, inside the delete's transaction: refuses (deny), clears the references or takes
  /// the row out of the lists (nullify), deletes the rows pointing at it by their own rules
  /// (cascade), or leaves them (no action).
  func applyDeleteRules(
    deleting id: Int64, of entity: PostgresEntity, connection: PostgresConnection,
    effects: inout DeleteEffects
  ) async throws {
    for (source, relationship) in entity.deleteRules(among: graph.entities) {
      let table = try PostgresIdentifier.quoted(source.table)
      let key = try PostgresIdentifier.quoted(source.primaryKey)
      let pointing: PostgresStatement
      if relationship.kind == .toOne {
        var select = PostgresStatement(
          "SELECT \(key) FROM \(table) WHERE \(try PostgresIdentifier.quoted(relationship.foreignKey)) = "
        )
        select.bind(key: id)
        pointing = select
      } else {
        let columns = try relationship.joinColumns()
        var select = PostgresStatement(
          "SELECT \(columns.source)::bigint FROM "
            + "\(try PostgresIdentifier.quoted(relationship.joinTableName(of: source))) "
            + "WHERE \(columns.target) = ")
        select.bind(key: id)
        pointing = select
      }
      var rows: [Int64] = []
      for try await row in try await connection.query(pointing.query, logger: logger)
        .decode(Int64.self)
      {
        rows.append(row)
      }
      guard !rows.isEmpty else { continue }
      switch relationship.deleteRule {
      case .deny:
        throw entity.deleteDenial(by: rows.count, of: source, relationship)
      case .nullify:
        try await unlink(id, from: rows, of: source, relationship, connection)
        for row in rows {
          let holder = DeleteEffects.Row(table: source.table, id: row)
          if relationship.kind == .toOne {
            effects.nullified.append((holder, relationship.name))
          } else {
            effects.unlinked.append((holder, relationship.name, .init(table: entity.table, id: id)))
          }
        }
      case .cascade:
        try await cascade(rows, of: source, connection: connection, effects: &effects)
      case .noAction:
        break
      }
    }
  }

  /// Clears the to-one of `rows` that points at `id`, or takes `id` out of their lists, and
  /// tells other servers that those rows changed.
  private func unlink(
    _ id: Int64, from rows: [Int64], of source: PostgresEntity,
    _ relationship: PostgresRelationship, _ connection: PostgresConnection
  ) async throws {
    var statement: PostgresStatement
    if relationship.kind == .toOne {
      // The row's trigger announces the change.
      let column = try PostgresIdentifier.quoted(relationship.foreignKey)
      statement = PostgresStatement(
        "UPDATE \(try PostgresIdentifier.quoted(source.table)) SET \(column) = NULL WHERE \(column) = "
      )
      statement.bind(key: id)
      try await connection.query(statement.query, logger: logger)
      return
    }
    statement = PostgresStatement(
      "DELETE FROM \(try PostgresIdentifier.quoted(relationship.joinTableName(of: source))) "
        + "WHERE \(try relationship.joinColumns().target) = ")
    statement.bind(key: id)
    try await connection.query(statement.query, logger: logger)
    try await announceUpdates(of: rows, in: source, connection: connection)
  }

  /// Deletes `rows` of `source`, each by the rules of what points at it first, then closes the
  /// gaps they left in its order.
  private func cascade(
    _ rows: [Int64], of source: PostgresEntity, connection: PostgresConnection,
    effects: inout DeleteEffects
  ) async throws {
    let table = try PostgresIdentifier.quoted(source.table)
    let key = try PostgresIdentifier.quoted(source.primaryKey)
    for row in rows {
      let gone = DeleteEffects.Row(table: source.table, id: row)
      // A row two rules reach is deleted once.
      guard !effects.deleted.contains(gone) else { continue }
      effects.deleted.append(gone)
      try await applyDeleteRules(
        deleting: row, of: source, connection: connection, effects: &effects)
      var delete = PostgresStatement("DELETE FROM \(table) WHERE \(key) = ")
      delete.bind(key: row)
      try await connection.query(delete.query, logger: logger)
    }
    try await renumber(source, connection: connection)
  }

  /// Gives an ordered table's rows the positions 0, 1, 2… again, in their order, after rows
  /// left it from the middle.
  func renumber(_ source: PostgresEntity, connection: PostgresConnection) async throws {
    guard let name = source.positionColumn else { return }
    let table = try PostgresIdentifier.quoted(source.table)
    let key = try PostgresIdentifier.quoted(source.primaryKey)
    let column = try PostgresIdentifier.quoted(name)
    try await connection.query(
      PostgresQuery(
        unsafeSQL: """
          UPDATE \(table) SET \(column) = ranked.place FROM (
            SELECT \(key) AS id, row_number() OVER (ORDER BY \(column), \(key)) - 1 AS place
            FROM \(table)) AS ranked
          WHERE \(table).\(key) = ranked.id AND \(table).\(column) <> ranked.place
          """), logger: logger)
  }

  /// Tells other servers that `rows` of `source` changed (their many-to-many lists did, which
  /// the row's trigger does not see), with each row's place in an ordered table.
  private func announceUpdates(
    of rows: [Int64], in source: PostgresEntity, connection: PostgresConnection
  ) async throws {
    let key = try PostgresIdentifier.quoted(source.primaryKey)
    var statement = PostgresStatement("SELECT pg_notify(")
    statement.bind(PostgresTriggers.channel(for: source.table))
    statement.append(", json_build_object('op', 'UPDATE', 'id', \(key)")
    if let position = source.positionColumn {
      statement.append(", 'position', \(try PostgresIdentifier.quoted(position))")
    }
    statement.append(", 'origin', ")
    statement.bind(origin)
    statement.append(
      ")::text) FROM \(try PostgresIdentifier.quoted(source.table)) WHERE \(key) = ANY(")
    statement.bind(keys: rows)
    statement.append(")")
    for try await _ in try await connection.query(statement.query, logger: logger) {}
  }

  /// Brings the objects in memory in step with a committed delete's effects, and tells the
  /// lists of every other table it changed to read theirs again.
  func apply(_ effects: DeleteEffects) {
    // A read begun before the delete must not bring back what it changed.
    for row in effects.nullified.map(\.row) + effects.unlinked.map(\.row) + effects.deleted {
      graph.store(for: row.table)?.noteWrite(row.id)
    }
    // The objects that pointed at what went change on a host's domain, where they may be
    // shown (``applyArrivedValues()``); which objects they are is settled now, while the
    // deleted rows' objects are still known.
    for (row, property, target) in effects.unlinked {
      guard let store = graph.store(for: row.table), let holder = store.object(row.id),
        let gone = graph.store(for: target.table)?.object(target.id)
      else { continue }
      store.state.withLock {
        $0.arrivedEffects.append(.unlink(holder, property: property, gone: gone))
      }
    }
    for (row, property) in effects.nullified {
      guard let store = graph.store(for: row.table), let object = store.object(row.id) else {
        continue
      }
      store.state.withLock { $0.arrivedEffects.append(.nullify(object, property: property)) }
    }
    for row in effects.deleted {
      guard let store = graph.store(for: row.table) else { continue }
      let object: AnyObject? = store.state.withLock { state in
        guard let object = state.objects.removeValue(forKey: row.id) else { return nil }
        state.keys[ObjectIdentifier(object)] = nil
        return object
      }
      guard let object else { continue }
      store.rememberGone(object)
      store.state.withLock { $0.arrivedEffects.append(.forgetChildren(object)) }
    }
    for table in effects.tables where table != entity.table {
      graph.store(for: table)?.observers.notify(.reset)
    }
  }

  /// The object of row `id`, if the store made one.
  func object(_ id: Int64) -> AnyObject? { state.withLock { $0.objects[id] } }
}
