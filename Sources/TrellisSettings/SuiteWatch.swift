import Foundation
import Trellis

/// Looks at a user-defaults suite for writes other processes make (another server on the same
/// suite, `trellis edit`, the app itself), and calls `changed` when there may be one.
///
/// Where this process can know the suite's file (Linux, or a suite named by a path), it looks
/// at the file every ``interval``: its identity (a save replaces it), size and modification
/// time. On Apple platforms, where the system keeps suites, it follows
/// `UserDefaults.didChangeNotification`. It stops when it is released.
final class SuiteWatch: Sendable {
  /// How often the suite's file is looked at.
  static let interval = Duration.milliseconds(500)

  private let timer: RepeatingTimer?
  // Set once, here, and only removed in deinit.
  nonisolated(unsafe) private let observer: (any NSObjectProtocol)?

  init(file: URL?, changed: @escaping @Sendable () -> Void) {
    if let file {
      observer = nil
      let last = Locked(Self.signature(of: file))
      timer = RepeatingTimer(every: Self.interval, label: "trellis.settings.suite-watch") {
        let now = Self.signature(of: file)
        let isNew = last.withLock { last in
          defer { last = now }
          return last != now
        }
        if isNew { changed() }
      }
    } else {
      timer = nil
      #if canImport(Darwin)
        observer = NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: nil, queue: nil
        ) { _ in changed() }
      #else
        observer = nil
      #endif
    }
  }

  deinit {
    if let observer { NotificationCenter.default.removeObserver(observer) }
  }

  /// What tells one version of `file` from the next; empty while there is no file.
  static func signature(of file: URL) -> [String] {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
      return []
    }
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate
    return [
      "\(attributes[.systemFileNumber] ?? "")", "\(attributes[.size] ?? "")",
      "\(modified ?? 0)",
    ]
  }
}
