import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many connections the server holds at once: past the most, a new one is closed as it
/// arrives.
///
/// Each connection holds a file descriptor. A server whose descriptors run out cannot open
/// its database, its files or the system's own (the concurrency runtime aborts the process
/// when it cannot), so clients that hold connections open (slow bodies, idle sockets, from
/// many addresses) must meet a limit below the process's, with room kept for everything else.
final class ConnectionLimit: Sendable {
  /// The most connections held at once.
  let most: Int
  private let open = Atomic<Int>(0)

  init(most: Int) {
    self.most = max(most, 1)
  }

  /// How many connections are held now.
  var count: Int { open.load(ordering: .relaxed) }

  /// Takes a place for a new connection; false, taking none, when the server holds the most.
  func admit() -> Bool {
    let after = open.add(1, ordering: .relaxed).newValue
    guard after > most else { return true }
    open.subtract(1, ordering: .relaxed)
    return false
  }

  /// Gives back the place of a connection that closed.
  func release() { open.subtract(1, ordering: .relaxed) }

  /// The most connections a process whose descriptor limit is `descriptors` may hold: an
  /// eighth of the descriptors (at least 64) stays free for files, databases and the system.
  static func most(forDescriptors descriptors: Int) -> Int {
    max(descriptors - max(descriptors / 8, 64), 16)
  }

  /// This process's limit on open file descriptors (its soft limit), raised first to the
  /// hard limit where the system allows it, as servers do; `nil` when it cannot be read.
  static func descriptorLimit() -> Int? {
    var limit = rlimit()
    guard getrlimit(resourceLimitFiles, &limit) == 0 else { return nil }
    // Darwin refuses a soft limit above OPEN_MAX (10,240), whatever the hard limit says.
    for wanted in [rlim_t(Int32.max), 10_240] where limit.rlim_cur < min(limit.rlim_max, wanted) {
      var raised = limit
      raised.rlim_cur = min(limit.rlim_max, wanted)
      if setrlimit(resourceLimitFiles, &raised) == 0 {
        limit = raised
        break
      }
    }
    return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
  }

  #if canImport(Glibc)
    private static let resourceLimitFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resourceLimitFiles = RLIMIT_NOFILE
  #endif
}
