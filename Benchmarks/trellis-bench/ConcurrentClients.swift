import Foundation
import NIOCore
import NIOPosix
import Trellis

/// The clients of one concurrent case and what they measured: N WebSocket sessions on one
/// list, each editing it at once.
///
/// Each session (a ``ConcurrentSession``) repeats: open a task, type its new name, commit;
/// between edits it rests on the list, where the other sessions' edits reach it. When another
/// session renamed the task while its form was open, Done keeps the form open and shows both
/// names; the session then presses Done again, saving its name over, and counts a conflict.
struct ConcurrentClients: Codable {
  /// Event in → its reply out, seconds.
  var p50: Double
  var p99: Double
  /// A commit in one session → its changeset in another session on the list, seconds.
  var fanoutP50: Double
  var fanoutP99: Double
  var eventsPerSecond: Double
  var errors: Int
  /// How many times Done found the task renamed by another session, and saved over it.
  var conflicts: Int
  /// The names of the tasks the sessions added, for the store to show.
  var added: [String]
  /// How many watching pages kept their rows to the end, to be compared with a fresh page's.
  var pagesKept = 0
  /// How many of those differed from a page opened after the last edit, and the first
  /// difference.
  var pagesDiffering = 0
  var firstDifference: String?

  /// Runs the clients in a child process (`trellis-bench web-clients`), which prints what
  /// they measured: its tasks wait in no queue beside the server's. A `niceness` above zero
  /// runs it at that lower priority (with `nice`), so that the server has the processors
  /// first, as it would on a machine of its own.
  static func inChildProcess(
    port: Int, app: String, sessions: Int, seconds: Double, rest: Int, editors: Int? = nil,
    keepRowsEvery: Int = 0, niceness: Int = 0
  ) async throws -> ConcurrentClients {
    let process = Process()
    var arguments = [
      "web-clients", "--port", String(port), "--app", app, "--sessions", String(sessions),
      "--seconds", String(seconds), "--rest", String(rest),
    ]
    if let editors { arguments += ["--editors", String(editors)] }
    if keepRowsEvery > 0 { arguments += ["--keep-rows-every", String(keepRowsEvery)] }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    if niceness > 0 {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["nice", "-n", String(niceness), executable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // Read on a thread of its own: the read blocks until the clients finish, which would
    // stall a thread of the pool the server's tasks share.
    let data = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile())
      }
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchFailure("the clients of \(app) failed (exit \(process.terminationStatus))")
    }
    return try JSONDecoder().decode(ConcurrentClients.self, from: data)
  }

  /// Runs the clients here, against the server at `port`: each session a channel handler on
  /// a few event loops of its own, so that the clients cost the machine little beside the
  /// server they measure. The first `editors` sessions edit (all when `nil`); each session
  /// connects as soon as its page is open, and measuring starts a second after the last.
  ///
  /// With `keepRowsEvery` above 0, one watching session in that many keeps its page's rows
  /// as they arrive (a ``PageMirror``). A second after measuring ends, when the edits are
  /// done, one more page opens; each kept page must then equal it.
  static func run(
    base: String, port: Int, app: String, sessions count: Int, seconds: Double, rest: Int,
    editors: Int? = nil, keepRowsEvery: Int = 0
  ) async throws -> ConcurrentClients {
    OpenFiles.raiseLimit(to: count * 2 + 1_000)
    let run = ConcurrentRun(rest: rest, editors: editors ?? count, keepRowsEvery: keepRowsEvery)
    let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
    // When most sessions only watch, the editors read on a loop of their own: each is
    // another person's browser, whose answer should not wait in this process behind
    // thousands of other windows' copies of the same patch.
    let editorGroup =
      run.editors < count ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : group
    /// Opens session `index`'s page and connects to it.
    func connect(_ index: Int, keepsRows: Bool? = nil) async throws -> any Channel {
      let query = try await WebBench.session(base: base, app: app)
      let bootstrap = ClientBootstrap(group: index < run.editors ? editorGroup : group)
        .channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
              WebSocketHandshake(
                host: "localhost:\(port)", path: "/ws?\(query)", origin: "ws://localhost",
                next: ConcurrentSession(index: index, run: run, keepsRows: keepsRows),
                failed: { run.failed("session \(index), connecting: \($0)") }))
          }
        }
      return try await bootstrap.connect(host: "127.0.0.1", port: port).get()
    }
    var channels: [any Channel] = []
    for index in 0..<count {
      channels.append(try await connect(index))
    }
    // A second to settle, then `seconds` measured; the sessions that only watch are closed
    // then, and a session the server never answers a while after.
    run.measure(from: .now + .seconds(1), for: seconds)
    let all = channels
    group.next().scheduleTask(in: .milliseconds(Int64(seconds * 1000) + 1_500)) {
      for channel in all.dropFirst(run.editors) { channel.close(promise: nil) }
    }
    group.next().scheduleTask(in: .seconds(Int64(seconds) + 16)) {
      for channel in all { channel.close(promise: nil) }
    }
    if keepRowsEvery > 0 {
      // The fresh page, as session `count`, closes with the watching sessions.
      try await Task.sleep(until: run.deadline + .seconds(1), clock: .continuous)
      let fresh = try await connect(count, keepsRows: true)
      fresh.eventLoop.scheduleTask(deadline: .now() + .milliseconds(500)) {
        fresh.close(promise: nil)
      }
      channels.append(fresh)
    }
    for channel in channels { try? await channel.closeFuture.get() }
    try await group.shutdownGracefully()
    if editorGroup !== group { try await editorGroup.shutdownGracefully() }
    if let failure = run.failure { throw BenchFailure(failure) }
    let replyTimes = run.replyTimes
    let fanoutTimes = run.fanoutTimes
    let differing = keepRowsEvery > 0 ? run.pagesDiffering(from: count) : (count: 0, first: nil)
    return ConcurrentClients(
      p50: WebBench.percentile(replyTimes, 0.5) / 1000,
      p99: WebBench.percentile(replyTimes, 0.99) / 1000,
      fanoutP50: WebBench.percentile(fanoutTimes, 0.5) / 1000,
      fanoutP99: WebBench.percentile(fanoutTimes, 0.99) / 1000,
      eventsPerSecond: Double(replyTimes.count) / seconds, errors: run.errors,
      conflicts: run.conflicts, added: run.added,
      pagesKept: (0..<count).filter(run.keepsRows).count, pagesDiffering: differing.count,
      firstDifference: differing.first)
  }
}
