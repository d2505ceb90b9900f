import Trellis

/// The host's loop on a terminal: draw, wait for a key (or a resize, or background work), take
/// it, draw what changed.
extension TerminalHost {
  /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
  static let escapeWait = 40

  /// Shows the navigator's screens on `device` until the person quits (or goes back from the
  /// first screen with ``leavesOnRootBack``, or ``stop()`` is called); returns why.
  @discardableResult
  public func run(on device: some TerminalDevice) -> Exit {
    exit = nil
    size = device.size
    var writer = FrameWriter()
    var decoder = KeyDecoder()
    while exit == nil {
      draw(on: device, writer: &writer)
      // Background work (a store's page, a write's answer) wakes the loop to draw it.
      for screen in navigator.stack { screen.model.setWakeHandler(device.wake) }
      let waitingForSequence = decoder.isWaiting
      let busy = navigator.stack.contains { $0.model.hasWorkUnderWay || $0.model.hasPendingChanges }
      let timeout: Int? =
        waitingForSequence ? Self.escapeWait : busy ? 50 : refresh == nil ? nil : 1000
      let input = device.next(waitingAtMost: timeout)
      refreshIfDue()
      switch input {
      case .bytes(let bytes):
        for key in decoder.decode(bytes) where exit == nil { handle(key) }
      case .timedOut:
        for key in decoder.flush() where exit == nil { handle(key) }
      case .resized:
        size = device.size
        writer.invalidate()
      case .woken:
        break
      case .closed:
        exit = .quit
      }
    }
    for screen in navigator.stack { screen.model.setWakeHandler(nil) }
    return exit ?? .quit
  }

  /// Runs ``refresh`` when a second has passed since it last ran.
  private func refreshIfDue() {
    guard let refresh, ContinuousClock.now - lastRefresh >= .seconds(1) else { return }
    lastRefresh = .now
    if let said = refresh(), said != status { status = said }
  }

  /// Brings every screen up to date and writes the lines that changed.
  package func draw(on device: some TerminalDevice, writer: inout FrameWriter) {
    navigator.processChanges()
    if needsFullPaint {
      writer.invalidate()
      needsFullPaint = false
    }
    let output = writer.output(for: redraw())
    if !output.isEmpty { device.write(output) }
  }

  /// The frame, after asking for the batches of lists whose "load more" row came into view.
  package func redraw() -> TerminalFrame {
    var result = frame()
    var rounds = 0
    while !pendingLoads.isEmpty && rounds < 4 {
      let loads = pendingLoads
      pendingLoads.removeAll()
      for section in loads { send(.loadMore(section: section)) }
      result = frame()
      rounds += 1
    }
    pendingLoads.removeAll()
    return result
  }
}
