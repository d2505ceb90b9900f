import Foundation
import Observation
import Synchronization
import Trellis
import TrellisTesting

/// An item of the converge table: a name people rename, in an order people change. Observable,
/// as an app's model is, so that every list showing it sees a change to it at once.
@Observable
final class ConvergeItem {
  var name = ""
}

/// One run of `trellis-bench converge`: its servers, sessions and random steps, then the
/// checks at rest.
final class ConvergeRun {
  /// One person's window: a list on one server, and the form they have open on it.
  final class Session {
    let app: HeadlessApp
    let server: Int
    /// The list's section, whose cache the checks read when the list differs.
    let section: ArrayOfObjectsSection
    var form: Screen?
    /// The name and starting point of the Done under way on the form.
    var done: (name: Value, base: Value?)?
    /// The names this person typed in the open form.
    var typed: Set<String> = []
    /// Which session this is, in the trace.
    var number = 0

    init(app: HeadlessApp, server: Int, section: ArrayOfObjectsSection) {
      self.app = app
      self.server = server
      self.section = section
    }
  }

  /// What background writes acknowledged, from any task.
  struct Acknowledged {
    var inserts: [String] = []
    var deletes = 0
    var moves = 0
    var refusals = 0
  }

  /// ``Acknowledged``, shared with the background writes.
  final class AcknowledgedLog: Sendable {
    let value = Mutex(Acknowledged())
  }

  let database: any ConvergeDatabase
  let seed: UInt64
  let steps: Int
  let faultEvery: Int
  let sessionCount: Int
  let definition: DataDefinition
  var stores: [any ConvergeServer] = []
  var sessions: [Session] = []
  var random: SeededRandom
  var counter = 0
  var renames: [(name: String, base: Value)] = []
  /// What happened to each typed name, step by step: printed beside an unannounced overwrite.
  let trace = ConvergeTrace()
  var step = 0
  var sessionsMade = 0
  var conflicts = 0
  var faults = 0
  var writes: [Task<Void, Never>] = []
  let acknowledged = AcknowledgedLog()

  /// A run on the database `open` makes of a table named for the run and the items'
  /// definition.
  init(
    seed: UInt64, servers: Int, sessions: Int, steps: Int, faultEvery: Int,
    database open: (_ table: String, DataDefinition) throws -> any ConvergeDatabase
  ) throws {
    self.seed = seed
    self.steps = steps
    self.faultEvery = faultEvery
    self.sessionCount = sessions
    self.random = SeededRandom(seed: seed)
    let suffix = UUID().uuidString.prefix(6).lowercased()
    self.definition = try Self.definition()
    self.database = try open("converge_\(seed)_\(suffix)", definition)
    self.stores = try (0..<servers).map { _ in try self.database.server() }
  }

  static func definition() throws -> DataDefinition {
    var definition = try DataDefinition(
      for: ConvergeItem.self, properties: [.init("name", \ConvergeItem.name)],
      make: { ConvergeItem() })
    definition.name = "Item"
    definition.titlePropertyNames = ["name"]
    return definition
  }

  /// A new session on server `server`, its list read.
  func session(on server: Int) -> Session {
    let section = stores[server].section()
    let model = TableModel(title: "Items")
    model.addSection(section)
    let session = Session(
      app: HeadlessApp(navigator: Navigator(root: Screen(model: model))), server: server,
      section: section)
    sessionsMade += 1
    session.number = sessionsMade
    return session
  }

  /// Says where the run is, on standard error.
  func progress(_ text: String) {
    FileHandle.standardError.write(Data("  seed \(seed): \(text)\n".utf8))
  }

  /// A name no other step uses.
  func nextName(_ prefix: String) -> String {
    counter += 1
    return "\(prefix)\(seed)-\(counter)"
  }

  func run() async throws -> ConvergeReport {
    let started = ContinuousClock.now
    defer {
      stores.forEach { $0.shutdown() }
      database.close()
    }
    try await database.install(through: stores[0])
    for _ in 0..<8 { try await stores[0].insertItem(named: nextName("a"), at: nil) }
    sessions = (0..<sessionCount).map { session(on: $0 % stores.count) }
    for session in sessions { try await session.app.settle() }
    for step in 0..<steps {
      self.step = step
      if step % 250 == 0 { progress("step \(step)") }
      if faultEvery > 0, step > 0, step % faultEvery == 0 {
        try await fault()
        note(["faults"], nil, "fault \(faults)")
      }
      let session = sessions[Int.random(in: 0..<sessions.count, using: &random)]
      session.app.navigator.processChanges()
      play(session)
      if !database.writesConcurrently {
        for write in writes { await write.value }
        writes.removeAll()
      }
      if step % 8 == 0 { try await Task.sleep(for: .milliseconds(2)) }
    }
    progress("resting")
    try await rest()
    progress("checking")
    return try await check(took: ContinuousClock.now - started)
  }
}

/// What a converge run found.
struct ConvergeReport {
  var seed: UInt64
  var summary: String
  var divergent: [String]
  var lost: [String]
  var duplicated: [String]
  var unannounced: [String]

  var isClean: Bool {
    divergent.isEmpty && lost.isEmpty && duplicated.isEmpty && unannounced.isEmpty
  }

  var line: String {
    var text = "seed \(seed): \(summary); divergent \(divergent.count), lost \(lost.count), "
    text += "duplicated \(duplicated.count), unannounced overwrites \(unannounced.count)"
    if !isClean {
      text += "\n  FAILED (replay with --seed \(seed) --runs 1)"
      for problem in (divergent + lost + duplicated + unannounced).prefix(10) {
        text += "\n  " + problem
      }
    }
    return text
  }
}
