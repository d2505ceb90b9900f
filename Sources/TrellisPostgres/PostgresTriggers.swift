import Foundation
import Logging
import PostgresNIO
import Trellis

/// The trigger that makes a table tell every listening server what changed, through
/// PostgreSQL's `NOTIFY`.
///
/// Every insert, delete, and update of a column other than the order's position sends one
/// notification on the table's channel: a JSON object with `op` (`INSERT`, `UPDATE` or
/// `DELETE`), `id` (the row's key), `position` (its place, in an ordered table), `version`
/// (its ``PostgresStore/versionColumn`` after the change) and `origin`
/// (the store that wrote it, from the transaction's `trellis.origin` setting). Updates that
/// only renumber positions say nothing: they follow from an insert, a delete or a move, and a
/// move is announced by the store that made it (`op` `MOVE`, with the moved row's `id`, `from` and `to`).
enum PostgresTriggers {
  /// The function every table's trigger runs; one per database.
  static let function = "trellis_notify_change"
  /// The trigger's name on each table.
  static let trigger = "trellis_notify"
  /// The `op` of the notification that the triggers were removed: nothing more will be
  /// announced, and the servers listening look at the table instead.
  static let removedOp = "TRIGGERS_REMOVED"
  /// The name of the trigger that announces a `TRUNCATE` of a table.
  static let truncateTrigger = "trellis_notify_truncate"

  /// The channel an entity's changes are announced on: `trellis_` and the table's name, or
  /// a plain name with a hash of it when the name needs quoting or is too long for
  /// PostgreSQL's 63 bytes (``PostgresIdentifier/derived(_:_:limit:kept:)``): PostgresNIO's
  /// `LISTEN` quotes a channel without doubling its quotes.
  static func channel(for table: String) -> String {
    PostgresIdentifier.derived("trellis_", table)
  }

  /// `CREATE OR REPLACE FUNCTION` of the notifying function. Its arguments are the channel,
  /// the key column and the position column (empty when the table keeps no order).
  static let functionSQL = """
    CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $trellis$
    DECLARE
      changed jsonb;
      old_row jsonb;
      new_row jsonb;
      position_column text := nullif(TG_ARGV[2], '');
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify(TG_ARGV[0], json_build_object('op', 'TRUNCATE',
          'origin', coalesce(current_setting('trellis.origin', true), ''))::text);
        RETURN NULL;
      END IF;
      IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
      IF TG_OP = 'UPDATE' THEN
        old_row := to_jsonb(OLD) - 'trellis_version';
        new_row := changed - 'trellis_version';
        IF position_column IS NOT NULL
          AND (new_row - position_column) = (old_row - position_column) THEN
          RETURN NULL;
        END IF;
        IF new_row = old_row THEN RETURN NULL; END IF;
      END IF;
      PERFORM pg_notify(TG_ARGV[0], json_build_object(
        'op', TG_OP,
        'id', changed -> TG_ARGV[1],
        'position', CASE WHEN position_column IS NULL THEN NULL ELSE changed -> position_column END,
        'version', changed -> 'trellis_version',
        'origin', coalesce(current_setting('trellis.origin', true), ''))::text);
      RETURN NULL;
    END
    $trellis$
    """

  /// The function a join table's trigger runs: a pair added or removed changes the row that
  /// holds it (and the row held), which no trigger of theirs sees.
  static let pairFunction = "trellis_notify_pair_change"

  /// The name of the trigger on the join table of `source`'s `relationship`: plain and in
  /// lowercase (as PostgreSQL folds it unquoted: the name earlier versions installed), short
  /// enough for PostgreSQL's 63 bytes with the `_t` of its `TRUNCATE` trigger.
  static func pairTrigger(_ source: String, _ relationship: String) -> String {
    let prefix = "trellis_pairs_"
    let name = source + "_" + relationship
    if PostgresIdentifier.hasPlainCharacters(name), (prefix + name).utf8.count > 61 {
      return prefix + String(PostgresIdentifier.fnv1a(prefix + name), radix: 16)
    }
    return PostgresIdentifier.derived(prefix, name, limit: 61).lowercased()
  }

