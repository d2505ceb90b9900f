import Observation
import Trellis

/// An object whose properties are the keys of a ``SyncedKeyValueStore``: what a settings form
/// binds to, as it binds to a ``UserDefaultsObject``.
///
/// Each write goes to the store at once; a key never set reads as its initial value, which also
/// fixes its type. The object is observable key by key: when another copy of the store writes
/// a key, the rows that show it render again, and so does whatever reads ``status``.
public final class SyncedSettingsObject: KeyValueCoding, Observable, Sendable {
  /// The store the values live in.
  public let store: any SyncedKeyValueStore
  /// The keys and their initial values, in order.
  public let initial: ValueDictionary
  private let registrar = ObservationRegistrar()
  private let observations = Locked<[ObservationToken]>([])

  init(store: any SyncedKeyValueStore, initial: ValueDictionary) {
    self.store = store
    self.initial = initial
    let values = store.observe { [weak self] change in self?.changed(change.keys) }
    let status = store.observeStatus { [weak self] _ in self?.statusChanged() }
    observations.withLock { $0 = [values, status] }
  }

  /// Whether the store reaches the others, and how many writes wait: "Offline — 2 changes
  /// waiting". Observable, so that a row showing it follows it.
  public var status: SyncedStoreStatus {
    registrar.access(self, keyPath: \.status)
    return store.status
  }

  public func value(forKey key: String) throws(BindingError) -> Value {
    guard let start = initial[key] else {
      throw .unknownKey(keyPath: key, key: key, on: "the settings")
    }
    registrar.access(self, keyPath: \.[observedKey: key])
    guard let stored = store.value(forKey: key) else { return start }
    return Self.fitted(stored, like: start) ?? start
  }

  public func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    guard let start = initial[key] else {
      throw .unknownKey(keyPath: key, key: key, on: "the settings")
    }
    guard let stored = Self.fitted(value, like: start) else {
      throw .typeMismatch(
        keyPath: key, expected: start.type.description, found: value.type.description)
    }
    let written: Value? = stored.isNull ? nil : stored
    if let violation = store.limitViolation(setting: written, forKey: key) {
      throw .typeMismatch(keyPath: key, expected: violation.limit, found: violation.found)
    }
    do {
      try store.set(written, forKey: key)
    } catch {
      throw .typeMismatch(
        keyPath: key, expected: "a value the synced settings accept", found: error.description)
    }
  }

  public func valueKind(forKey key: String) -> ValueKind? { initial[key]?.inferredKind }

  public var propertyNames: [String] { initial.keys }

  /// What observation tracks for one key: its key path names the key.
  subscript(observedKey key: String) -> Int { 0 }

  /// `value` as a key starting at `start` holds it: a whole number where a double is expected
  /// becomes a double; `nil` when its type is not the key's.
  static func fitted(_ value: Value, like start: Value) -> Value? {
    if case .int(let number) = value, case .double = start { return .double(Double(number)) }
    guard value.isNull || start.isNull || value.type == start.type else { return nil }
    return value
  }

  private func changed(_ keys: Set<String>) {
    for key in keys where initial[key] != nil {
      registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {}
    }
  }

  private func statusChanged() {
    registrar.withMutation(of: self, keyPath: \.status) {}
  }
}
