import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

extension PostgresStore {
  /// Applies the delete rules of every to-one and many-to-many that points at row `id` of
  /// `entity`, inside the delete's transaction (see ``DeleteRuleWalk``), and returns what they
  /// did.
  ///
  /// The rows' triggers announce their updates and deletes to other servers; the holders of a
  /// many-to-many that lost the row are announced here, since their own rows did not change.
  func applyDeleteRules(
    deleting id: Int64, of entity: PostgresEntity, connection: PostgresConnection
  ) async throws -> (effects: DeleteEffects, comesBack: Bool) {
    var walk = DeleteRuleWalk(deleting: id, of: entity, among: graph.indexed)
    var rows: [Int64] = []
    while let step = try walk.next(rows) { rows = try await connection.run(step, logger: logger) }
    let effects = walk.effects
    let unlinked = Dictionary(grouping: effects.unlinked.map(\.row), by: \.table)
    for (table, rows) in unlinked.sorted(by: { $0.key < $1.key }) {
      guard let source = graph.entity(table) else { continue }
      try await announceUpdates(of: rows.map(\.id), in: source, connection: connection)
    }
    return (effects, walk.comesBack)
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
