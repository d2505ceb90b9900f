import Trellis
import TrellisDiff

/// Plays random user events, valid and invalid, against an app through ``HeadlessApp``, and
/// checks after each one that every host kept UITableView's contract and that every visible
/// table shows what a fresh render of its model shows.
///
/// Events are chosen for the screen on top (or the detail pane) from the rows its table shows:
/// taps, values of every kind (fitting ones, wrong types, empty, huge, unicode, out of range,
/// impossible dates), entries through the rows' controls, add, delete, moves within and across
/// sections, drags, edit mode, Done, Cancel, Back, search, load more and refresh, and the same
/// at index paths that do not exist. A refusal (``ScreenError``, input a control refuses) is
/// expected; a broken contract, a table that differs from a fresh render, or a trap is a
/// failure.
///
/// A run is fixed by its seed: the same seed plays the same events on a new app of the same
/// target, so a failure is replayed with `UIFuzzer(seed:).run(_:events:)`, or from its events
/// with ``replay(_:on:)``.
///
/// ```swift
/// let report = UIFuzzer(seed: 42).run(target, events: 1_000)
/// if let failure = report.failure { print(failure) }
/// ```
public final class UIFuzzer {
  /// The seed every run of this fuzzer starts from.
  public let seed: UInt64
  var random: SeededRandom

  /// Creates a fuzzer whose runs play the events `seed` chooses.
  public init(seed: UInt64) {
    self.seed = seed
    random = SeededRandom(seed: seed)
  }

  /// What one run did.
  public struct Report: Sendable {
    /// The name of the target played.
    public var target: String
    /// The seed of the run.
    public var seed: UInt64
    /// The events played, in order (up to the failing one).
    public var events: [FuzzEvent] = []
    /// How many events were refused, as expected of invalid ones.
    public var refusals = 0
    /// What went wrong, if anything.
    public var failure: FuzzFailure?
  }

  /// Starts a new app of `target` and plays `count` random events on it, checking after each;
  /// the run stops at the first failure.
  public func run(_ target: FuzzTarget, events count: Int) -> Report {
    random = SeededRandom(seed: seed)
    return play(target, count: count) { app, _ in self.nextEvent(in: app) }
  }

  /// Starts a new app of `target` and plays `events` on it, as a failing run played them.
  public static func replay(_ events: [FuzzEvent], on target: FuzzTarget, seed: UInt64 = 0)
    -> Report
  {
    UIFuzzer(seed: seed).play(target, count: events.count) { _, index in events[index] }
  }

  private func play(
    _ target: FuzzTarget, count: Int, next: (HeadlessApp, Int) -> FuzzEvent
  ) -> Report {
    FuzzTrapReport.install()
    let setup = FuzzTarget.Setup()
    let trace = FuzzTrapReport.begin(target: target.name, seed: seed)
    // The app is gone when `playApp` returns: only then are its files removed.
    let report = playApp(target, setup: setup, count: count, trace: trace, next: next)
    FuzzTrapReport.end(trace)
    setup.finish()
    return report
  }

  private func playApp(
    _ target: FuzzTarget, setup: FuzzTarget.Setup, count: Int, trace: Int,
    next: (HeadlessApp, Int) -> FuzzEvent
  ) -> Report {
    var report = Report(target: target.name, seed: seed)
    report.events.reserveCapacity(count)
    func fail(_ index: Int, _ reason: FuzzFailure.Reason) -> Report {
      report.failure = FuzzFailure(
        target: target.name, seed: seed, eventIndex: index, events: report.events, reason: reason)
      return report
    }
    let app: HeadlessApp
    // Most targets change values only on this thread: stale content is a failure at once.
    do {
      app = HeadlessApp(navigator: try target.start(setup), settleTimeout: target.settleTimeout)
    } catch {
      return fail(-1, .setup("\(error)"))
    }
    if let reason = checkScreens(of: app, listsAlwaysLoad: target.listsAlwaysLoad) {
      return fail(-1, reason)
    }
    for index in 0..<count {
      let event = next(app, index)
      report.events.append(event)
      FuzzTrapReport.note(trace, event: index)
      switch apply(event, to: app) {
      case .accepted: break
      case .refused: report.refusals += 1
      case .failed(let reason): return fail(index, reason)
      }
      if let reason = checkScreens(of: app, listsAlwaysLoad: target.listsAlwaysLoad) {
        return fail(index, reason)
      }
    }
    return report
  }

