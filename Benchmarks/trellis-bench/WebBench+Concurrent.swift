import Foundation
import HummingbirdWSClient
import Trellis
import TrellisExamples
import TrellisWeb

/// `concurrent-N`: N WebSocket sessions on one 200-task list, each editing it at once.
///
/// Each session repeats: open a task (`select`), type its new name (`set`), commit (`done`),
/// which brings it back to the list; every eighth edit adds a task instead of opening one.
/// Between edits it stays on the list for 50–150 ms (`--rest` sets the 50), where the other
/// sessions' edits reach it.
struct ConcurrentResult {
  var name: String
  /// Event in → its reply out, seconds.
  var p50: Double
  var p99: Double
  /// A commit in one session → its changeset in another session on the list, seconds.
  var fanoutP50: Double
  var fanoutP99: Double
  var eventsPerSecond: Double
  var errors: Int
  var lostEdits: Int

  var jsonLine: String {
    let object: [String: Any] = [
      "case": name, "p50": p50, "p99": p99, "fanoutP50": fanoutP50, "fanoutP99": fanoutP99,
      "eventsPerSecond": eventsPerSecond, "errors": errors, "lostEdits": lostEdits,
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

extension WebBench {
  /// The apps the concurrent cases use: one per case, each over its own 200-task store.
  static func concurrentApps(_ counts: [Int], definition: DataDefinition) -> [(WebApp, MemoryStore)]
  {
    counts.map { count in
      let store = MemoryStore(
        objects: (0..<200).map { TaskItem(name: "Task \($0)") }, definition: definition)
      var app = WebApp(id: "concurrent-\(count)", title: "\(count) sessions") {
        Navigator(root: TasksApp.listScreen(store: store, definition: definition))
      }
      // Its store is its own: it need not take turns with the other apps.
      app.domain = app.id
      return (app, store)
    }
  }

  static func concurrent(
    base: String, port: Int, sessions count: Int, seconds: Double, rest: Int = 50,
    store: MemoryStore, server: WebServer
  ) async throws -> ConcurrentResult {
    let app = "concurrent-\(count)"
    let replies = Samples()
    let fanout = Samples()
    let commits = CommitTimes()
    let errors = Samples()
    var queries: [String] = []
    for _ in 0..<count { queries.append(try await session(base: base, app: app)) }
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
              configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 24), logger: quiet
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
                  if isMessage(text, "patch") && !isPop(text) {
                    let now = ContinuousClock.now
                    for marker in markers(in: text) where seen.insert(marker).inserted {
                      if let at = commits.time(of: marker), at >= measureFrom, now < deadline {
                        await fanout.add(milliseconds(at.duration(to: now)))
                      }
                    }
                  } else {
                    seen.formUnion(markers(in: text))
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
                  if isMessage(text, "error") {
                    await errors.add(1)
                    return text
                  }
                  if isMessage(text, type) { return text }
                }
                throw BenchFailure("the socket closed")
              }
              func event(_ json: String, expecting type: String) async throws -> String {
                let start = ContinuousClock.now
                try await outbound.write(.text(json))
                let text = try await reply(type)
                let end = ContinuousClock.now
                if start >= measureFrom && end < deadline {
                  await replies.add(milliseconds(start.duration(to: end)))
                }
                return text
              }
              phase.withLock { $0 = "waiting for the first screen" }
              let keys = rowKeys(in: try await reply("screen"))
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
                guard let name = rowKeys(in: detail).first else { throw BenchFailure("no form") }
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
    let added = commits.added
    let names = try await server.perform(onApp: app) {
      Set(
        ((try? store.fetch(FetchOptions())) ?? []).compactMap {
          ($0.objectValue as? TaskItem)?.name
        })
    }
    let replyTimes = await replies.values
    let fanoutTimes = await fanout.values
    return ConcurrentResult(
      name: app, p50: percentile(replyTimes, 0.5) / 1000,
      p99: percentile(replyTimes, 0.99) / 1000,
      fanoutP50: percentile(fanoutTimes, 0.5) / 1000,
      fanoutP99: percentile(fanoutTimes, 0.99) / 1000,
      eventsPerSecond: Double(replyTimes.count) / seconds, errors: await errors.values.count,
      lostEdits: added.filter { !names.contains($0) }.count)
  }

  /// Every row key a screen or patch names, in order.
  static func rowKeys(in text: String) -> [String] {
    // `data-row=\"KEY\"` inside the JSON text.
    scan(text, after: Array(#"data-row=\""#.utf8)) { $0 != UInt8(ascii: "\\") }
  }

  /// Whether `text` is a message of `type`: the server writes `type` first.
  static func isMessage(_ text: String, _ type: String) -> Bool {
    text.utf8.starts(with: #"{"type":"\#(type)""#.utf8)
  }

  /// Whether `text` is a patch that pops back to a screen the page kept (`pop` follows
  /// `pane`).
  static func isPop(_ text: String) -> Bool {
    text.utf8.starts(with: #"{"type":"patch","pane":"top","pop":"#.utf8)
  }

  /// The edit markers (`Edit#SESSION.EDIT`) a changeset shows.
  static func markers(in text: String) -> [String] {
    scan(text, after: Array("Edit#".utf8)) { $0 == UInt8(ascii: ".") || (48...57).contains($0) }
      .map { "Edit#" + $0 }
  }

  /// The runs of bytes accepted by `accepts` that follow each `prefix` in `text`, found with
  /// `memchr`: the client must cost little beside the server it measures.
  static func scan(_ text: String, after prefix: [UInt8], _ accepts: (UInt8) -> Bool) -> [String] {
    var text = text
    return text.withUTF8 { bytes -> [String] in
      var found: [String] = []
      guard let first = prefix.first, let base = bytes.baseAddress else { return [] }
      let count = bytes.count
      var index = 0
      while index + prefix.count <= count,
        let hit = memchr(base + index, Int32(first), count - index - prefix.count + 1)
      {
        index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        guard memcmp(base + index, prefix, prefix.count) == 0 else {
          index += 1
          continue
        }
        var end = index + prefix.count
        while end < count, accepts(bytes[end]) { end += 1 }
        found.append(
          String(
            decoding: UnsafeBufferPointer(rebasing: bytes[(index + prefix.count)..<end]),
            as: UTF8.self))
        index = end
      }
      return found
    }
  }
}

/// Samples gathered from concurrent tasks.
typealias Samples = Timings

/// When each edit was committed, by marker, readable from any task.
final class CommitTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [String: ContinuousClock.Instant] = [:]
  private var adds: [String] = []

  /// Records a commit; `added` when it adds a task (no later edit renames those).
  func record(_ marker: String, at instant: ContinuousClock.Instant, added: Bool) {
    lock.withLock {
      times[marker] = instant
      if added { adds.append(marker) }
    }
  }

  func time(of marker: String) -> ContinuousClock.Instant? { lock.withLock { times[marker] } }

  /// The markers of the tasks added.
  var added: [String] { lock.withLock { adds } }
}
