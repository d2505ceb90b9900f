import Foundation
import PostgresNIO
import Trellis

extension SyncedSettingsStore {
  /// The name of the trigger function, and of each table's trigger.
  static let notifyName = "trellis_synced_settings_notify"

  /// Creates the table and its trigger when missing, once per store; concurrent stores take
  /// turns through an advisory lock.
  ///
  /// The table has a row per person, namespace and key: the encoded value (`NULL` once
  /// removed), when the write reached the database, and the store that wrote it. The trigger
  /// sends every insert and update to the channel named like the table, as
  /// `{"person":…,"namespace":…,"key":…,"origin":…}`.
  func prepareSchema(_ connection: PostgresConnection) async throws {
    if state.withLock({ $0.schemaReady }) { return }
    let table = try PostgresIdentifier.quoted(self.table)
    let name = Self.notifyName
    try await connection.withTransaction(logger: logger) { connection in
      var lock = PostgresStatement("SELECT pg_advisory_xact_lock(hashtext(")
      lock.bind(name)
      lock.append("))")
      try await connection.query(lock.query, logger: logger)
      try await connection.query(
        PostgresQuery(
          unsafeSQL: """
            CREATE TABLE IF NOT EXISTS \(table) (person text NOT NULL, namespace text NOT NULL, \
            key text NOT NULL, value text, \
            written_at timestamptz NOT NULL DEFAULT clock_timestamp(), \
            origin text NOT NULL DEFAULT '', PRIMARY KEY (person, namespace, key))
            """), logger: logger)
      var exists = PostgresStatement("SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass(")
      exists.bind(table)
      exists.append(") AND tgname = ")
      exists.bind(name)
      var count: Int64 = 0
      for try await found in try await connection.query(exists.query, logger: logger)
        .decode(Int64.self)
      {
        count = found
      }
      guard count == 0 else { return }
      try await connection.query(
        PostgresQuery(
          unsafeSQL: """
            CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $body$
            BEGIN
              PERFORM pg_notify(TG_TABLE_NAME, json_build_object('person', NEW.person, \
            'namespace', NEW.namespace, 'key', NEW.key, 'origin', NEW.origin)::text);
              RETURN NULL;
            END
            $body$
            """), logger: logger)
      try await connection.query(
        PostgresQuery(
          unsafeSQL: """
            CREATE TRIGGER \(name) AFTER INSERT OR UPDATE ON \(table) \
            FOR EACH ROW EXECUTE FUNCTION \(name)()
            """), logger: logger)
    }
    state.withLock { $0.schemaReady = true }
  }

  /// Sends one write in a transaction: checks the limits against what the database holds for
  /// the person and namespace, then stores the value stamped with `clock_timestamp()` unless
  /// the row holds a later one. Writes of one person and namespace take turns.
  func send(_ write: PendingWrite, _ connection: PostgresConnection) async throws -> SentWrite {
    let table = try PostgresIdentifier.quoted(self.table)
    return try await connection.withTransaction(logger: logger) { connection in
      var lock = PostgresStatement("SELECT pg_advisory_xact_lock(hashtext(")
      lock.bind("\(self.table)\n\(person)\n\(namespace)")
      lock.append("))")
      try await connection.query(lock.query, logger: logger)
      if let text = write.text {
        var usage = PostgresStatement(
          "SELECT count(*), coalesce(sum(octet_length(key) + octet_length(value)), 0)::bigint "
            + "FROM \(table) WHERE person = ")
        usage.bind(person)
        usage.append(" AND namespace = ")
        usage.bind(namespace)
        usage.append(" AND key <> ")
        usage.bind(write.key)
        usage.append(" AND value IS NOT NULL")
        var keys: Int64 = 0
        var bytes: Int64 = 0
        for try await (count, sum) in try await connection.query(usage.query, logger: logger)
          .decode((Int64, Int64).self)
        {
          (keys, bytes) = (count, sum)
        }
        if let violation = limits.violation(
          key: write.key, valueBytes: text.utf8.count, otherKeys: Int(keys),
          otherBytes: Int(bytes))
        {
          return .refused(violation.message, stored: try await storedText(write.key, connection))
        }
      }
      var upsert = PostgresStatement(
        "INSERT INTO \(table) AS stored (person, namespace, key, value, written_at, origin) "
          + "VALUES (")
      upsert.bind(person)
      upsert.append(", ")
      upsert.bind(namespace)
      upsert.append(", ")
      upsert.bind(write.key)
      upsert.append(", ")
      upsert.bind(optional: write.text)
      upsert.append(", clock_timestamp(), ")
      upsert.bind(origin)
      upsert.append(
        ") ON CONFLICT (person, namespace, key) DO UPDATE SET value = EXCLUDED.value, "
          + "written_at = EXCLUDED.written_at, origin = EXCLUDED.origin "
          + "WHERE stored.written_at <= EXCLUDED.written_at")
      try await connection.query(upsert.query, logger: logger)
      return .stored(try await storedText(write.key, connection))
    }
  }

  /// The encoded value of `key` in the database, `nil` when there is none.
  private func storedText(_ key: String, _ connection: PostgresConnection) async throws
    -> String?
  {
    try await fetch([key], connection)[key]
  }

  /// The encoded values of `keys` (all the person's keys in the namespace when `nil`) that
  /// the database holds; removed keys are absent.
  func fetch(_ keys: Set<String>?, _ connection: PostgresConnection) async throws
    -> [String: String]
  {
    var query = PostgresStatement(
      "SELECT key, value FROM \(try PostgresIdentifier.quoted(table)) WHERE person = ")
    query.bind(person)
    query.append(" AND namespace = ")
    query.bind(namespace)
    query.append(" AND value IS NOT NULL")
    if let keys {
      query.append(" AND key = ANY(")
      query.bind(texts: keys.sorted())
      query.append(")")
    }
    var stored: [String: String] = [:]
    for try await (key, value) in try await connection.query(query.query, logger: logger)
      .decode((String, String).self)
    {
      stored[key] = value
    }
    return stored
  }

  /// What went wrong, as a store error: a server that cannot be reached, or an SQL error
  /// with the server's message.
  func storeError(_ error: any Error) -> StoreError {
    if let error = error as? StoreError { return error }
    if let transaction = error as? PostgresTransactionError {
      if let inner = transaction.closureError { return storeError(inner) }
      if let inner = transaction.beginError ?? transaction.commitError {
        return storeError(inner)
      }
    }
    if error is PostgresTimeout {
      return .failed("PostgreSQL at \(place) did not answer within \(timeout)")
    }
    if error is SyncedConnectionLost {
      return .failed("the connection to PostgreSQL at \(place) was lost")
    }
    guard let error = error as? PSQLError else {
      return .failed("PostgreSQL at \(place): \(String(describing: error))")
    }
    guard let info = error.serverInfo, let state = info[.sqlState] else {
      let cause = error.underlying.map { String(describing: $0) } ?? "\(error.code)"
      return .failed("cannot reach PostgreSQL at \(place): \(cause)")
    }
    return .failed("PostgreSQL: \(info[.message] ?? "error") (\(state))")
  }
}

extension PostgresStatement {
  /// Appends a placeholder for a text value, or `NULL`.
  mutating func bind(optional text: String?) {
    guard let text else { return append("NULL") }
    bind(text)
  }

  /// Appends a placeholder for an array of text values.
  mutating func bind(texts: [String]) {
    binds.append(texts)
    sql += "$\(binds.count)::text[]"
  }
}