  /// `CREATE OR REPLACE FUNCTION` of the join tables' function. Its arguments are the holding
  /// table's channel and the join column of its key, then the held table's channel and column:
  /// each row named is announced as updated (a `TRUNCATE`, as anything changed).
  static let pairFunctionSQL = """
    CREATE OR REPLACE FUNCTION \(pairFunction)() RETURNS trigger LANGUAGE plpgsql AS $trellis$
    DECLARE
      origin text := coalesce(current_setting('trellis.origin', true), '');
      side int;
    BEGIN
      FOR side IN 0..1 LOOP
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify(TG_ARGV[side * 2],
            json_build_object('op', 'TRUNCATE', 'origin', origin)::text);
          CONTINUE;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify(TG_ARGV[side * 2], json_build_object('op', 'UPDATE',
            'id', to_jsonb(OLD) -> TG_ARGV[side * 2 + 1], 'origin', origin)::text);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify(TG_ARGV[side * 2], json_build_object('op', 'UPDATE',
            'id', to_jsonb(NEW) -> TG_ARGV[side * 2 + 1], 'origin', origin)::text);
        END IF;
      END LOOP;
      RETURN NULL;
    END
    $trellis$
    """

  /// Installs the functions (made again for each entity, under one lock, so that servers
  /// installing at once never race) and the entity's triggers, inside the schema's
  /// transaction: one for each row's change, one for a `TRUNCATE`, which announces that
  /// anything may have changed, and the same two on each of its many-to-many join tables.
  static func install(
    for entity: PostgresEntity, on connection: PostgresConnection, logger: Logger
  ) async throws {
    try await installFunctions(pairs: !pairs(of: entity).isEmpty, connection, logger)
    try await installTriggers(for: entity, installed: nil, connection, logger)
  }

  /// Installs the functions once and every one of `entities`' triggers, inside the caller's
  /// transaction, as ``install(for:on:logger:)`` does for each: the triggers already there
  /// are read in one query, so that a database of thousands of tables takes a statement or
  /// two per trigger, not five.
  static func install(
    for entities: [PostgresEntity], on connection: PostgresConnection, logger: Logger
  ) async throws {
    let pairs = entities.contains { !self.pairs(of: $0).isEmpty }
    try await installFunctions(pairs: pairs, connection, logger)
    let installed = try await installedDefinitions(connection, logger)
    for entity in entities {
      try await installTriggers(for: entity, installed: installed, connection, logger)
    }
  }

  /// The entity's many-to-many relationships, whose join tables get the pair triggers.
  private static func pairs(of entity: PostgresEntity) -> [PostgresRelationship] {
    entity.references.filter { $0.kind == .manyToMany }
  }

  /// Takes the lock the functions are made under and makes them: the pairs' too when `pairs`.
  private static func installFunctions(
    pairs: Bool, _ connection: PostgresConnection, _ logger: Logger
  ) async throws {
    var lock = PostgresStatement("SELECT pg_advisory_xact_lock(hashtext(")
    lock.bind(function)
    lock.append("))")
    try await connection.query(lock.query, logger: logger)
    try await connection.query(PostgresQuery(unsafeSQL: functionSQL), logger: logger)
    guard pairs else { return }
    try await connection.query(PostgresQuery(unsafeSQL: pairFunctionSQL), logger: logger)
  }

