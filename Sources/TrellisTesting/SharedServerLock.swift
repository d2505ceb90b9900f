import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock that tests sharing one server hold while they reset and read it.
///
/// Suites run in parallel, and suites in other test targets share the process (or run in
/// another one): a test that resets a shared server's database in the middle of another's
/// edits would make the other fail. Holding this lock, named after the server, for the whole
/// test keeps such tests one at a time. It is an advisory file lock in the temporary
/// directory, so it holds across processes too.
public enum SharedServerLock {
  /// Runs `body` holding the lock named `name`, waiting for it while another test holds it.
  public static func holding<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-test-\(name).lock").path
    let descriptor = open(path, O_CREAT | O_RDWR, 0o644)
    guard descriptor >= 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      try await Task.sleep(for: .milliseconds(20))
    }
    defer { flock(descriptor, LOCK_UN) }
    return try await body()
  }
}
