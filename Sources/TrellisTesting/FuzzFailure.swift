import Trellis

/// What went wrong in a ``UIFuzzer`` run, with everything needed to replay it.
///
/// Its description names the target, the seed and the event, says how to replay the run, and
/// lists the events played, the failing one last.
public struct FuzzFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the run failed. A refusal (``ScreenError``, or input a row's control refuses) is never
  /// one: invalid events are expected to be refused.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// A host got a changeset that UITableView rejects, or that leaves it showing other rows
    /// than its data source has.
    case contract(ContractViolation, screen: String)
    /// After the event, a screen's table does not show what a fresh render of its model shows.
    case mismatch(ContractViolation, screen: String)
    /// The app could not be started.
    case setup(String)
    /// Something other than a refusal was thrown.
    case unexpected(String)

    public var description: String {
      switch self {
      case .contract(let violation, let screen):
        "the host of \(screen) broke UITableView's contract: \(violation)"
      case .mismatch(let violation, let screen):
        "the table of \(screen) is not a fresh render of its model: \(violation)"
      case .setup(let message): "the app did not start: \(message)"
      case .unexpected(let message): "unexpected error: \(message)"
      }
    }
  }

  /// The name of the target played.
  public var target: String
  /// The seed of the run: `UIFuzzer(seed: seed).run(target, events: eventIndex + 1)` replays it.
  public var seed: UInt64
  /// The index of the failing event in the run (-1 when the app did not start).
  public var eventIndex: Int
  /// The events played, the failing one last: ``UIFuzzer/replay(_:on:)`` replays them.
  public var events: [FuzzEvent]
  /// What went wrong.
  public var reason: Reason

  /// Creates a failure.
  public init(target: String, seed: UInt64, eventIndex: Int, events: [FuzzEvent], reason: Reason) {
    self.target = target
    self.seed = seed
    self.eventIndex = eventIndex
    self.events = events
    self.reason = reason
  }

  /// How many of the last events the description lists.
  static let eventsShown = 40

  public var description: String {
    var lines = [
      "UI fuzzer failure: target \"\(target)\", seed \(seed), event \(eventIndex): \(reason)",
      "  replay: UIFuzzer(seed: \(seed)).run(<\"\(target)\">, events: \(eventIndex + 1))",
      "  events:",
    ]
    // The last events, which are the ones that matter; ``events`` keeps them all.
    let shown = max(0, events.count - Self.eventsShown)
    if shown > 0 { lines.append("    … \(shown) earlier events") }
    for (index, event) in events.enumerated().dropFirst(shown) {
      lines.append("    \(index): \(event)")
    }
    return lines.joined(separator: "\n")
  }
}
