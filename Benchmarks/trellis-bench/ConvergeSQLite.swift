import Foundation
import GRDB
import Trellis
import TrellisSQLite

/// A converge run's SQLite database: one file, each server an ``SQLiteStore`` with a connection
/// of its own, as a process of its own would open it, watching the file for the others'
/// commits. A trigger keeps the history in a table of the same file.
///
/// Faults alternate. Odd ones kill a writer process (``ConvergeWriterCommand``) with SIGKILL in
/// the middle of a transaction that moved every row and added hundreds, so that the file holds
/// its uncommitted pages and a hot journal, which the next connection rolls back. Every fault
/// replaces one server with a new one, with new sessions: the old store stops watching and its
/// connection closes once its writes under way have ended.
final class ConvergeSQLite: ConvergeDatabase {
  let path: String
  let entity: SQLiteEntity
  /// The connection the checks read through, opened with the history.
  private var reader: DatabaseQueue?
  /// How the names of killed writers' rows start: no such row may ever be kept.
  let killedPrefix = "killed-"
  /// The writers killed in the middle of their transaction.
  private(set) var kills = 0

  init(table: String, definition: DataDefinition, writesConcurrently: Bool = false) throws {
    self.writesConcurrently = writesConcurrently
    let directory = FileManager.default.temporaryDirectory
    path = directory.appendingPathComponent("\(table).sqlite").path
    entity = try SQLiteEntity(table: table, definition: definition, ordered: true)
  }

  var serversName: String { "SQLite servers" }

  /// By default no: a synchronous store's writes run on the domain of the sessions that
  /// asked, one at a time. With writes on other threads, lists of one store have been seen
  /// to end a row off from the file (`--concurrent-writes`).
  let writesConcurrently: Bool

  func server() throws -> any ConvergeServer {
    try SQLiteStore(path: path, entity: entity)
  }

  private var history: String { entity.table + "_history" }

  func install(through server: any ConvergeServer) async throws {
    // The store created the table; the history follows it from the first row.
    let reader = try DatabaseQueue(path: path, configuration: SQLiteStore.configuration())
    self.reader = reader
    let history = history
    let sql = """
      CREATE TABLE \(history) (seq INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER, op TEXT, name TEXT);
      CREATE TRIGGER \(history)_insert AFTER INSERT ON \(entity.table) BEGIN
        INSERT INTO \(history) (id, op, name) VALUES (NEW.id, 'INSERT', NEW.name);
      END;
      CREATE TRIGGER \(history)_update AFTER UPDATE ON \(entity.table)
      WHEN OLD.name IS NOT NEW.name BEGIN
        INSERT INTO \(history) (id, op, name) VALUES (NEW.id, 'UPDATE', NEW.name);
      END;
      CREATE TRIGGER \(history)_delete AFTER DELETE ON \(entity.table) BEGIN
        INSERT INTO \(history) (id, op, name) VALUES (OLD.id, 'DELETE', OLD.name);
      END;
      """
    try await reader.write { db in try db.execute(sql: sql) }
  }

  /// Reads through the checks' connection.
  private func read<T>(_ body: (Database) throws -> T) throws -> T {
    guard let reader else { throw ConvergeError("the history is not installed") }
    return try reader.read(body)
  }

  func names(through server: any ConvergeServer) async throws -> [String] {
    let sql = "SELECT name FROM \(entity.table) ORDER BY position, id"
    return try read { db in try String.fetchAll(db, sql: sql) }
  }

  func history(through server: any ConvergeServer) async throws -> [ConvergeHistory.Entry] {
    let sql = "SELECT id, op, name FROM \(history) ORDER BY seq"
    return try read { db in
      try Row.fetchAll(db, sql: sql).map {
        ConvergeHistory.Entry(id: $0[0], op: $0[1], name: $0[2])
      }
    }
  }

  /// Odd faults kill a writer in its transaction; every fault replaces a server.
  func fault(_ number: Int, servers: [any ConvergeServer], random: inout SeededRandom)
    async throws -> Int?
  {
    let server = Int.random(in: 0..<servers.count, using: &random)
    if number % 2 == 1 {
      try killWriter(named: "\(killedPrefix)\(number)-")
    }
    servers[server].shutdown()
    return server
  }

  /// Starts a writer process and kills it once it is in the middle of its transaction.
  private func killWriter(named prefix: String) throws {
    guard let executable = Bundle.main.executableURL else { return }
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      ConvergeWriterCommand.configuration.commandName ?? "", "--path", path, "--table",
      entity.table, "--prefix", prefix,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // The writer says when its transaction has written; it never commits.
    let said = output.fileHandleForReading.availableData
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    if !said.isEmpty { kills += 1 }
  }

  func problems(in names: [String]) -> [String] {
    names.filter { $0.hasPrefix(killedPrefix) }.prefix(3).map {
      "\($0), written by a writer killed before it committed, was kept"
    }
  }

  var faultNotes: String { " (\(kills) writers killed in their transaction)" }

  func close() {
    try? reader?.close()
    reader = nil
    for suffix in ["", "-journal", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}

extension SQLiteStore: ConvergeServer {
  func section() -> ArrayOfObjectsSection {
    // Whole and in the store's order: the lists apply the store's changes by identity.
    ArrayOfObjectsSection(store: self, definition: entity.definition)
  }

  func insertItem(named name: String, at index: Int?) async throws {
    let item = try create()
    (item.objectValue as? ConvergeItem)?.name = name
    try insert(item, at: index)
  }

  func deleteItem(_ item: Value) async throws { try delete(item) }

  func moveItem(_ item: Value, after: Value?) async throws { try move(item, after: after) }

  /// Stops watching the file: the connection closes once the writes under way, which hold
  /// the store, have ended. (Closing it under them would crash: GRDB's closed connections are
  /// not to be used again.)
  func shutdown() {
    stopWatching()
  }
}

/// A failure of the converge run itself.
struct ConvergeError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
