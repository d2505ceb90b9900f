import Trellis

extension HeadlessHost {
  /// Processes the model's changes until `condition` holds, for at most `timeout`; whether it
  /// came to hold.
  ///
  /// The condition is checked after each processing, which runs at once and then whenever the
  /// model wakes (a page arrived, a write finished, a store reported a change): for changes
  /// that arrive from elsewhere, with no polling.
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
