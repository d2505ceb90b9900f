import NIOCore
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
///
/// One client may hold only a share of them (``mostPerClient``), so that a client holding
/// connections open cannot keep the others out; loopback and a trusted proxy, which speak for
/// many clients, are not counted as one.
final class ConnectionLimit: Sendable {
  /// The most connections held at once.
  let most: Int
  /// The most connections one client (an address, an IPv6 /64) holds at once.
  let mostPerClient: Int
  private let open = Atomic<Int>(0)
  private let byClient = Mutex<[ClientAddress: Int]>([:])

  init(most: Int, mostPerClient: Int? = nil) {
    self.most = max(most, 1)
    self.mostPerClient = max(mostPerClient ?? Self.share(of: most), 1)
  }

  /// How many connections are held now.
  var count: Int { open.load(ordering: .relaxed) }

  /// How many connections `client` holds now.
  func count(of client: ClientAddress) -> Int { byClient.withLock { $0[client] ?? 0 } }

  /// Takes a place for a new connection, of `client` when it counts as one; false, taking
  /// none, when the server or that client holds the most.
  func admit(_ client: ClientAddress? = nil) -> Bool {
    guard open.add(1, ordering: .relaxed).newValue <= most else {
      open.subtract(1, ordering: .relaxed)
      return false
    }
    guard let client else { return true }
    let admitted = byClient.withLock { held in
      let count = held[client] ?? 0
      guard count < mostPerClient else { return false }
      held[client] = count + 1
      return true
    }
    if !admitted { open.subtract(1, ordering: .relaxed) }
    return admitted
  }

  /// Gives back the place of a connection that closed, of `client` when it was admitted as
  /// one.
  func release(_ client: ClientAddress? = nil) {
    open.subtract(1, ordering: .relaxed)
    guard let client else { return }
    byClient.withLock { held in
      let count = (held[client] ?? 1) - 1
      held[client] = count > 0 ? count : nil
    }
  }

  /// The client a connection from `remote` counts against, or `nil` when it speaks for many:
  /// loopback (this machine's own programs, a proxy on it) and a trusted proxy.
  static func client(_ remote: SocketAddress?, trustedProxy: TrustedProxy?) -> ClientAddress? {
    guard let remote, let ip = remote.ipAddress else { return nil }
    if ip.hasPrefix("127.") || ip == "::1" || ip.lowercased().hasPrefix("::ffff:127.") {
      return nil
    }
    if trustedProxy?.trusts(remote) == true { return nil }
    return ClientAddress(remote)
  }

  /// A client's share of `most` connections, unless set: an eighth, and at least 64, more
  /// than a browser opens for its pages and requests.
  static func share(of most: Int) -> Int { max(most / 8, 64) }

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