  // MARK: Events

  /// How an event ended.
  enum Outcome {
    case accepted
    case refused
    case failed(FuzzFailure.Reason)
  }

  /// Plays `event`; ``HeadlessApp`` checks every host's contract as it goes.
  func apply(_ event: FuzzEvent, to app: HeadlessApp) -> Outcome {
    do {
      switch event {
      case .send(let screenEvent, let onDetail):
        try app.send(screenEvent, onDetail: onDetail)
      case .enter(let input, let path, let over, let onDetail):
        guard let screen = onDetail ? app.navigator.detail : app.top,
          let row = Self.row(at: path, in: app.host(for: screen).table.visible)
        else { return .refused }
        try app.send(.enter(row.id, input, over: over), onDetail: onDetail)
      case .drag(let source, let destination):
        try app.drag(from: source, to: destination)
      }
      return .accepted
    } catch is ScreenError {
      return .refused
    } catch let violation as ContractViolation {
      return .failed(contractFailure(in: app) ?? .contract(violation, screen: "a screen"))
    } catch {
      return .failed(.unexpected("\(type(of: error)): \(error)"))
    }
  }

  /// The first violation a shown screen's host recorded, naming the screen.
  private func contractFailure(in app: HeadlessApp) -> FuzzFailure.Reason? {
    let navigator = app.navigator
    for screen in navigator.stack + [navigator.detail].compactMap({ $0 }) {
      if let violation = app.host(for: screen).violations.first {
        return .contract(violation, screen: describe(screen, in: navigator))
      }
    }
    return nil
  }

  static func row(at path: ItemPath, in table: [SnapshotSection<SectionSnapshot, RowSnapshot>])
    -> RowSnapshot?
  {
    guard table.indices.contains(path.section),
      table[path.section].items.indices.contains(path.item)
    else { return nil }
    return table[path.section].items[path.item]
  }

  // MARK: Checks

  /// Checks every visible screen: its host kept the contract, its table shows a fresh render
  /// of its model, and the screen can be drawn; when `listsAlwaysLoad`, no list shows a load
  /// error.
  func checkScreens(of app: HeadlessApp, listsAlwaysLoad: Bool) -> FuzzFailure.Reason? {
    let navigator = app.navigator
    for (_, screen) in navigator.visibleScreens {
      if listsAlwaysLoad,
        let message = screen.model.sections.lazy.compactMap({
          ($0 as? ArrayOfObjectsSection)?.loadState.errorMessage
        }).first
      {
        return .unexpected("a list on \(describe(screen, in: navigator)) shows \"\(message)\"")
      }
      let host = app.host(for: screen)
      do { try host.check() } catch {
        return .contract(error, screen: describe(screen, in: navigator))
      }
      do { try host.verifyFresh() } catch {
        return .mismatch(error, screen: describe(screen, in: navigator))
      }
      _ = screen.snapshot()
    }
    return nil
  }

  /// A screen as failures name it: its place and its title.
  func describe(_ screen: Screen, in navigator: Navigator) -> String {
    let title = screen.title.map { " \"\($0)\"" } ?? ""
    if screen === navigator.detail { return "the detail screen\(title)" }
    let index = navigator.stack.firstIndex { $0 === screen } ?? -1
    return "screen \(index + 1) of \(navigator.stack.count)\(title)"
  }
}
