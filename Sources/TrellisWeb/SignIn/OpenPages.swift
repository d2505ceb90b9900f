/// The pages open in each sign-in session, by the hash of its token: signing out closes them
/// at once, rather than at their next check of the sign-in.
///
/// A page is listed from its socket's opening to its closing, so it holds nothing after.
final class OpenPages: Sendable {
  private let pages = Locked<[String: [ObjectIdentifier: @Sendable () -> Void]]>([:])
  /// Called when a page opens with none open before.
  private let firstOpened: @Sendable (OpenPages) -> Void

  /// No page open; `firstOpened` is called each time a page opens with none open before.
  init(firstOpened: @escaping @Sendable (OpenPages) -> Void = { _ in }) {
    self.firstOpened = firstOpened
  }

  /// Lists `page`, open in the session whose token hashes to `session`; `close` closes it.
  func add(_ page: ObjectIdentifier, session: String, close: @escaping @Sendable () -> Void) {
    let wasEmpty = pages.withLock { pages in
      defer { pages[session, default: [:]][page] = close }
      return pages.isEmpty
    }
    if wasEmpty { firstOpened(self) }
  }

  /// Forgets `page`, whose socket closed.
  func remove(_ page: ObjectIdentifier, session: String) {
    pages.withLock { pages in
      pages[session]?[page] = nil
      if pages[session]?.isEmpty == true { pages[session] = nil }
    }
  }

  /// Closes every page open in `session`, which just ended.
  func closeAll(session: String) {
    let closers = pages.withLock { $0.removeValue(forKey: session) } ?? [:]
    for close in closers.values { close() }
  }

  /// The sessions that have pages open, by the hashes of their tokens.
  var sessions: [String] { pages.withLock { Array($0.keys) } }

  /// How many sessions have pages open.
  var count: Int { pages.withLock { $0.count } }
}
