/// The pages open in each sign-in session, by the hash of its token: signing out closes them
/// at once, rather than at their next check of the sign-in.
///
/// A page is listed from its socket's opening to its closing, so it holds nothing after.
final class OpenPages: Sendable {
  private let pages = Locked<[String: [ObjectIdentifier: @Sendable () -> Void]]>([:])

  /// Lists `page`, open in the session whose token hashes to `session`; `close` closes it.
  func add(_ page: ObjectIdentifier, session: String, close: @escaping @Sendable () -> Void) {
    pages.withLock { $0[session, default: [:]][page] = close }
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

  /// How many sessions have pages open.
  var count: Int { pages.withLock { $0.count } }
}
