import Trellis

extension HeadlessHost {
  /// Processes the model's changes until `condition` holds, for at most `timeout`; whether it
  /// came to hold.
  ///
  /// The condition is checked after each processing, which runs at once and then whenever the
  /// model wakes (a page arrived, a write finished, a store reported a change): for changes
  /// that arrive from elsewhere, with no polling.
  ///
  /// The host takes the model's wake handler while it waits, and clears it after: use it for
  /// a host of its own, not for a screen of a ``HeadlessApp``, whose models wake the app
  /// (``HeadlessApp/settle(until:timeout:)``).
  public func settle(
    until condition: () -> Bool, within timeout: Duration = .seconds(30)
  ) async -> Bool {
    let wakes = WakeSignal()
    model.setWakeHandler { wakes.wake() }
    defer { model.setWakeHandler(nil) }
    return await wakes.until(within: timeout) {
      model.processChanges()
      return condition()
    }
  }
}
