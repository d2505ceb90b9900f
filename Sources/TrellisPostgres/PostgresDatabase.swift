import Foundation
import Logging
import PostgresNIO
import Synchronization
import Trellis
import TrellisSQL

/// Every table of a PostgreSQL database made elsewhere, as stores whose relationships, checks
/// and read-only columns are read from its catalog (``PostgresSchemaReader``): one connection
/// pool, one object per row across the tables. Nothing in the database is created, altered
/// or triggered; only the rows a person saves change.
///
/// Other programs' changes to a table show at once when its notification trigger is installed
/// (``installTriggers(url:)``); otherwise its store looks for them every ``pollInterval``.
package final class PostgresDatabase: Sendable {
  /// The database's schema, as read when it was opened.
  package let schema: InferredSchema
  /// The address, without its password (for messages and descriptors).
  package let address: String
  /// The tables whose changes the notification trigger announces.
  package let announcedTables: Set<String>
  /// How often the stores of the other tables look for changes.
  package let pollInterval: Duration
  private let root: PostgresStore?
  private let stores: [String: PostgresStore]
  /// The stores of the views, which follow their tables' changes.
  let views: [String: PostgresViewStore]

  /// The schema of the database at `url`, read on one connection.
  package static func readSchema(url: String, timeout: Duration = .seconds(10))
    async throws(StoreError) -> InferredSchema
  {
    try await readCatalog(url: url, timeout: timeout).schema
  }

  /// The schema of the database at `url` and the tables whose changes the notification
  /// trigger announces, read on one connection.
  package static func readCatalog(url: String, timeout: Duration = .seconds(10))
    async throws(StoreError) -> (schema: InferredSchema, announced: Set<String>)
  {
    try await PostgresTriggerInstaller.run(url: url, timeout: timeout) { connection, logger in
      (
        try await PostgresSchemaReader.read(connection, logger: logger),
        try await PostgresTriggerInstaller.announcedTables(connection, logger: logger)
      )
    }
  }

  /// Connects to `url`, reads its schema and the fingerprints of its views.
  ///
  /// - Parameter readOnly: Whether the pool's connections refuse every write
  ///   (`default_transaction_read_only`), whatever a screen tries.
  package static func open(
    url: String, pollInterval: Duration = .seconds(1), timeout: Duration = .seconds(10),
    readOnly: Bool = false
  ) async throws(StoreError) -> PostgresDatabase {
    let configuration = try PostgresAddress.connectionConfiguration(from: url)
    let logger = Logger(label: "trellis.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    let address = PostgresAddress.redacted(url)
    do {
      return try await Deadline.run(within: timeout) {
        let connection = try await PostgresConnection.connect(
          configuration: configuration, id: 1, logger: logger)
        let schema: InferredSchema
        let entities: [PostgresEntity]
        let announced: Set<String>
        var fingerprints: [String: String] = [:]
        do {
          schema = try await PostgresSchemaReader.read(connection, logger: logger)
          // Inferred once: the stores and the views (the tables no store edits) both need them.
          entities = PostgresEntity.inferred(from: schema)
          announced = try await PostgresTriggerInstaller.announcedTables(
            connection, logger: logger)
          for table in rowsTables(of: schema, entities: entities) {
            let names = InferredNames(schema)
            fingerprints[table.name] = try? await fingerprint(
              of: table, names, connection, logger)
          }
          try? await connection.close()
        } catch {
          try? await connection.close()
          throw error
        }
        return try PostgresDatabase(
          url: url, address: address, schema: schema, entities: entities, announced: announced,
          fingerprints: fingerprints, pollInterval: pollInterval, timeout: timeout,
          readOnly: readOnly)
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw .failed("\(address): \(describe(error))")
    }
  }

  private init(
    url: String, address: String, schema: InferredSchema, entities: [PostgresEntity],
    announced: Set<String>, fingerprints: [String: String], pollInterval: Duration,
    timeout: Duration, readOnly: Bool
  ) throws(StoreError) {
    self.schema = schema
    self.address = address
    self.announcedTables = announced
    self.pollInterval = pollInterval
    var entities = entities
    for index in entities.indices where !announced.contains(entities[index].table) {
      entities[index].pollInterval = pollInterval
    }
    // Relationships' targets poll as their tables' own entities do.
    let intervals = Dictionary(
      entities.map { ($0.table, $0.pollInterval) }, uniquingKeysWith: { first, _ in first })
    for index in entities.indices {
      for place in entities[index].relationships.indices {
        let target = entities[index].relationships[place].entity.table
        entities[index].relationships[place].entity.pollInterval = intervals[target] ?? nil
      }
    }
    guard let first = entities.first else {
      root = nil
      stores = [:]
      self.views = Self.viewStores(
        schema: schema, entities: entities, fingerprints: fingerprints, root: nil, url: url,
        timeout: timeout,
        interval: pollInterval)
      return
    }
    var configuration = try PostgresAddress.configuration(from: url)
    if readOnly {
      configuration.options.additionalStartupParameters.append(
        ("default_transaction_read_only", "on"))
    }
    let root = try PostgresStore(
      configuration: configuration, entity: first, with: entities, timeout: timeout)
    var stores = [first.table: root]
    for entity in entities.dropFirst() {
      stores[entity.table] = try root.store(for: entity.table)
    }
    self.root = root
    self.stores = stores
    self.views = Self.viewStores(
      schema: schema, entities: entities, fingerprints: fingerprints, root: root, url: url,
      timeout: timeout,
      interval: pollInterval)
  }

  /// The store of `table`'s rows, `nil` for a view or a table without an integer key.
  package func store(for table: String) -> PostgresStore? { stores[table] }

  /// Stops the connection pool.
  package func shutdown() { root?.shutdown() }

  /// Why connecting or reading the schema failed, in words.
  static func describe(_ error: any Error) -> String {
    if error is PostgresTimeout { return "no answer (is the server running?)" }
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      if let cause = error.underlying { return "cannot connect: \(cause)" }
      return "cannot connect: \(error.code)"
    }
    return String(describing: error)
  }

  /// The databases opened so far, by address: every section over a table of the same
  /// database shares one pool and one object per row.
  private static let opened = Mutex<[String: PostgresDatabase]>([:])

  /// The database at `url`, opened once per process.
  package static func shared(
    url: String, pollInterval: Duration = .seconds(1), readOnly: Bool = false
  ) async throws(StoreError) -> PostgresDatabase {
    if let found = opened.withLock({ $0[url] }) { return found }
    let database = try await open(url: url, pollInterval: pollInterval, readOnly: readOnly)
    return opened.withLock { opened in
      if let found = opened[url] {
        database.shutdown()
        return found
      }
      opened[url] = database
      return database
    }
  }

  /// Forgets the database at `url` that ``shared(url:pollInterval:)`` opened, and stops its
  /// pool (a throwaway database about to be dropped).
  package static func close(url: String) {
    opened.withLock { $0.removeValue(forKey: url) }?.shutdown()
  }

  /// The database at `url` if ``shared(url:pollInterval:)`` opened it.
  package static func opened(url: String) -> PostgresDatabase? {
    opened.withLock { $0[url] }
  }
}
