import ArgumentParser
import Foundation

/// `trellis-bench converge`: several servers on one PostgreSQL database, many sessions editing
/// the same rows at once, with faults; at rest, every open list must equal a fresh one and the
/// database, no acknowledged edit may be lost or duplicated, and no rename may overwrite
/// another unannounced.
struct ConvergeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "converge",
    abstract:
      "Servers × sessions on one PostgreSQL database: random concurrent adds, renames (through "
      + "forms), moves and deletes on the same rows, servers replaced and connections cut; "
      + "checks every list, the database and every acknowledged edit at rest.")

  @Option(help: "The database's address (default: $TRELLIS_POSTGRES_URL).")
  var postgres: String?

  @Option(help: "Servers: stores with their own connection pools and listening connections.")
  var servers = 3

  @Option(help: "Sessions in all, spread over the servers.")
  var sessions = 50

  @Option(help: "Random steps per run.")
  var steps = 1_500

  @Option(help: "Runs, each with its own seed (the first is --seed).")
  var runs = 1

  @Option(help: "The first run's seed.")
  var seed: UInt64 = 1

  @Option(help: "A fault every this many steps (0: none): a server replaced, connections cut.")
  var faultEvery = 250

  func run() async throws {
    guard let url = postgres ?? ProcessInfo.processInfo.environment["TRELLIS_POSTGRES_URL"]
    else { throw ValidationError("no database: pass --postgres or set TRELLIS_POSTGRES_URL") }
    var failed = 0
    for run in 0..<max(runs, 1) {
      let seed = seed &+ UInt64(run)
      let converge = try ConvergeRun(
        url: url, seed: seed, servers: max(servers, 1), sessions: max(sessions, 1),
        steps: steps, faultEvery: faultEvery)
      let report = try await converge.run()
      print(report.line)
      if !report.isClean { failed += 1 }
    }
    if failed > 0 { throw ExitCode(1) }
  }
}
