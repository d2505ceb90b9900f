import NIOCore
import NIOPosix

/// The serial domain that the hubs of one or more apps run on: one executor, so that apps
/// that share objects (a store, say) never touch them at once.
///
/// A ``WebServer`` makes one domain per distinct ``WebApp/domain`` name; each app's hub runs
/// its sessions, its APIs' store calls and ``WebServer/perform(onApp:_:)`` on its domain's
/// executor, and apps on different domains run side by side.
///
/// A domain runs on a thread of its own (one of ``threads``), not on the shared pool of
/// Swift's tasks: every socket's reading and drawing task runs on that pool, and a domain
/// whose jobs waited there behind hundreds of them would answer every window late, however
/// little work it had.
actor WebDomain {
  /// The name apps give it.
  nonisolated let name: String
  /// The thread whose loop runs the domain's jobs, one at a time.
  private nonisolated let loop: any EventLoop

  /// The threads domains run on, one per core, made once for the process and shared by every
  /// server: domains are spread over them in turn, so that a second server's domains do not
  /// add threads.
  static let threads = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)

  init(name: String) {
    self.name = name
    self.loop = Self.threads.next()
  }

  /// Runs `job` on the domain's thread, after the jobs handed to it before.
  nonisolated func run(_ job: @escaping @Sendable () -> Void) {
    loop.execute(job)
  }

  /// Runs `job` on the domain's thread at `due` (at once when it is past): a timer of the
  /// loop, which waits in no queue of tasks before it runs.
  nonisolated func run(at due: ContinuousClock.Instant, _ job: @escaping @Sendable () -> Void) {
    let wait = ContinuousClock.now.duration(to: due)
    guard wait > .zero else { return run(job) }
    loop.scheduleTask(in: TimeAmount(wait)) { job() }
  }

  /// The loop's thread runs the domain's jobs.
  nonisolated var unownedExecutor: UnownedSerialExecutor {
    loop.executor.asUnownedSerialExecutor()
  }
}
