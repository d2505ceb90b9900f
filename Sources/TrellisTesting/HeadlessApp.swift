import Trellis

/// A whole app without a screen: a ``Navigator`` whose every screen is shown by a
/// ``HeadlessHost``, driven by the same events a person's taps send.
///
/// ```swift
/// let app = HeadlessApp(navigator: navigator)
/// try app.send(.add(section: nil))
/// try app.enter("Buy milk", at: "Name")
/// try app.send(.done)
/// ```
public final class HeadlessApp {
  /// The navigator driven.
  public let navigator: Navigator
  /// How long a host gives its model to reload a row another thread changed: see
  /// ``HeadlessHost/settleTimeout``.
  public let settleTimeout: Duration
  private var hosts: [ObjectIdentifier: HeadlessHost] = [:]
  /// What the models call when something changed on another thread.
  private let wakes: WakeSignal

  /// Starts showing the navigator's screens.
  ///
  /// - Parameters:
  ///   - settleTimeout: How long each host gives its model to catch up with a value another
  ///     thread changed; zero for an app whose values change only on the caller's thread.
  ///   - wakes: The signal the app's models wake. Apps given one signal can be awaited
  ///     together: a test of several windows waits on it for whichever changes next.
  public init(
    navigator: Navigator, settleTimeout: Duration = .seconds(2), wakes: WakeSignal = WakeSignal()
  ) {
    self.navigator = navigator
    self.settleTimeout = settleTimeout
    self.wakes = wakes
    _ = host(for: navigator.top)
  }

  /// The screen on top.
  public var top: Screen { navigator.top }

  /// The host showing `screen`, created on first use.
  public func host(for screen: Screen) -> HeadlessHost {
    let key = ObjectIdentifier(screen.model)
    if let host = hosts[key] { return host }
    let host = HeadlessHost(model: screen.model)
    host.settleTimeout = settleTimeout
    let wakes = wakes
    screen.model.setWakeHandler { wakes.wake() }
    hosts[key] = host
    return host
  }

  /// The host showing the top screen.
  public var host: HeadlessHost { host(for: top) }

  /// The top screen's rows' texts, section by section.
  public var texts: [[String]] { host.texts }

  /// Sends an event to the top screen (or the detail pane), then checks every host.
  public func send(_ event: ScreenEvent, onDetail: Bool = false) throws {
    var failure: ScreenError?
    do { try navigator.handle(event, onDetail: onDetail) } catch { failure = error }
    for screen in navigator.stack + [navigator.detail].compactMap({ $0 }) {
      try host(for: screen).check()
    }
    if let failure { throw failure }
  }

  /// Drags a row on the top screen the way a person does in UITableView (see
  /// ``HeadlessHost/drag(from:to:handle:)``), then checks every host.
  public func drag(from source: ItemPath, to destination: ItemPath) throws {
    var failure: (any Error)?
    do {
      try host.drag(from: source, to: destination) { event in try navigator.handle(event) }
    } catch { failure = error }
    for screen in navigator.stack + [navigator.detail].compactMap({ $0 }) {
      try host(for: screen).check()
    }
    if let failure { throw failure }
  }

  /// The index path of the first visible row whose text is `text`, on the top screen.
  public func path(of text: String, onDetail: Bool = false) -> ItemPath? {
    guard let screen = onDetail ? navigator.detail : top else { return nil }
    let snapshot = screen.model.snapshot
    for (s, section) in snapshot.sections.enumerated() {
      if let row = section.items.firstIndex(where: { $0.text == text }) {
        return ItemPath(item: row, section: s)
      }
    }
    return nil
  }

  /// The identity of the row the top screen (or the detail pane) shows at `path`, for events
  /// that name rows; for a place where no row is shown, an identity no row has, which the
  /// core refuses (``ScreenError/rowGone(_:)``).
  public func rowID(at path: ItemPath, onDetail: Bool = false) -> RowID {
    let screen = onDetail ? navigator.detail : top
    return screen?.model.rowID(at: path) ?? .notShown(at: path)
  }

  /// The row whose text is `text`, on the top screen.
  public func row(_ text: String) -> RowSnapshot? {
    guard let path = path(of: text) else { return nil }
    return top.model.snapshot.sections[path.section].items[path.item]
  }

  /// Taps the row whose text is `text`.
  public func tap(_ text: String) throws {
    guard let path = path(of: text) else { throw HeadlessAppError.noRow(text, texts) }
    try send(.select(rowID(at: path)))
  }

  /// Enters `value` into the row whose text is `text`.
  public func enter(_ value: Value, at text: String) throws {
    guard let path = path(of: text) else { throw HeadlessAppError.noRow(text, texts) }
    try send(.setValue(rowID(at: path), value))
  }
}

/// A row the test asked for is not on the screen.
public enum HeadlessAppError: Error, CustomStringConvertible {
  case noRow(String, [[String]])
  /// ``HeadlessApp/settle(timeout:)`` waited too long.
  case timedOut(String)

  public var description: String {
    switch self {
    case .noRow(let text, let texts): "no row '\(text)' on the screen; rows: \(texts)"
    case .timedOut(let what): what
    }
  }
}

extension HeadlessApp {
  /// Processes changes until nothing any screen waits for is under way (async stores' loads
  /// and writes, Done's background commits), checking every host after each round.
  ///
  /// The background work runs on the cooperative thread pool, which the tests running beside
  /// share: in a full unit run on two cores, a suite's tasks wait up to three minutes for a
  /// thread. The default timeout is longer than that, so only work that never ends fails.
  ///
  /// - Throws: ``HeadlessAppError/timedOut(_:)`` when work is still under way after
  ///   `timeout`, or the contract violation a host found.
  public func settle(timeout: Duration = .seconds(300)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      navigator.processChanges()
      let screens = navigator.stack + [navigator.detail].compactMap({ $0 })
      for screen in screens { try host(for: screen).check() }
      let busy = screens.contains { $0.model.hasWorkUnderWay || $0.model.hasPendingChanges }
      if !busy { return }
      guard clock.now < deadline else {
        throw HeadlessAppError.timedOut("work still under way after \(timeout)")
      }
      await wakes.wait(atMost: .milliseconds(100))
    }
  }

  /// Processes changes until `condition` holds and nothing is under way: for changes that
  /// arrive from elsewhere (another server's write), which no screen is waiting for.
  ///
  /// - Throws: ``HeadlessAppError/timedOut(_:)`` when `condition` still fails after `timeout`,
  ///   or the contract violation a host found.
  public func settle(
    until condition: () -> Bool, timeout: Duration = .seconds(30)
  ) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      try await settle(timeout: timeout)
      if condition() { return }
      guard clock.now < deadline else {
        throw HeadlessAppError.timedOut("the condition still fails after \(timeout): \(texts)")
      }
      await wakes.wait(atMost: .milliseconds(100))
    }
  }
}

extension HeadlessApp {
  /// Waits until `condition` holds, checking it now and each time one of the app's models
  /// wakes, for at most `timeout`; whether it came to hold.
  ///
  /// Nothing is processed but what `condition` processes itself: for a test that lets some
  /// screens catch up and not others.
  public func wait(until condition: () -> Bool, timeout: Duration = .seconds(30)) async -> Bool {
    await wakes.until(within: timeout, condition)
  }
}

extension RowID {
  /// An identity no row has, for an event aimed at a place where no row is shown: the core
  /// refuses it (``ScreenError/rowGone(_:)``).
  static func notShown(at path: ItemPath) -> RowID {
    RowID(scope: "not shown", .string("\(path)"))
  }
}
