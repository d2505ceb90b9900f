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
    let wakes = WakeSignal()
    var tokens: [ObservationToken] = []
    for store in stores {
      tokens.append(store.observe { _ in wakes.wake() })
      if let link = store.observeLink({ _ in wakes.wake() }) { tokens.append(link) }
    }
    defer { for token in tokens { token.cancel() } }
    return await wakes.until(within: timeout, condition)
  }

  /// Waits until `condition` holds, checking it again whenever one of `stores` reports a
  /// value or a status; whether it came to hold within `timeout`.
  static func until(
    _ stores: SyncedSettingsStore..., within timeout: Duration = .seconds(30),
    _ condition: () -> Bool
  ) async -> Bool {
    let wakes = WakeSignal()
    var tokens: [ObservationToken] = []
    for store in stores {
      tokens.append(store.observe { _ in wakes.wake() })
      tokens.append(store.observeStatus { _ in wakes.wake() })
    }
    defer { for token in tokens { token.cancel() } }
    return await wakes.until(within: timeout, condition)
  }
}
