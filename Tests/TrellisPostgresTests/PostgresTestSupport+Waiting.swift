import Trellis
import TrellisPostgres
import TrellisSettings
import TrellisTesting

extension PostgresTestSupport {
  /// Waits until `condition` holds, checking it again whenever one of `stores` reports a
  /// change or a change of its link; whether it came to hold within `timeout`.
  ///
  /// The default timeout is generous: the PostgreSQL suites share one server, and a fill of a
  /// million rows beside them can hold it for seconds.
  static func until(
    _ stores: PostgresStore..., within timeout: Duration = .seconds(30),
    _ condition: () -> Bool
  ) async -> Bool {
    await until(within: timeout, condition) { wake in
      stores.flatMap { store in
        [store.observe { _ in wake() }] + [store.observeLink { _ in wake() }].compactMap { $0 }
      }
    }
  }

  /// Waits until `condition` holds, checking it again whenever one of `stores` reports a
  /// value or a status; whether it came to hold within `timeout`.
  static func until(
    _ stores: SyncedSettingsStore..., within timeout: Duration = .seconds(30),
    _ condition: () -> Bool
  ) async -> Bool {
    await until(within: timeout, condition) { wake in
      stores.flatMap { store in
        [store.observe { _ in wake() }, store.observeStatus { _ in wake() }]
      }
    }
  }

  /// Waits until `condition` holds, checking it again at each wake of the observations
  /// `observe` makes (and cancels after).
  private static func until(
    within timeout: Duration, _ condition: () -> Bool,
    wokenBy observe: (@escaping @Sendable () -> Void) -> [ObservationToken]
  ) async -> Bool {
    let wakes = WakeSignal()
    let tokens = observe { wakes.wake() }
    defer { for token in tokens { token.cancel() } }
    return await wakes.until(within: timeout, condition)
  }
}
