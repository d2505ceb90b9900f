import Foundation
import Trellis
import TrellisTesting

/// The checks at rest: every open list and a fresh one equal the database; every acknowledged
/// insert and rename is in the history exactly once; every acknowledged rename replaced the
/// name its form started from (or the one a conflict showed).
extension ConvergeRun {
  func check(took: Duration) async throws -> ConvergeReport {
    let truth = try await database.names(through: stores[0])
    var divergent: [String] = []
    let fresh = try database.server()
    defer { fresh.shutdown() }
    stores.append(fresh)
    defer { stores.removeLast() }
    let freshSession = session(on: stores.count - 1)
    for (index, session) in (sessions + [freshSession]).enumerated() {
      do {
        // Once one list has failed to catch up in time, the others get less time.
        try await session.app.settle(
          until: { session.app.texts == [truth] },
          timeout: divergent.isEmpty ? .seconds(20) : .seconds(2))
        if !session.app.host.violations.isEmpty {
          divergent.append("session \(index): \(session.app.host.violations.first!)")
        }
      } catch {
        let shown: [String] = session.app.texts.first ?? []
        let differs: Int? = shown.indices.first(where: {
          $0 >= truth.count || shown[$0] != truth[$0]
        })
        let at: Int = differs ?? min(shown.count, truth.count)
        let status = session.section.asyncCache.map { "\($0.status)" } ?? "no cache"
        // An async store's cache, or the items a synchronous store's section holds.
        let holder = session.section.asyncCache == nil ? "the section" : "the cache"
        let cached = (session.section.asyncCache?.loadedItems ?? session.section.currentItems)
          .map { definition.title(of: $0) }
        let cacheSays =
          cached == shown
          ? "\(holder) lists the same"
          : cached == truth
            ? "\(holder) lists the database's" : "\(holder) lists \(cached.count) others"
        divergent.append(
          "session \(index) on server \(session.server): \(shown.count) rows, the database "
            + "\(truth.count); first difference at row \(at); shown, not stored: "
            + "\(Set(shown).subtracting(truth).sorted()); stored, not shown: "
            + "\(Set(truth).subtracting(shown).sorted()); from there shown "
            + "\(shown.dropFirst(at).prefix(4)), stored \(truth.dropFirst(at).prefix(4)); "
            + "\(cacheSays); the list's status: \(status)"
            + traced(Array(Set(shown).symmetricDifference(truth).prefix(4))))
      }
    }
    divergent += database.problems(in: truth)

    let history = try await database.history(through: stores[0])
    var lost: [String] = []
    var duplicated: [String] = []
    let written = acknowledged.value.withLock { $0 }
    var inserted: [String: Int] = [:]
    for entry in history where entry.op == "INSERT" { inserted[entry.name ?? "", default: 0] += 1 }
    for name in written.inserts {
      switch inserted[name, default: 0] {
      case 0: lost.append("insert \(name)")
      case 1: break
      default: duplicated.append("insert \(name)")
      }
    }
    var unannounced: [String] = []
    for (name, base) in renames {
      // The first write of the name is the person's; a later one is someone who took it as
      // theirs in a conflict and kept it over another's, knowingly.
      guard
        let at = history.indices.first(where: {
          history[$0].op == "UPDATE" && history[$0].name == name
        })
      else {
        lost.append("rename to \(name)")
        continue
      }
      let id = history[at].id
      let before = history[..<at].last(where: { $0.id == id })?.name
      if before.map(Value.string) != base {
        // The row's names around the rename, for whoever replays the seed.
        let names = history.indices.filter { history[$0].id == id }.map { index in
          (index == at ? "*" : "") + "\(history[index].op) \(history[index].name ?? "?")"
        }
        unannounced.append(
          "rename to \(name) replaced “\(before ?? "?")”, its form started from “\(base)”; "
            + "the row's history: " + names.joined(separator: ", ")
            + traced([name, before, base.stringValue]))
      }
    }
    let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    let summary =
      "\(stores.count - 1) \(database.serversName) × \(sessionCount) sessions, \(steps) steps, "
      + "\(truth.count) rows at rest: \(written.inserts.count) adds, \(renames.count) renames "
      + "(\(conflicts) conflicts shown), \(written.moves) moves, \(written.deletes) deletes, "
      + "\(written.refusals) refused, \(faults) faults\(database.faultNotes), \(String(format: "%.1f", seconds)) s"
    return ConvergeReport(
      seed: seed, summary: summary, divergent: divergent, lost: lost, duplicated: duplicated,
      unannounced: unannounced)
  }
}
