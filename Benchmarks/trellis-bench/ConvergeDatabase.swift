import Foundation
import Trellis

/// What a converge run needs of the database its servers share: a new server, the table and
/// its history, the rows in list order, the history, and the faults the database can suffer.
/// PostgreSQL (``ConvergePostgres``) and SQLite (``ConvergeSQLite``) make the same run.
protocol ConvergeDatabase: AnyObject {
  /// How the report names the servers ("servers", "SQLite servers").
  var serversName: String { get }
  /// Whether a server's writes run beside the sessions' steps, as an async store's requests
  /// do; when not, each ends before the next step, on the sessions' side.
  var writesConcurrently: Bool { get }
  /// A new server over the database, with connections of its own.
  func server() throws -> any ConvergeServer
  /// Creates the table, through `server`, and the history that follows it from its first row.
  func install(through server: any ConvergeServer) async throws
  /// The names of the table's rows, in the order lists show them, read through `server`.
  func names(through server: any ConvergeServer) async throws -> [String]
  /// Every insert, rename and delete, in commit order, read through `server`.
  func history(through server: any ConvergeServer) async throws -> [ConvergeHistory.Entry]
  /// Fault number `number` (from 1) on `servers`; returns the server it took down, which the
  /// run replaces with a new one, or `nil` when every server stays.
  func fault(_ number: Int, servers: [any ConvergeServer], random: inout SeededRandom)
    async throws -> Int?
  /// What the checks find wrong in `names`, the rows at rest, besides what every database is
  /// checked for (a killed writer's rows kept).
  func problems(in names: [String]) -> [String]
  /// What the report adds about the faults ("3 writers killed in their transaction"), or "".
  var faultNotes: String { get }
  /// Lets go of the database.
  func close()
}

/// One server of a converge run: its store, the lists its sessions show, and the writes it
/// makes when a request asks.
protocol ConvergeServer: AnyObject, Sendable {
  /// A list of the store's items, as a session shows it.
  func section() -> ArrayOfObjectsSection
  /// Adds an item named `name` at `index` (at the end when `nil`).
  func insertItem(named name: String, at index: Int?) async throws
  func deleteItem(_ item: Value) async throws
  func moveItem(_ item: Value, after: Value?) async throws
  /// Closes the server's connections.
  func shutdown()
}
