import Foundation
import Observation
import Trellis

/// An object whose properties are the keys of a `UserDefaults` suite: what a settings form
/// binds to. Each write goes straight to the defaults; a key never set reads as its registered
/// default, or else as its initial value, which also fixes its type.
///
/// The object is observable key by key: every screen bound to it (each window of a web app
/// shares one) shows a write as soon as it is made, and a write another process made to the
/// suite (another server, `trellis edit`, the app itself) within about a second
/// (``refresh()``).
// Sound: its stored properties are constants or locked, and `UserDefaults` is documented
// thread-safe.
public final class UserDefaultsObject: KeyValueCoding, Observable, @unchecked Sendable {
  let defaults: UserDefaults
  /// The store's registered defaults (``UserDefaultsStore/registerDefaults(_:)``).
  let registered: Locked<ValueDictionary>
  /// The keys and their initial values, in order.
  public let initial: ValueDictionary
  let registrar = ObservationRegistrar()
  /// Each key's value when it was last read or written here, so that ``refresh()`` tells
  /// only of the keys another process changed.
  let seen = Locked<[String: Value]>([:])
  /// Looks at the suite for other processes' writes while the object lives; set once, in
  /// `init`, as soon as the object can be named in it.
  private var watch: SuiteWatch?

  init(
    defaults: UserDefaults, registered: Locked<ValueDictionary>, initial: ValueDictionary,
    suiteFile: URL?
  ) {
    self.defaults = defaults
    self.registered = registered
    self.initial = initial
    let now = Dictionary(uniqueKeysWithValues: initial.keys.map { ($0, currentValue($0)) })
    seen.withLock { $0 = now }
    watch = SuiteWatch(file: suiteFile) { [weak self] in self?.refresh() }
  }

  public func value(forKey key: String) throws(BindingError) -> Value {
    guard initial[key] != nil else {
      throw .unknownKey(keyPath: key, key: key, on: "the settings")
    }
    registrar.access(self, keyPath: \.[observedKey: key])
    return currentValue(key)
  }

  /// The value of `key` (one of ``initial``'s) in the suite as this process knows it.
  func currentValue(_ key: String) -> Value {
    guard let start = initial[key] else { return .null }
    if let stored = defaults.object(forKey: key) {
      return PropertyListValue.value(stored, like: start)
    }
    guard let value = registered.withLock({ $0[key] }) else { return start }
    // A whole number registered for a key of fractions reads as the fraction it stands for.
    if case .int(let number) = value, case .double = start { return .double(Double(number)) }
    return value
  }

  public func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    guard let start = initial[key] else {
      throw .unknownKey(keyPath: key, key: key, on: "the settings")
    }
    var stored = value
    if case .int(let number) = value, case .double = start { stored = .double(Double(number)) }
    guard stored.isNull || start.isNull || stored.type == start.type else {
      throw .typeMismatch(
        keyPath: key, expected: start.type.description, found: value.type.description)
    }
    if let object = PropertyListValue.object(stored) {
      // Keep what the suite's file gives back, so that what is read now is what is read after
      // the next save; refuse what the file cannot hold at all.
      guard let kept = PropertyListValue.kept(object) else {
        throw .typeMismatch(
          keyPath: key, expected: "a value the settings file can hold",
          found: value.type.description)
      }
      defaults.set(kept, forKey: key)
    } else {
      defaults.removeObject(forKey: key)
    }
    // Settings are few and change one at a time: write them out at once, so that a process
    // that ends without a clean exit keeps what a person set.
    _ = defaults.synchronize()
    let written = currentValue(key)
    seen.withLock { $0[key] = written }
    registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {}
  }

  /// Reads the suite again, as another process may have written it, and tells those who read
  /// a key whose value changed since this object last knew it.
  public func refresh() {
    #if !canImport(Darwin)
      // Foundation reads the suite's file again when it changed since it was read.
      _ = defaults.synchronize()
    #endif
    let changed = seen.withLock { seen -> [String] in
      var changed: [String] = []
      for key in initial.keys {
        let now = currentValue(key)
        if seen[key] != now {
          seen[key] = now
          changed.append(key)
        }
      }
      return changed
    }
    for key in changed { registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {} }
  }

  /// What observation tracks for one key: its key path names the key.
  subscript(observedKey key: String) -> Int { 0 }

  public func valueKind(forKey key: String) -> ValueKind? { initial[key]?.inferredKind }

  public var propertyNames: [String] { initial.keys }
}
