import Foundation
import Trellis

/// An app for the ``UIFuzzer`` to play with: a name, and how to start it afresh.
///
/// Every run starts a new app, so that a run, and its replay, begin from the same state. An app
/// that keeps data in files asks its ``Setup`` for a temporary directory, which is removed when
/// the run ends.
///
/// ```swift
/// let tasks = FuzzTarget("tasks") { _ in try TasksApp.navigator(tasks: []).0 }
/// let report = UIFuzzer(seed: 7).run(tasks, events: 500)
/// ```
public struct FuzzTarget: Sendable {
  /// The name failures are reported under.
  public let name: String
  /// How long a screen may show a row that another thread changed before its model hears of
  /// it (``HeadlessHost/settleTimeout``): zero for apps whose values change only on the
  /// fuzzer's thread, where any stale row is a failure at once; a moment for an app whose
  /// store writes its objects in the background and reports the change after.
  public let settleTimeout: Duration
  /// Whether every list of the app always loads: its stores are local files or memory, with
  /// no outage to show, so a list that shows a load error (a search its store could not run)
  /// is a failure.
  public let listsAlwaysLoad: Bool
  private let make: @Sendable (Setup) throws -> Navigator

  /// Creates a target whose apps `make` starts.
  public init(
    _ name: String, settleTimeout: Duration = .zero, listsAlwaysLoad: Bool = false,
    make: @escaping @Sendable (Setup) throws -> Navigator
  ) {
    self.name = name
    self.settleTimeout = settleTimeout
    self.listsAlwaysLoad = listsAlwaysLoad
    self.make = make
  }

  /// Starts a new app; `setup` collects what must be cleaned up when the run ends.
  func start(_ setup: Setup) throws -> Navigator {
    try make(setup)
  }

  /// What an app's start needs besides its own code: temporary files, and clean-up.
  public final class Setup {
    private var cleanups: [() -> Void] = []

    init() {}

    /// A new, empty directory, removed with everything in it when the run ends: in memory
    /// where the system has a memory file system (`/dev/shm`), so that a run's many small
    /// writes and syncs do not wait for a disk.
    public func temporaryDirectory() throws -> URL {
      let url = Self.base.appendingPathComponent("trellis-fuzz-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      atEnd { try? FileManager.default.removeItem(at: url) }
      return url
    }

    private static let base: URL = {
      let memory = "/dev/shm"
      if FileManager.default.isWritableFile(atPath: memory) {
        return URL(fileURLWithPath: memory, isDirectory: true)
      }
      return FileManager.default.temporaryDirectory
    }()

    /// Runs `cleanup` when the run ends, after the app is gone.
    public func atEnd(_ cleanup: @escaping () -> Void) {
      cleanups.append(cleanup)
    }

    /// Runs every clean-up, last registered first.
    func finish() {
      for cleanup in cleanups.reversed() { cleanup() }
      cleanups = []
    }
  }
}
