import Foundation
import PostgresNIO
import Trellis
import TrellisPostgres

/// A converge run's PostgreSQL database: each server a ``PostgresStore`` with its own
/// connection pool and listening connection; the faults cut every connection of the run's
/// servers, or replace one server with a new one.
final class ConvergePostgres: ConvergeDatabase {
  let url: String
  let entity: PostgresEntity

  init(url: String, table: String, definition: DataDefinition) throws {
    self.url = url
    self.entity = try PostgresEntity(table: table, definition: definition, ordered: true)
  }

  var serversName: String { "servers" }

  var writesConcurrently: Bool { true }

  func server() throws -> any ConvergeServer {
    try PostgresStore(url: url, entity: entity, timeout: .seconds(10))
  }

  /// The client of `server`, which is one of this database's.
  private func client(_ server: any ConvergeServer) -> PostgresClient {
    (server as! PostgresStore).client
  }

  func install(through server: any ConvergeServer) async throws {
    // The store creates the table; the history follows it from the first row.
    _ = try await (server as! PostgresStore).count(FetchOptions())
    try await ConvergeHistory.install(for: entity, on: client(server))
  }

  func names(through server: any ConvergeServer) async throws -> [String] {
    try await ConvergeHistory.names(of: entity, on: client(server))
  }

  func history(through server: any ConvergeServer) async throws -> [ConvergeHistory.Entry] {
    try await ConvergeHistory.entries(of: entity, on: client(server))
  }

  /// Odd faults cut every connection of the run's servers; even ones shut one server down.
  func fault(_ number: Int, servers: [any ConvergeServer], random: inout SeededRandom)
    async throws -> Int?
  {
    if number % 2 == 1 {
      let query = PostgresQuery(
        unsafeSQL: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
          + "WHERE application_name LIKE 'trellis %' AND pid <> pg_backend_pid()")
      _ = try? await client(servers[0]).query(query).collect()
      return nil
    }
    let server = Int.random(in: 0..<servers.count, using: &random)
    servers[server].shutdown()
    return server
  }

  func problems(in names: [String]) -> [String] { [] }

  var faultNotes: String { "" }

  func close() {}
}

extension PostgresStore: ConvergeServer {
  func section() -> ArrayOfObjectsSection {
    let section = ArrayOfObjectsSection(store: self, definition: entity.definition)
    section.fetchOptions.batchSize = 1_000
    return section
  }

  func insertItem(named name: String, at index: Int?) async throws {
    let item = try create()
    (item.objectValue as? ConvergeItem)?.name = name
    try await insert(item, at: index)
  }

  func deleteItem(_ item: Value) async throws { try await delete(item) }

  func moveItem(_ item: Value, after: Value?) async throws { try await move(item, after: after) }
}
