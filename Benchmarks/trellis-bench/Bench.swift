import ArgumentParser
import Foundation

/// `trellis-bench`: Trellis side by side with its baselines, measured in one run.
@main
struct Bench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trellis-bench",
    abstract: "Measure Trellis against its baselines in the same run.",
    subcommands: [
      DiffCommand.self, FormsCommand.self, StoresCommand.self, WebCommand.self,
      ServicesCommand.self, ScaleCommand.self, FuzzCommand.self, ConvergeCommand.self,
      ConvergeWriterCommand.self, PositionsCommand.self, DocumentsCommand.self, StdlibProbe.self,
      WebClientsCommand.self,
    ])
}

/// `trellis-bench diff`: the diff engine against the hash lower bound and the standard library.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff", abstract: "Diff cases: dk100k, rand5 at 10k/100k/1M, sectioned.")

  @Flag(help: "Print one JSON line per case instead of a table.")
  var json = false

  @Option(help: "Timed runs per case (at least 10 for the published figures).")
  var runs = 10

  @Option(help: "Skip the standard-library baseline where one run exceeds this many seconds.")
  var stdlibLimit = 60.0

  @Option(help: "Only the cases whose names contain this text.")
  var only: String?

  func run() throws {
    var results: [DiffBenchResult] = []
    for benchCase in DiffBenchCase.all where only.map({ benchCase.name.contains($0) }) ?? true {
      let result = benchCase.measure(runs: max(runs, 1), stdlibLimit: stdlibLimit)
      results.append(result)
      if json { print(result.jsonLine) }
    }
    if !json { print(DiffBenchResult.table(results)) }
  }
}

/// Runs the standard library's diff once on one case, in a child process the parent can stop.
struct StdlibProbe: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stdlib-probe", abstract: "Internal: one standard-library diff run.",
    shouldDisplay: false)

  @Argument var caseName: String

  func run() throws {
    guard let benchCase = DiffBenchCase.all.first(where: { $0.name == caseName }) else {
      throw ValidationError("unknown case \(caseName)")
    }
    let result = benchCase.stdlibOnce()
    print("\(result.seconds) \(result.deletes) \(result.inserts) \(result.moves)")
  }
}

/// `trellis-bench stores`: SQLite-backed lists against the plain GRDB query, and
/// PostgreSQL-backed ones against postgres-nio.
struct StoresCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stores",
    abstract:
      "Open a screen over 1,000,000 SQLite rows; search 100,000 contacts in SQL; the same on "
      + "PostgreSQL (pg-…) when $TRELLIS_POSTGRES_URL is set.")

  @Flag(help: "Print one JSON line per case instead of a table.")
  var json = false

  @Option(
    help: "Run only the cases whose names start with this (open-1m, search-100k, pg-, …).")
  var only: String?

  @Option(help: "Times each case's runs, for profiling.")
  var repeatCount = 1

  func run() async throws {
    try await StoresBench.run(json: json, only: only, repeatCount: repeatCount)
  }
}

/// `trellis-bench services`: web-service lists against the demo's own REST API on loopback.
struct ServicesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "services",
    abstract:
      "The first page of 50 contacts, open event to changeset; paging through 100,000 in "
      + "batches of 500; each beside the same requests and JSON decoding done by hand.")

  @Flag(help: "Print one JSON line per case instead of a table.")
  var json = false

  @Option(help: "How many contacts the API serves.")
  var rows = 100_000

  @Option(help: "Timed runs of the first page (paging runs a third as often, at least 3).")
  var runs = 15

  @Flag(help: "Render every row up front, as lists do by default, instead of when shown.")
  var rowsUpFront = false

  func run() async throws {
    try await ServicesBench.run(
      json: json, rows: max(rows, 1_000), runs: max(runs, 3), rowsUpFront: rowsUpFront)
  }
}

/// `trellis-bench scale`: servers sharing one PostgreSQL database, beside one on SQLite.
struct ScaleCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scale",
    abstract:
      "N servers (each its own store and sessions) on one PostgreSQL database: an edit's time "
      + "from its commit on one server to its changeset on another, edits per second, lost "
      + "edits, memory per session; beside one server on SQLite.")

  @Flag(help: "Print one JSON line per configuration instead of a table.")
  var json = false

  @OptionGroup var database: DatabaseOption

  @Option(help: "How many servers, one configuration each (comma-separated).")
  var servers = "1,2,4"

  @Option(help: "Sessions per server.")
  var sessions = 200

  @Option(help: "Rows in the list every session shows.")
  var rows = 50

  @Option(help: "Seconds of edits per configuration and phase (paced, then back to back).")
  var seconds = 5.0

  @Option(help: "Edits per second, all servers together, in the paced phase.")
  var rate = 20.0

  func run() async throws {
    let url = try database.url()
    let counts = servers.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
    guard !counts.isEmpty else { throw ValidationError("--servers lists no server count") }
    try await ScaleBench.run(
      url: url, servers: counts, sessions: max(sessions, 1), rows: max(rows, 2),
      seconds: max(seconds, 0.5), rate: min(max(rate, 1), 1000), json: json)
  }
}

