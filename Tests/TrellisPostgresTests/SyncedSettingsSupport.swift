import Foundation
import Testing
import TrellisPostgres
import TrellisSettings
import TrellisTesting

/// Stores of one fresh table, standing for servers, and ways to wait for what they do.
enum SyncedSettingsSupport {
  /// A started store of `person`'s settings in `namespace` of `table`, that retries quickly.
  static func store(
    _ url: String, table: String, person: String = "ada", namespace: String = "app",
    cacheFile: URL? = nil
  ) -> SyncedSettingsStore? {
    do {
      let store = try SyncedSettingsStore(
        url: url, person: person, namespace: namespace, table: table, cacheFile: cacheFile,
        timeout: .seconds(30), retryDelay: .milliseconds(200))
      store.start()
      return store
    } catch {
      Issue.record("the store could not be made: \(error)")
      return nil
    }
  }
}

extension SyncedSettingsSupport {
  /// Writes the key `fence` on `writer`, then waits until `recorder`'s store hears of it;
  /// whether it did. Notifications arrive in commit order, so whatever was committed before
  /// the fence has arrived by then, and what has not been heard will not be.
  static func fence(_ recorder: ChangeRecorder, by writer: SyncedSettingsStore) async throws
    -> Bool
  {
    try writer.set(.string(UUID().uuidString), forKey: "fence")
    return await recorder.wakes.until { !recorder.of("fence").isEmpty }
  }
}

/// The changes a store reported, kept from any thread.
final class ChangeRecorder: Sendable {
  private let changes = Locked<[SyncedKeyValueChange]>([])
  private let token = Locked<ObservationToken?>(nil)
  /// Woken at each change recorded.
  let wakes = WakeSignal()

  /// Records the changes of `store` from now on.
  init(_ store: some SyncedKeyValueStore) {
    let observation = store.observe { [changes, wakes] change in
      changes.withLock { $0.append(change) }
      wakes.wake()
    }
    token.withLock { $0 = observation }
  }

  /// Every change so far.
  var all: [SyncedKeyValueChange] { changes.withLock { $0 } }

  /// The changes of `key` so far.
  func of(_ key: String) -> [SyncedKeyValueChange] { all.filter { $0.keys.contains(key) } }
}
