import ArgumentParser
import Foundation

/// `trellis-bench converge`: several servers on one PostgreSQL database (or, with `--sqlite`,
/// one SQLite file), many sessions editing the same rows at once, with faults; at rest, every open list must equal a fresh one and the
/// database, no acknowledged edit may be lost or duplicated, and no rename may overwrite
/// another unannounced.
struct ConvergeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "converge",
    abstract:
      "Servers × sessions on one PostgreSQL database (or SQLite file): random concurrent adds, "
      + "renames (through forms), moves and deletes on the same rows, with faults; checks every "
      + "list, the database and every acknowledged edit at rest.",
    discussion: """
      PostgreSQL: each server is a PostgresStore with its own connection pool and listening \
      connection; faults alternately cut every connection of the run's servers and replace \
      one server with a new one.

      --sqlite: one SQLite file in the temporary directory; each server is an SQLiteStore \
      with a connection of its own, as a process of its own would open the file, watching it \
      for the others' commits; a synchronous store's writes run one at a time on the \
      sessions' side, between steps. Faults alternate: a writer process is killed (SIGKILL) in the \
      middle of a transaction that moved every row and added hundreds, leaving its pages in \
      the file and a hot journal that the next connection rolls back, and one server is \
      replaced; then one server is closed and replaced. A replaced server's store stops \
      watching and its connection closes once its writes under way have ended; a new one, \
      with new sessions, takes its place. A killed writer's row kept is a divergence.
      """)

  @Option(help: "The database's address (default: $TRELLIS_POSTGRES_URL).")
  var postgres: String?

  @Flag(help: "One SQLite file instead of PostgreSQL: each server its own SQLiteStore on it.")
  var sqlite = false

  @Flag(
    help: """
      With --sqlite: writes run on other threads beside the steps, as with PostgreSQL, \
      instead of one at a time between them.
      """)
  var concurrentWrites = false

  @Option(help: "Servers: stores with their own connections (and listening connections).")
  var servers = 3

  @Option(help: "Sessions in all, spread over the servers.")
  var sessions = 50

  @Option(help: "Random steps per run.")
  var steps = 1_500

  @Option(help: "Runs, each with its own seed (the first is --seed).")
  var runs = 1

  @Option(help: "The first run's seed.")
  var seed: UInt64 = 1

  @Option(help: "A fault every this many steps (0: none): see the discussion.")
  var faultEvery = 250

  func run() async throws {
    let url = postgres ?? ProcessInfo.processInfo.environment["TRELLIS_POSTGRES_URL"]
    guard sqlite || url != nil else {
      throw ValidationError("no database: pass --postgres, set TRELLIS_POSTGRES_URL or --sqlite")
    }
    var failed = 0
    for run in 0..<max(runs, 1) {
      let seed = seed &+ UInt64(run)
      let converge = try ConvergeRun(
        seed: seed, servers: max(servers, 1), sessions: max(sessions, 1), steps: steps,
        faultEvery: faultEvery
      ) { table, definition in
        if sqlite {
          return try ConvergeSQLite(
            table: table, definition: definition, writesConcurrently: concurrentWrites)
        }
        return try ConvergePostgres(url: url ?? "", table: table, definition: definition)
      }
      let report = try await converge.run()
      // Each run's line as it ends, also when the output is a file.
      FileHandle.standardOutput.write(Data((report.line + "\n").utf8))
      if !report.isClean { failed += 1 }
    }
    if failed > 0 { throw ExitCode(1) }
  }
}
