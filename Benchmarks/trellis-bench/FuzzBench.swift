import ArgumentParser
import Foundation
import TrellisFuzzTargets
import TrellisTesting

/// `trellis-bench fuzz`: the UI fuzzer over every app of the catalog, a million events by
/// default, with events per second and the failures, each with the seed that replays it.
struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract:
      "Random user events, valid and invalid, over every demo app, descriptor fixture, form, "
      + "list, selection and document screen; fails on any broken contract or stale table.")

  @Option(help: "Events to play in all, shared evenly among the targets.")
  var events = 1_000_000

  @Option(help: "The campaign's seed; every run's seed comes from it.")
  var seed: UInt64 = 1

  @Option(help: "Events per run: each run starts a new app.")
  var runLength = 200

  @Option(help: "Only the targets whose names contain this text.")
  var only: String?

  @Option(
    help: ArgumentHelp(
      "Replay one run of this target instead: the run of --seed, for --events events, "
        + "printing its failure in full.", valueName: "target"))
  var replay: String?

  @Option(
    help: ArgumentHelp(
      "With --replay: play the run this many times, for a failure that depends on timing.",
      valueName: "count"))
  var repeatCount = 1

  @Flag(help: "Print one JSON line per target instead of a table.")
  var json = false

  func run() throws {
    if let replay {
      try self.replay(replay)
      return
    }
    let targets = FuzzCatalog.all().filter { target in only.map { target.name.contains($0) } ?? true
    }
    guard !targets.isEmpty else { throw ValidationError("no target's name contains \(only ?? "")") }
    let campaign = FuzzCampaign(seed: seed, runLength: runLength)
    if !json {
      say(
        "fuzz: \(events) events over \(targets.count) targets, seed \(seed), runs of \(runLength)")
    }
    let total = campaign.run(targets, events: events) { target, summary in
      if json {
        say(
          "{\"target\":\"\(target.name)\",\"events\":\(summary.events),\"runs\":\(summary.runs),"
            + "\"refusals\":\(summary.refusals),\"failures\":\(summary.failures.count),"
            + "\"eventsPerSecond\":\(Int(summary.eventsPerSecond))}")
      } else {
        let name = target.name.padding(toLength: 48, withPad: " ", startingAt: 0)
        say(
          "  \(name) \(String(format: "%8d", summary.events)) events "
            + "\(String(format: "%8.0f", summary.eventsPerSecond))/s  "
            + "\(summary.failures.count) failures")
      }
    }
    for failure in total.failures.prefix(10) {
      say("\n\(failure)")
      say(
        "  or: trellis-bench fuzz --replay '\(failure.target)' --seed \(failure.seed) "
          + "--events \(failure.eventIndex + 1)")
    }
    if total.failures.count > 10 { say("\n… \(total.failures.count - 10) more failures") }
    say(
      "\ntotal: \(total.events) events in \(String(format: "%.1f", total.seconds)) s, "
        + "\(String(format: "%.0f", total.eventsPerSecond)) events/s, \(total.runs) runs, "
        + "\(total.refusals) refused, \(total.failures.count) failures")
    if !total.failures.isEmpty { throw ExitCode.failure }
  }

  /// Plays one run of `name` from ``seed`` and prints how it ended.
  private func replay(_ name: String) throws {
    guard let target = FuzzCatalog.target(named: name) else {
      throw ValidationError(
        "no target named \(name); targets: \(FuzzCatalog.names.joined(separator: ", "))")
    }
    var failures: [FuzzFailure] = []
    var played = 0
    for _ in 0..<max(1, repeatCount) {
      let report = UIFuzzer(seed: seed).run(target, events: events)
      played = report.events.count
      if let failure = report.failure { failures.append(failure) }
    }
    guard let failure = failures.first else {
      say("\(name), seed \(seed): no failure in \(played) events, \(max(1, repeatCount)) times")
      return
    }
    if repeatCount > 1 { say("failed \(failures.count) of \(repeatCount) times; the first:") }
    say(failure.description)
    say("all events:")
    for (index, event) in failure.events.enumerated() { say("  \(index): \(event)") }
    throw ExitCode.failure
  }
}

/// Writes a line to standard output at once (`print` holds it back when the output is a pipe
/// or a file): a long campaign shows each target as it ends.
private func say(_ line: String = "") {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
