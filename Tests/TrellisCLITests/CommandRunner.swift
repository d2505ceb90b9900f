import Foundation
import Testing
import TrellisTesting

/// Runs the built `trellis` binary and compares its output with expected files.
struct CommandRunner {
  /// What a run printed, and how it ended.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
    /// How long the run took, from the child's start to its end.
    var duration: Duration = .zero
  }

  /// The directory of this test target's sources.
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  /// The seed fixtures shared with the library tests.
  static let fixtures = testsDirectory.deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  /// Files that hold mistakes on purpose.
  static let inputs = testsDirectory.appendingPathComponent("Inputs")
  /// The expected outputs.
  static let expected = testsDirectory.appendingPathComponent("Expected")

  /// The `trellis` executable, in the build products directory next to the test bundle.
  static func binary() throws -> URL {
    var directory = Bundle.main.bundleURL
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directory = bundle.bundleURL
    }
    var candidates = [directory.deletingLastPathComponent().appendingPathComponent("trellis")]
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent("trellis"))
      candidates.append(
        executable.deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("trellis"))
    }
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "no trellis binary among \(candidates.map(\.path))")
  }

  /// Runs `trellis` with `arguments` in `directory`; a run past a minute fails the test.
  static func run(_ arguments: [String], in directory: URL = fixtures) async throws -> Result {
    let result = try await ChildProcess.run(
      try binary(), arguments: arguments, directory: directory, timeout: 60)
    #expect(!result.timedOut, "trellis \(arguments.joined(separator: " ")) did not end in time")
    return Result(
      status: result.status, output: result.output, errors: result.errors,
      duration: result.duration)
  }

  /// Starts `trellis` with `arguments` (a `serve` command) in the fixtures, runs `body` with
  /// the address it prints once it listens, then stops it. A server that prints no address
  /// within 30 seconds fails the test.
  static func serving<T>(
    _ arguments: [String], _ body: (String) async throws -> T
  ) async throws -> T {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.currentDirectoryURL = fixtures
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let printed = try #require(Self.address(from: output.fileHandleForReading))
    return try await body(printed)
  }

  /// The address a server prints when it listens (`trellis serve: http://...`), read within
  /// 30 seconds.
  static func address(from handle: FileHandle) -> String? {
    var text = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let data = handle.availableData
      guard !data.isEmpty else { return nil }
      text += String(decoding: data, as: UTF8.self)
      if let start = text.range(of: "http://"),
        let end = text[start.lowerBound...].firstIndex(where: \.isWhitespace)
      {
        return String(text[start.lowerBound..<end])
      }
    }
    return nil
  }

  /// The text of the expected file `name`.
  static func expectedText(_ name: String) throws -> String {
    try String(contentsOf: expected.appendingPathComponent(name), encoding: .utf8)
  }
}
