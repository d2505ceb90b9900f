import Foundation
import TrellisValues

/// Runs a program to its end, with a deadline, for tests that start a second process.
///
/// A child that outlives its deadline is terminated and reported as timed out, so that a
/// hanging child fails its test instead of stalling the whole run.
///
/// ```swift
/// let result = try ChildProcess.run(binary, arguments: ["validate", "table.json"])
/// #expect(result.status == 0 && !result.timedOut)
/// ```
public enum ChildProcess {
  /// What a run printed, and how it ended.
  public struct Result: Sendable {
    /// The exit status (or the signal that ended it).
    public var status: Int32
    /// Everything written to standard output.
    public var output: String
    /// Everything written to standard error.
    public var errors: String
    /// Whether the child was terminated for running past its deadline.
    public var timedOut: Bool
    /// How long the child ran, from its start to its end: unlike the caller's own clock, it
    /// leaves out any wait for the caller to run again.
    public var duration: Duration = .zero
  }

  /// Runs `executable` like ``run(_:arguments:environment:directory:timeout:)``, waiting for
  /// it on a thread of its own: a test waiting on the cooperative pool would hold one of its
  /// few threads for as long as the child runs, and the tests beside it would starve.
  public static func run(
    _ executable: URL, arguments: [String], environment: [String: String]? = nil,
    directory: URL? = nil, timeout: TimeInterval = 120
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Swift.Result {
            try run(
              executable, arguments: arguments, environment: environment,
              directory: directory, timeout: timeout) as Result
          })
      }.start()
    }
  }

  /// Runs `executable` with `arguments` and waits at most `timeout` seconds for it to end.
  ///
  /// - Parameters:
  ///   - environment: The child's environment; the parent's when `nil`.
  ///   - directory: The working directory; the parent's when `nil`.
  public static func run(
    _ executable: URL, arguments: [String], environment: [String: String]? = nil,
    directory: URL? = nil, timeout: TimeInterval = 120
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let started = ContinuousClock.now
    try process.run()

    let timedOut = Locked(false)
    let watchdog = DispatchWorkItem {
      guard process.isRunning else { return }
      timedOut.withLock { $0 = true }
      process.terminate()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    // Read both pipes to their end at once, so that neither fills up and blocks the child; on
    // a thread of its own, since a busy test process can hold every thread of Dispatch's
    // global queues for longer than the child runs.
    let errorData = Locked(Data())
    let errorsRead = DispatchSemaphore(value: 0)
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorData.withLock { $0 = data }
      errorsRead.signal()
    }.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    errorsRead.wait()
    process.waitUntilExit()
    watchdog.cancel()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self),
      timedOut: timedOut.withLock { $0 }, duration: ContinuousClock.now - started)
  }
}
