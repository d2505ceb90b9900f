import Foundation

/// Wall-clock samples of one measured operation, in seconds.
struct Timing: Sendable {
  var samples: [Double]

  var median: Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  var minimum: Double { samples.min() ?? .nan }

  /// The p-th percentile (0...100), nearest rank.
  func percentile(_ p: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  /// Runs `body` once untimed (a warm-up), then `runs` timed times.
  static func measure(runs: Int, _ body: () -> Void) -> Timing {
    body()
    return Timing(samples: (0..<runs).map { _ in seconds(body) })
  }

  /// Seconds one call of `body` takes.
  static func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}

/// The standard library's figures for one case, or that it was skipped.
struct StdlibTiming: Sendable {
  var skipped: Bool
  var timing: Timing?
  var deletes = 0
  var inserts = 0
  var moves = 0
}

/// Runs one standard-library diff in a child process, and stops it past a limit.
enum StdlibChild {
  static func run(caseName: String, limit: Double) -> (
    seconds: Double, deletes: Int, inserts: Int, moves: Int
  )? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["stdlib-probe", caseName]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    // Generating the input takes a few seconds of its own; the limit is on the diff.
    let deadline = Date().addingTimeInterval(limit + 30)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      return nil
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let fields = text.split(whereSeparator: \.isWhitespace)
    guard fields.count == 4, let seconds = Double(fields[0]), seconds <= limit,
      let deletes = Int(fields[1]), let inserts = Int(fields[2]), let moves = Int(fields[3])
    else { return nil }
    return (seconds, deletes, inserts, moves)
  }
}

/// Peak resident memory of this process above a starting point (Linux `/proc`).
struct MemoryProbe {
  let baseline: Int

  /// Resets the kernel's peak counter and records the current resident size.
  static func start() -> MemoryProbe? {
    guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs") else { return nil }
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    guard let resident = field("VmRSS") else { return nil }
    return MemoryProbe(baseline: resident)
  }

  /// Bytes of peak resident memory above the baseline.
  func peakAbove() -> Int { max((Self.field("VmHWM") ?? baseline) - baseline, 0) }

  /// The resident size now, bytes.
  static var resident: Int? { field("VmRSS") }

  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let parts = line.split(whereSeparator: \.isWhitespace)
      if parts.count >= 2, let kilobytes = Int(parts[1]) { return kilobytes * 1024 }
    }
    return nil
  }
}
