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

  /// This process's resident memory, in bytes.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
