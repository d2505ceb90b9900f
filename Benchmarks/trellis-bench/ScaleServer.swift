import Foundation
import Trellis
import TrellisWeb

/// One server of `trellis-bench scale`: its own store (with its own connection pool, for
/// PostgreSQL) and its sessions, each a table model processed on this actor when its store
/// wakes it, as the web host's sessions are; and, like theirs, sharing the server's lists
/// (``SharedLists``), so that one list shown alike by every session is loaded and rendered
/// once per server.
actor ScaleServer {
  /// Which server this is, from 0.
  let number: Int
  private var sessions: [TableModel] = []
  /// The names each session showed last, by row.
  private var shown: [[String]] = []
  private let scheduled = Locked(Set<Int>())
  private let log: ScaleLog
  private let sharing = SharedLists()

  init(number: Int, log: ScaleLog) {
    self.number = number
    self.log = log
  }

  /// Opens `count` sessions, each a list of the items of `makeSection()`'s store, and waits
  /// until each shows `rows` rows.
  func open(count: Int, rows: Int, makeSection: @Sendable () -> ArrayOfObjectsSection) async throws
  {
    for _ in 0..<count {
      let index = sessions.count
      let model = TableModel(title: "Items")
      model.listSharing = sharing
      model.addSection(makeSection())
      let scheduled = scheduled
      model.setWakeHandler { [weak self] in
        guard scheduled.withLock({ $0.insert(index).inserted }) else { return }
        Task { await self?.process(index) }
      }
      sessions.append(model)
      shown.append([])
      process(index)
    }
    let deadline = ContinuousClock.now + .seconds(120)
    while shown.contains(where: { $0.count < rows }) {
      guard ContinuousClock.now < deadline else {
        throw ScaleBenchError("sessions on server \(number) did not load \(rows) rows in 120 s")
      }
      for index in sessions.indices where shown[index].count < rows { process(index) }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Processes one session's changes and reports every edit its list now shows.
  private func process(_ index: Int) {
    scheduled.withLock { _ = $0.remove(index) }
    var changesets = [sessions[index].processChanges()]
    // What arrived while it processed woke nobody: it is processed now, as a host does.
    while sessions[index].hasPendingChanges {
      changesets.append(sessions[index].processChanges())
    }
    changesets.removeAll { $0.isEmpty }
    guard let last = changesets.last, let section = last.target.sections.first else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    // Rows only reloaded in place (edits): only those are read, as a host reads them.
    let stages = changesets.flatMap(\.stages)
    let inPlace =
      changesets.allSatisfy { $0.fullReload == nil && !$0.stages.isEmpty }
      && stages.allSatisfy {
        $0.itemInserts.isEmpty && $0.itemDeletes.isEmpty && $0.itemMoves.isEmpty
          && $0.sectionInserts.isEmpty && $0.sectionDeletes.isEmpty && $0.sectionMoves.isEmpty
          && $0.sectionReloads.isEmpty
      }
    if inPlace, shown[index].count == section.items.count {
      for path in stages.flatMap(\.itemReloads) where path.section == 0 {
        guard let name = section.items[path.item].text, name != shown[index][path.item]
        else { continue }
        shown[index][path.item] = name
        log.seen(name, row: path.item, server: number, session: index, at: now)
      }
      return
    }
    let names = section.items.compactMap(\.text)
    let before = shown[index]
    shown[index] = names
    guard before.count == names.count else { return }
    for (row, name) in names.enumerated() where name != before[row] {
      log.seen(name, row: row, server: number, session: index, at: now)
    }
  }
}

/// What `trellis-bench scale` records: when each edit was committed, and which sessions saw it.
final class ScaleLog: Sendable {
  struct Edit {
    var row: Int
    var sequence: Int
    var server: Int
    /// When the writer's commit returned; `nil` while it is under way.
    var committed: UInt64?
    /// Whether it was made at the paced rate, for the latencies (else as fast as possible,
    /// for the throughput).
    var paced: Bool
  }

  private struct State {
    var edits: [String: Edit] = [:]
    /// For each session (server, index) and row, the newest edit sequence it showed.
    var newest: [ScaleSessionKey: [Int: Int]] = [:]
    var latencies: [Double] = []
  }

  private let state = Locked(State())
  /// Whether latencies count only sessions on other servers than the edit's.
  let crossServerOnly: Bool

  init(crossServerOnly: Bool) { self.crossServerOnly = crossServerOnly }

  /// Records an edit about to be committed.
  func committing(_ name: String, row: Int, sequence: Int, server: Int, paced: Bool) {
    state.withLock {
      $0.edits[name] = Edit(
        row: row, sequence: sequence, server: server, committed: nil, paced: paced)
    }
  }

  /// Records that the edit's commit returned: its latencies count from now.
  func committed(_ name: String) {
    let now = DispatchTime.now().uptimeNanoseconds
    state.withLock { $0.edits[name]?.committed = now }
  }

  /// Records that a session shows `name` in `row`.
  func seen(_ name: String, row: Int, server: Int, session: Int, at time: UInt64) {
    state.withLock { state in
      guard let edit = state.edits[name] else { return }
      let key = ScaleSessionKey(server: server, session: session)
      let newest = state.newest[key]?[edit.row] ?? -1
      guard edit.sequence > newest else { return }
      state.newest[key, default: [:]][edit.row] = edit.sequence
      if edit.paced && (!crossServerOnly || server != edit.server) {
        // A session that shows the edit before its commit returned waited for nothing.
        let committed = edit.committed ?? time
        state.latencies.append(time > committed ? Double(time - committed) / 1e9 : 0)
      }
    }
  }

  /// The latencies so far, seconds.
  var latencies: [Double] { state.withLock { $0.latencies } }

  /// How many (edit, session) pairs never showed the edit or a later one of its row, among
  /// the sessions `expected` lists.
  func lost(sessions expected: [ScaleSessionKey]) -> Int {
    state.withLock { state in
      var lost = 0
      for edit in state.edits.values {
        for key in expected where crossServerOnly ? key.server != edit.server : true {
          if (state.newest[key]?[edit.row] ?? -1) < edit.sequence { lost += 1 }
        }
      }
      return lost
    }
  }

  /// How many edits were committed, paced or not.
  func editCount(paced: Bool) -> Int {
    state.withLock { $0.edits.values.count { $0.paced == paced } }
  }
}

/// A session of `trellis-bench scale`: its server and its index there.
struct ScaleSessionKey: Hashable, Sendable {
  var server: Int
  var session: Int
}

/// A reason `trellis-bench scale` cannot run.
struct ScaleBenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