/// `trellis-bench web`: the web host on loopback, edit to changeset and first pages.
struct WebCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "web",
    abstract:
      "One edit to its changeset (10,000 rows), a first page (100,000 rows), 50 sessions; "
      + "concurrent-20, concurrent-50 and concurrent-200 sessions editing one list.")

  @Flag(help: "Print one JSON line per case instead of a table.")
  var json = false

  @Option(
    help:
      ArgumentHelp(
        "Only one case: sessions-10k, slow-reader, churn and held (each run only when named), "
          + "concurrent-20, concurrent-50, concurrent-200, concurrent (all three) or single.")
  )
  var only: String?

  @Option(help: "How many sessions the churn case opens and closes on each app.")
  var churnSessions = 500

  @Option(help: "How many sessions the sessions-10k case opens (10,000 for its targets).")
  var sessions = 10_000

  @Option(help: "How long each concurrent case runs, in seconds.")
  var seconds = 5.0

  @Option(
    help: ArgumentHelp(
      "How long a concurrent session rests on the list between edits, at least, in milliseconds "
        + "(it rests up to 100 more). Short rests load the server to saturation; longer ones "
        + "measure latency at a given rate of events: the targets at 200 sessions are for at "
        + "least 1,000 events/s, which --rest 450 gives."))
  var rest = 50

  @Option(
    help: ArgumentHelp(
      "How often, at most, the server passes one window's edits on to the others, in "
        + "milliseconds (the server's deliveryInterval)."))
  var interval = 20.0

  @Flag(
    help: ArgumentHelp(
      "Run the concurrent cases' clients in the bench's own process, where their tasks share "
        + "one pool with the server's, instead of in a child process."))
  var inlineClients = false

  @Option(
    help: ArgumentHelp(
      "Run the concurrent cases' child process of clients at this niceness (0–19), so that "
        + "the server has the processors first, as it would on a machine of its own."))
  var clientsNice = 0

  func run() async throws {
    try await WebBench.run(
      json: json, only: only, seconds: seconds, rest: max(0, rest), sessions: max(sessions, 11),
      deliveryInterval: max(0, interval) / 1000, clientsApart: !inlineClients,
      clientsNice: min(max(clientsNice, 0), 19), churnCycles: max(churnSessions, 10))
  }
}

/// The clients of one concurrent web case, run by `trellis-bench web` in a child process;
/// prints what they measured as one JSON object.
struct WebClientsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "web-clients", abstract: "Internal: the clients of one concurrent web case.",
    shouldDisplay: false)

  @Option var port: Int
  @Option var app: String
  @Option var sessions: Int
  @Option var seconds: Double
  @Option var rest: Int
  @Option var editors: Int?
  @Option var keepRowsEvery = 0

  func run() async throws {
    let clients = try await ConcurrentClients.run(
      base: "http://127.0.0.1:\(port)", port: port, app: app, sessions: sessions,
      seconds: seconds, rest: rest, editors: editors, keepRowsEvery: keepRowsEvery)
    print(String(decoding: try JSONEncoder().encode(clients), as: UTF8.self))
  }
}

/// `trellis-bench positions`: the order's lock against ranks with gaps, on PostgreSQL.
struct PositionsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "positions",
    abstract:
      "Concurrent inserts and moves in an ordered PostgreSQL table: positions shifted under "
      + "the order's lock (as the store keeps them) against ranks with gaps and no lock.")

  @OptionGroup var database: DatabaseOption

  @Option(help: "Rows in the table at the start, one case each (comma-separated).")
  var rows = "1000,100000"

  @Option(help: "Concurrent writers, one case each (comma-separated).")
  var writers = "1,8"

  @Option(help: "Seconds of writes per case.")
  var seconds = 3.0

  func run() async throws {
    let url = try database.url()
    let list = { (text: String) in text.split(separator: ",").compactMap { Int($0) } }
    try await PositionsBench.run(
      url: url, rows: list(rows).filter { $0 > 1 }, writers: list(writers).filter { $0 > 0 },
      seconds: seconds)
  }
}
