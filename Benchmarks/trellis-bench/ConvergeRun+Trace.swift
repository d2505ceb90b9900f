import Synchronization
import Trellis

/// What happened to each name and each session, step by step, for whoever replays a seed
/// whose checks failed: who typed, added, moved or deleted what, each Done with what it
/// expected, conflicts, notices, what the store answered, and the faults.
final class ConvergeTrace: Sendable {
  private let lines = Mutex<[String: [String]]>([:])

  /// Notes `event` under each of `keys` (names, "session 7", "faults").
  func note(_ keys: [String?], _ event: String) {
    lines.withLock { lines in
      for key in keys.compactMap({ $0 }) { lines[key, default: []].append(event) }
    }
  }

  /// The lines of each key, indented under a finding.
  func text(of keys: [String?]) -> String {
    let lines = lines.withLock { $0 }
    var text = ""
    for key in Set(keys.compactMap { $0 }).sorted() {
      text += "\n    \(key):"
      for line in lines[key] ?? [] { text += "\n      " + line }
    }
    return text
  }
}

extension ConvergeRun {
  /// Notes `event` at this step under the names and sessions it concerns.
  func note(_ names: [String?], _ session: Session?, _ event: String) {
    let who = session.map { "session \($0.number) on server \($0.server)" }
    trace.note(names + [who], "step \(step): \(who.map { $0 + ": " } ?? "")\(event)")
  }

  /// What the session's draft expects, what its object holds, and which object and draft.
  func describe(_ draft: Draft) -> String {
    let expected = draft.expectedValues["name"].map { "\($0)" } ?? "nothing"
    let holds = (try? draft.object.value(forKeyPath: "name")).map { "\($0)" } ?? "?"
    let conflicts = draft.conflicts.map { "theirs \($0.theirs)" }.joined(separator: ", ")
    return "draft \(Self.tag(draft)) expects \(expected), object \(Self.tag(draft.object)) "
      + "holds \(holds)\(conflicts.isEmpty ? "" : ", conflict: \(conflicts)")"
  }

  /// A short tag that tells objects apart in the trace.
  static func tag(_ object: AnyObject) -> String {
    "#" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue) & 0xFFFFF, radix: 16)
  }

  /// The traces of `names` and of every session their lines mention.
  func traced(_ names: [String?]) -> String {
    let named = trace.text(of: names)
    var sessions: Set<String> = []
    for match in named.matches(of: /session \d+ on server \d+/) { sessions.insert(String(match.0)) }
    return named + trace.text(of: Array(sessions)) + trace.text(of: ["faults"])
  }
}
