import Foundation
import HummingbirdWSClient
import Trellis

/// The clients of one concurrent case and what they measured: N WebSocket sessions on one
/// list, each editing it at once.
///
/// Each session repeats: open a task (`select`), type its new name (`set`), commit (`done`),
/// which brings it back to the list; every eighth edit adds a task instead of opening one.
/// Between edits it stays on the list for `rest` to `rest` + 100 ms, where the other
/// sessions' edits reach it.
struct ConcurrentClients: Codable {
  /// Event in → its reply out, seconds.
  var p50: Double
  var p99: Double
  /// A commit in one session → its changeset in another session on the list, seconds.
  var fanoutP50: Double
  var fanoutP99: Double
  var eventsPerSecond: Double
  var errors: Int
  /// The names of the tasks the sessions added, for the store to show.
  var added: [String]

  /// Runs the clients in a child process (`trellis-bench web-clients`), which prints what
  /// they measured: its tasks wait in no queue beside the server's. A `niceness` above zero
  /// runs it at that lower priority (with `nice`), so that the server has the processors
  /// first, as it would on a machine of its own.
  static func inChildProcess(
    port: Int, app: String, sessions: Int, seconds: Double, rest: Int, niceness: Int = 0
  ) async throws -> ConcurrentClients {
    let process = Process()
    let arguments = [
      "web-clients", "--port", String(port), "--app", app, "--sessions", String(sessions),
      "--seconds", String(seconds), "--rest", String(rest),
    ]
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
    let reading = Swift.Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
    try process.run()
    let data = await reading.value
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchFailure("the clients of \(app) failed (exit \(process.terminationStatus))")
    }
    return try JSONDecoder().decode(ConcurrentClients.self, from: data)
  }

  /// Runs the clients here, against the server at `port`.
  static func run(
    base: String, port: Int, app: String, sessions count: Int, seconds: Double, rest: Int
  ) async throws -> ConcurrentClients {
    let replies = Samples()
    let fanout = Samples()
    let commits = CommitTimes()
    let errors = Samples()
    var queries: [String] = []
    for _ in 0..<count { queries.append(try await WebBench.session(base: base, app: app)) }
    // A second to connect and settle, then `seconds` measured.
    let measureFrom = ContinuousClock.now + .seconds(1)
    let deadline = measureFrom + .milliseconds(Int(seconds * 1000))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, query) in queries.enumerated() {
        group.addTask {
          let phase = Locked("connecting")
          do {
            try await WebSocketClient.connect(
              url: "ws://localhost:\(port)/ws?\(query)",
              configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 24),
              logger: WebBench.quiet
            ) { inbound, outbound, _ in
              // A reader takes every message as it arrives, while the session is busy or
              // resting on the list, so that a changeset's arrival time is when it arrived.
              let (arrivals, arrived) = AsyncStream<String>.makeStream()
              let reader = Swift.Task {
                var seen = Set<String>()
                for try await message in inbound.messages(maxSize: .max) {
                  guard case .text(let text) = message else { continue }
                  // An edit counts once per session: when a changeset on the list first shows
                  // it (not when a screen does, nor the patch that comes back from a form).
                  if WebBench.isMessage(text, "patch") && !WebBench.isPop(text) {
                    let now = ContinuousClock.now
                    for marker in WebBench.markers(in: text) where seen.insert(marker).inserted {
                      if let at = commits.time(of: marker), at >= measureFrom, now < deadline {
                        await fanout.add(WebBench.milliseconds(at.duration(to: now)))
                      }
                    }
                  } else {
                    seen.formUnion(WebBench.markers(in: text))
                  }
                  arrived.yield(text)
                }
                arrived.finish()
              }
              defer { reader.cancel() }
              var messages = arrivals.makeAsyncIterator()
              /// Reads until a message of `type` (or an error) arrives.
              func reply(_ type: String) async throws -> String {
                while let text = await messages.next() {
                  if WebBench.isMessage(text, "error") {
                    await errors.add(1)
                    return text
                  }
                  if WebBench.isMessage(text, type) { return text }
                }
                throw BenchFailure("the socket closed")
              }
              func event(_ json: String, expecting type: String) async throws -> String {
                let start = ContinuousClock.now
                try await outbound.write(.text(json))
                let text = try await reply(type)
                let end = ContinuousClock.now
                if start >= measureFrom && end < deadline {
                  await replies.add(WebBench.milliseconds(start.duration(to: end)))
                }
                return text
              }
              phase.withLock { $0 = "waiting for the first screen" }
              let keys = WebBench.rowKeys(in: try await reply("screen"))
              guard !keys.isEmpty else { throw BenchFailure("the list has no rows") }
              var edit = 0
              while ContinuousClock.now < deadline {
                edit += 1
                phase.withLock { [edit] in $0 = "edit \(edit)" }
                let marker = "Edit#\(index).\(edit)"
                let detail: String
                if edit % 8 == 0 {
                  detail = try await event(#"{"type":"add"}"#, expecting: "push")
                } else {
                  let key = keys[(index * 7 + edit * 13) % keys.count]
                  detail = try await event(
                    #"{"type":"select","row":"\#(key)"}"#, expecting: "push")
                }
                guard let name = WebBench.rowKeys(in: detail).first else {
                  throw BenchFailure("no form")
                }
                _ = try await event(
                  #"{"type":"set","row":"\#(name)","value":"\#(marker)"}"#, expecting: "patch")
                // The edit reaches the store with Done: the others' changesets are timed from it.
                commits.record(marker, at: .now, added: edit % 8 == 0)
                // Done pops back to the list the page kept: a patch that pops first.
                _ = try await event(#"{"type":"done"}"#, expecting: "patch")
                // Stay on the list a moment, where the others' edits arrive.
                try await Swift.Task.sleep(
                  for: .milliseconds(rest + (index * 31 + edit * 17) % 100))
              }
              // Measuring is over: a close that the server answers late (all sessions close at
              // once) is not a failure of the case.
              try? await outbound.close(.normalClosure, reason: nil)
            }
          } catch {
            // A session cut short after the measured window (every other session closing at
            // once) measured all it had to; before it, the case fails and says where.
            guard ContinuousClock.now < deadline else { return }
            throw BenchFailure("session \(index), \(phase.withLock { $0 }): \(error)")
          }
        }
      }
      try await group.waitForAll()
    }
    let replyTimes = await replies.values
    let fanoutTimes = await fanout.values
    return ConcurrentClients(
      p50: WebBench.percentile(replyTimes, 0.5) / 1000,
      p99: WebBench.percentile(replyTimes, 0.99) / 1000,
      fanoutP50: WebBench.percentile(fanoutTimes, 0.5) / 1000,
      fanoutP99: WebBench.percentile(fanoutTimes, 0.99) / 1000,
      eventsPerSecond: Double(replyTimes.count) / seconds, errors: await errors.values.count,
      added: commits.added)
  }
}