  /// Installs the entity's triggers and those of its join tables, the functions made already.
  /// `installed` holds the definitions of the triggers already there, by table and name
  /// (``installedDefinitions(_:_:)``); `nil` asks for each trigger's.
  private static func installTriggers(
    for entity: PostgresEntity, installed: [String: [String: [String]]]?,
    _ connection: PostgresConnection, _ logger: Logger
  ) async throws {
    let arguments = literals(
      [channel(for: entity.table), entity.primaryKey, entity.positionColumn ?? ""])
    for (name, events, level) in [
      (trigger, "AFTER INSERT OR UPDATE OR DELETE", "ROW"),
      (truncateTrigger, "AFTER TRUNCATE", "STATEMENT"),
    ] {
      try await installTrigger(
        name, on: entity.table, events, level, function: function, arguments,
        installed: installed.map { $0[entity.table]?[name] ?? [] }, connection, logger)
    }
    for relationship in pairs(of: entity) {
      let join = relationship.joinTableName(of: entity)
      let arguments = literals([
        channel(for: entity.table), relationship.joinSourceColumn,
        channel(for: relationship.entity.table), relationship.joinTargetColumn,
      ])
      let name = pairTrigger(entity.table, relationship.name)
      for (name, events, level) in [
        (name, "AFTER INSERT OR UPDATE OR DELETE", "ROW"),
        (name + "_t", "AFTER TRUNCATE", "STATEMENT"),
      ] {
        try await installTrigger(
          name, on: join, events, level, function: pairFunction, arguments,
          installed: installed.map { $0[join]?[name] ?? [] }, connection, logger)
      }
    }
  }

  /// The definitions (`pg_get_triggerdef`) of every trigger of the current schema's tables,
  /// by table and trigger name.
  private static func installedDefinitions(_ connection: PostgresConnection, _ logger: Logger)
    async throws -> [String: [String: [String]]]
  {
    let query = PostgresQuery(
      unsafeSQL: "SELECT c.relname::text, t.tgname::text, pg_get_triggerdef(t.oid) "
        + "FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
        + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()")
    var found: [String: [String: [String]]] = [:]
    for try await (table, name, definition) in try await connection.query(query, logger: logger)
      .decode((String, String, String).self)
    {
      found[table, default: [:]][name, default: []].append(definition)
    }
    return found
  }

  /// The trigger arguments `values` as SQL string literals, their quotes doubled (as
  /// `pg_get_triggerdef` prints them back): a column may have any name.
  static func literals(_ values: [String]) -> String {
    values.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }
      .joined(separator: ", ")
  }

  /// Creates trigger `name` on `table`, unless one with these arguments is there already:
  /// dropping it would lock the table against the writes of servers already running.
  ///
  /// - Parameter installed: The definitions of the triggers named `name` on `table`, read
  ///   already; `nil` to read them here.
  static func installTrigger(
    _ name: String, on table: String, _ events: String, _ level: String, function: String,
    _ arguments: String, installed: [String]? = nil, _ connection: PostgresConnection,
    _ logger: Logger
  ) async throws {
    let quoted = try PostgresIdentifier.quoted(table)
    var definitions = installed ?? []
    if installed == nil {
      var check = PostgresStatement(
        "SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = ")
      check.append("to_regclass(")
      check.bind(quoted)
      check.append(") AND tgname = ")
      check.bind(name)
      for try await definition in try await connection.query(check.query, logger: logger)
        .decode(String.self)
      {
        definitions.append(definition)
      }
    }
    if definitions.contains(where: { $0.hasSuffix("\(function)(\(arguments))") }) { return }
    let trigger = try PostgresIdentifier.quoted(name)
    try await connection.query(
      PostgresQuery(unsafeSQL: "DROP TRIGGER IF EXISTS \(trigger) ON \(quoted)"), logger: logger)
    try await connection.query(
      PostgresQuery(
        unsafeSQL: "CREATE TRIGGER \(trigger) \(events) ON \(quoted) "
          + "FOR EACH \(level) EXECUTE FUNCTION \(function)(\(arguments))"), logger: logger)
  }

  /// One notification, as the trigger or a store's move wrote it.
  struct Notice: Decodable, Sendable {
    /// `INSERT`, `UPDATE`, `DELETE` or `MOVE`.
    var op: String
    /// The row's key.
    var id: Int64?
    /// The row's position, in an ordered table.
    var position: Int?
    /// The row's version after the change (``PostgresStore/versionColumn``).
    var version: Int64?
    /// The store that wrote it; empty for a write from elsewhere.
    var origin: String?
    /// A move's source and destination.
    var from: Int?
    var to: Int?

    /// The notice a payload holds, or `nil` when it is not one.
    init?(payload: String) {
      guard let data = payload.data(using: .utf8),
        let notice = try? JSONDecoder().decode(Notice.self, from: data)
      else { return nil }
      self = notice
    }
  }
}
