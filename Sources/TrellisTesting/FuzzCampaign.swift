import Trellis

/// Runs the ``UIFuzzer`` over many targets: each target's share of events is played in short
/// runs on new apps, each run from its own seed, and every failure is kept.
///
/// Short runs start often from a known state and keep the events of a failure few; the seed
/// of every run comes from the campaign's seed, the target's name and the run's number, so a
/// campaign plays the same events every time.
///
/// ```swift
/// let summary = FuzzCampaign(seed: 1).run(targets, events: 1_000_000)
/// print(summary)
/// ```
public struct FuzzCampaign: Sendable {
  /// The seed every run's seed comes from.
  public var seed: UInt64
  /// The number of events of each run, at most.
  public var runLength: Int

  /// Creates a campaign.
  public init(seed: UInt64 = 1, runLength: Int = 200) {
    self.seed = seed
    self.runLength = max(1, runLength)
  }

  /// What a campaign, or part of one, did.
  public struct Summary: Sendable, CustomStringConvertible {
    /// The events played.
    public var events = 0
    /// The events refused, as expected of invalid ones.
    public var refusals = 0
    /// The runs, each on a new app.
    public var runs = 0
    /// Every failure, one per failing run.
    public var failures: [FuzzFailure] = []
    /// The time spent playing, in seconds.
    public var seconds = 0.0

    /// Creates an empty summary.
    public init() {}

    /// Events per second.
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }

    /// Adds what `other` did.
    public mutating func add(_ other: Summary) {
      events += other.events
      refusals += other.refusals
      runs += other.runs
      failures += other.failures
      seconds += other.seconds
    }

    mutating func add(_ report: UIFuzzer.Report) {
      events += report.events.count
      refusals += report.refusals
      runs += 1
      if let failure = report.failure { failures.append(failure) }
    }

    public var description: String {
      "\(events) events in \(runs) runs, \(refusals) refused, \(failures.count) failures"
    }
  }

  /// The seed of run `index` of the target named `target`.
  public func seed(ofRun index: Int, target: String) -> UInt64 {
    // FNV-1a of the name, mixed with the campaign's seed and the run's number.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in target.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    var mixer = SeededRandom(seed: seed ^ hash ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
    return mixer.next()
  }

  /// Plays `events` events on `target`, in runs of ``runLength``.
  public func run(_ target: FuzzTarget, events: Int) -> Summary {
    var summary = Summary()
    let clock = ContinuousClock()
    let start = clock.now
    var index = 0
    while summary.events < events {
      let length = min(runLength, events - summary.events)
      let fuzzer = UIFuzzer(seed: seed(ofRun: index, target: target.name))
      let report = fuzzer.run(target, events: length)
      summary.add(report)
      index += 1
      // An app that does not start fails every run alike: once is enough.
      if report.events.isEmpty { break }
    }
    let elapsed = clock.now - start
    summary.seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return summary
  }

  /// Plays `events` events in all, shared evenly among `targets`; `progress` hears about each
  /// target when it is done.
  public func run(
    _ targets: [FuzzTarget], events: Int, progress: ((FuzzTarget, Summary) -> Void)? = nil
  ) -> Summary {
    var total = Summary()
    guard !targets.isEmpty else { return total }
    for (position, target) in targets.enumerated() {
      let share = events / targets.count + (position < events % targets.count ? 1 : 0)
      let summary = run(target, events: share)
      progress?(target, summary)
      total.add(summary)
    }
    return total
  }
}
