import Foundation
import Trellis

/// Closes the pages of sessions that ended outside this server within about a second: a
/// person removed or given new roles by `trellis users`, or signed out on another server that
/// shares the people store.
///
/// While any page is open it asks the store once per interval how many sessions have ended
/// (``PeopleStore/sessionEndings()``), one small query. Only when that count moves does it
/// look up each open page's session, and it closes the pages of those that no longer sign
/// anyone in. A store that cannot count leaves pages to their pings. With no page open it
/// runs nothing.
final class SessionEndingWatch: Sendable {
  private let people: any PeopleStore
  private let interval: Duration
  /// Whether a watch is running.
  private let isRunning = Locked(false)

  init(people: any PeopleStore, interval: Duration) {
    self.people = people
    self.interval = interval
  }

  /// Watches for `pages`, whose first page has just opened.
  func start(for pages: OpenPages) {
    let starts = isRunning.withLock { running in
      defer { running = true }
      return !running
    }
    guard starts else { return }
    Task { [self] in await run(pages) }
  }

  private func run(_ pages: OpenPages) async {
    // Unknown at first, so that the first turn looks at every open page once.
    var seen: Int?
    var first = true
    while true {
      if !first { try? await Task.sleep(for: interval) }
      first = false
      // The flag is lowered under the same look at the pages that finds none, so that a page
      // opening meanwhile starts a watch of its own.
      let stops = isRunning.withLock { running in
        if pages.count == 0 { running = false }
        return !running
      }
      if stops { return }
      let counted: Int?
      // A store that cannot be read now is asked again next turn.
      do { counted = try await people.sessionEndings() } catch { continue }
      guard let endings = counted else {
        // A store that keeps no count leaves pages to their pings.
        isRunning.withLock { $0 = false }
        return
      }
      guard endings != seen else { continue }
      seen = endings
      for session in pages.sessions {
        // A lookup that fails leaves the page open: the next ping asks again.
        do {
          if try await people.person(session: session, at: Date()) == nil {
            pages.closeAll(session: session)
          }
        } catch { continue }
      }
    }
  }
}
