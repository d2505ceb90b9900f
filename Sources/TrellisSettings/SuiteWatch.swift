import Dispatch
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
  /// How often the suite's file is looked at, in milliseconds.
  static let interval = 500

  // Each set once, here, and only cancelled or removed in deinit.
  nonisolated(unsafe) private let timer: (any DispatchSourceTimer)?
  nonisolated(unsafe) private let observer: (any NSObjectProtocol)?

  init(file: URL?, changed: @escaping @Sendable () -> Void) {
    if let file {
      observer = nil
      // A timer of its own, not a task: the cooperative pool may be busy with work that
      // blocks, and another process's write would then wait for it.
      let timer = DispatchSource.makeTimerSource(
        queue: DispatchQueue(label: "trellis.settings.suite-watch"))
      let last = Locked(Self.signature(of: file))
      timer.setEventHandler {
        let now = Self.signature(of: file)
        let isNew = last.withLock { last in
          defer { last = now }
          return last != now
        }
        if isNew { changed() }
      }
      let interval = DispatchTimeInterval.milliseconds(Self.interval)
      timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
      timer.resume()
      self.timer = timer
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
    timer?.cancel()
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
