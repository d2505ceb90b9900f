import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's limit on open files, which thousands of sockets need raised.
enum OpenFiles {
  /// Raises the soft limit to `count`, or as far as the hard limit allows.
  static func raiseLimit(to count: Int) {
    var limit = rlimit()
    guard getrlimit(openFilesResource, &limit) == 0 else { return }
    let wanted = rlim_t(count)
    guard limit.rlim_cur < wanted else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    _ = setrlimit(openFilesResource, &limit)
  }

  #if canImport(Glibc)
    private static let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let openFilesResource = RLIMIT_NOFILE
  #endif

}
