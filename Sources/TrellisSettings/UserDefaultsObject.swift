import Foundation
import Observation
import Trellis

/// An object whose properties are the keys of a `UserDefaults` suite: what a settings form
/// binds to. Each write goes straight to the defaults; a key never set reads as its registered
/// default, or else as its initial value, which also fixes its type.
///
/// The object is observable key by key: every screen bound to it (each window of a web app
/// shares one) shows a write as soon as it is made.
// Sound: its stored properties are constants, and `UserDefaults` is documented thread-safe.
public final class UserDefaultsObject: KeyValueCoding, Observable, @unchecked Sendable {
  let defaults: UserDefaults
  /// The store's registered defaults (``UserDefaultsStore/registerDefaults(_:)``).
  let registered: Locked<ValueDictionary>
  /// The keys and their initial values, in order.
  public let initial: ValueDictionary
  private let registrar = ObservationRegistrar()

  init(defaults: UserDefaults, registered: Locked<ValueDictionary>, initial: ValueDictionary) {
    self.defaults = defaults
    self.registered = registered
    self.initial = initial
  }

  public func value(forKey key: String) throws(BindingError) -> Value {
    guard let start = initial[key] else {
      throw .unknownKey(keyPath: key, key: key, on: "the settings")
    }
    registrar.access(self, keyPath: \.[observedKey: key])
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
    registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {}
  }

  /// What observation tracks for one key: its key path names the key.
  subscript(observedKey key: String) -> Int { 0 }

  public func valueKind(forKey key: String) -> ValueKind? { initial[key]?.inferredKind }

  public var propertyNames: [String] { initial.keys }
}
