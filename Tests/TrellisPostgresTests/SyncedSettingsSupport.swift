import Foundation
import Testing
import TrellisPostgres
import TrellisSettings

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

  /// Waits until `condition` holds, for at most `timeout`; whether it came to hold.
  ///
  /// The default is the stores' own timeout: the PostgreSQL suites run side by side, and a
  /// fill of a million rows beside them can hold the server for seconds.
  @discardableResult
  static func eventually(
    within timeout: Duration = .seconds(30), _ condition: () -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
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
    return await eventually { !recorder.of("fence").isEmpty }
  }
}

/// The changes a store reported, kept from any thread.
final class ChangeRecorder: Sendable {
  private let changes = Locked<[SyncedKeyValueChange]>([])
  private let token = Locked<ObservationToken?>(nil)

  /// Records the changes of `store` from now on.
  init(_ store: some SyncedKeyValueStore) {
    let observation = store.observe { [changes] change in
      changes.withLock { $0.append(change) }
    }
    token.withLock { $0 = observation }
  }

  /// Every change so far.
  var all: [SyncedKeyValueChange] { changes.withLock { $0 } }

  /// The changes of `key` so far.
  func of(_ key: String) -> [SyncedKeyValueChange] { all.filter { $0.keys.contains(key) } }
}
