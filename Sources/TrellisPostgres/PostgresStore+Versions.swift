import Foundation
import Logging
import PostgresNIO
import Trellis

/// Row versions: every table of the store's graph has a ``versionColumn`` that a trigger
/// counts up on every update, so that each server's objects take the newest row whatever
/// order reads, writes and notifications finish in.
///
/// Updates of one row wait for each other in PostgreSQL, so the count follows the order in
/// which they commit. An update reads its row back inside its transaction; the row (and any
/// row read later) replaces what an object holds only when its version is newer.
extension PostgresStore {
  /// The column holding each row's version: 1 when inserted, one more on every update.
  static let versionColumn = "trellis_version"

  /// The function the version trigger runs; one per database.
  static let versionFunction = "trellis_count_version"

  /// The trigger's name on each table.
  static let versionTrigger = "trellis_version"

  /// Installs the trigger that counts `entity`'s row versions, when missing, inside the
  /// schema's transaction (which holds the functions' lock).
  static func installVersionTrigger(
    for entity: PostgresEntity, on connection: PostgresConnection, logger: Logger
  ) async throws {
    let table = try PostgresIdentifier.quoted(entity.table)
    var check = PostgresStatement("SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass(")
    check.bind(table)
    check.append(") AND tgname = ")
    check.bind(versionTrigger)
    for try await count in try await connection.query(check.query, logger: logger)
      .decode(Int.self)
    where count > 0 {
      return
    }
    try await connection.query(
      PostgresQuery(
        unsafeSQL: """
          CREATE OR REPLACE FUNCTION \(versionFunction)() RETURNS trigger LANGUAGE plpgsql
          AS $trellis$
          BEGIN
            NEW.\(versionColumn) := OLD.\(versionColumn) + 1;
            RETURN NEW;
          END
          $trellis$
          """), logger: logger)
    try await connection.query(
      PostgresQuery(
        unsafeSQL: "CREATE TRIGGER \(versionTrigger) BEFORE UPDATE ON \(table) "
          + "FOR EACH ROW EXECUTE FUNCTION \(versionFunction)()"), logger: logger)
  }

  /// `SELECT` of row `id`, with its version.
  func rowStatement(_ id: Int64) throws(StoreError) -> PostgresStatement {
    PostgresStatement(try entity.rowsRead(keys: [id])[0])
  }

  /// `UPDATE` of row `id` that changes nothing but its version, and returns its key.
  func touchStatement(_ id: Int64) throws(StoreError) -> PostgresStatement {
    let key = try PostgresIdentifier.quoted(entity.primaryKey)
    var statement = PostgresStatement("UPDATE \(try table) SET \(key) = \(key) WHERE \(key) = ")
    statement.bind(Int(id))
    statement.append(" RETURNING \(key)")
    return statement
  }

  /// The row `query` selects, with its children and the rows it points at, on `connection`.
  func row(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> Record? {
    var records = try await Self.records(
      connection.query(query, logger: logger), of: entity)
    try await Self.loadChildren(
      of: &records, entity: entity, connection: connection, logger: logger)
    try await Self.loadReferences(
      of: &records, entity: entity, connection: connection, logger: logger)
    return records.first
  }

  /// Takes the row a write read back: its object gets it, unless a newer version came first.
  func written(_ record: Record?) {
    guard let record else { return }
    do { _ = try materialize(record) } catch {
      logger.warning("\(entity.table) row \(record.id) was written but not read back: \(error)")
    }
  }

  /// After a failed update's values are back on the object: what the object holds is no
  /// longer a known version, so the row is read again and taken whatever its version.
  func forgetVersion(of id: Int64, item: Value) {
    state.withLock { _ = $0.versions.removeValue(forKey: id) }
    Task {
      guard let record = try? await self.record(id) else { return }
      self.written(record)
      self.observers.notify(.updated(item))
    }
  }

  /// Notes that row `id` is deleted now: a read begun before does not bring it back.
  static func noteDeleted(
    _ id: Int64, in state: inout State, keepingFor timeout: Duration
  ) {
    state.writeClock += 1
    let now = ContinuousClock.now
    state.deleted[id] = (state.writeClock, now)
    // Every read begun before these has ended (each is bounded by the timeout).
    if state.deleted.count > 256 {
      state.deleted = state.deleted.filter { now - $0.value.at < timeout * 3 }
    }
  }

  /// Whether `record`'s row was deleted after the read that brought it began.
  func isDeletedSinceRead(_ record: Record) -> Bool {
    state.withLock { Self.isDeleted(record, since: $0) }
  }

  /// Whether `record`'s row was deleted after the read that brought it began, in `state`.
  static func isDeleted(_ record: Record, since state: State) -> Bool {
    guard let deleted = state.deleted[record.id] else { return false }
    return deleted.clock > (record.readBegan ?? .max)
  }
}
