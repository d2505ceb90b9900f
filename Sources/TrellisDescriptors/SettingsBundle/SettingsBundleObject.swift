import Trellis
import TrellisSettings

/// The values a Settings bundle's screens bind to: the keys of another object (a
/// `UserDefaultsStore`'s settings, or a document), with the bundle's rules applied.
///
/// Reading a toggle gives on or off, whatever its `TrueValue` and `FalseValue` are; writing it
/// stores them. Every write is checked against the key's ``SettingsValueRule`` first: a choice
/// must be one of its values, a slider's number within its range. A refused value changes
/// nothing.
///
/// Settings keys may hold dots (`sound.volume`), which key paths would split: rows name each
/// key by ``bindingName(for:)`` instead.
public final class SettingsBundleObject: KeyValueCoding {
  /// The object that holds the values, keyed by the bundle's keys.
  public let base: any KeyValueCoding
  /// The rule of each key that a control edits.
  public let rules: [String: SettingsValueRule]
  /// Called after every successful write with the key written.
  public var onChange: ((String) -> Void)?

  /// Applies `rules` to the keys of `base`.
  public init(base: any KeyValueCoding, rules: [String: SettingsValueRule]) {
    self.base = base
    self.rules = rules
  }

  /// The name a row binds to for `key`: the key, with each `.` written as `·` (U+00B7, which a
  /// Settings key does not otherwise hold) so that it is one step of a key path.
  public static func bindingName(for key: String) -> String {
    key.replacingOccurrences(of: ".", with: "\u{B7}")
  }

  /// The key a binding name stands for.
  static func key(for name: String) -> String {
    name.replacingOccurrences(of: "\u{B7}", with: ".")
  }

  /// The stored value of `key`, unconverted.
  public func storedValue(forKey key: String) throws(BindingError) -> Value {
    try base.value(forKey: key)
  }

  public func value(forKey name: String) throws(BindingError) -> Value {
    let key = Self.key(for: name)
    let stored = try base.value(forKey: key)
    return rules[key]?.shown(stored) ?? stored
  }

  public func setValue(_ value: Value, forKey name: String) throws(BindingError) {
    let key = Self.key(for: name)
    var stored = value
    if let rule = rules[key] {
      guard let fitting = rule.stored(value) else {
        throw .typeMismatch(
          keyPath: key, expected: rule.expectation,
          found: RowSnapshot.displayable(value).displayText)
      }
      stored = fitting
    }
    try base.setValue(stored, forKey: key)
    onChange?(key)
  }

  public func valueKind(forKey name: String) -> ValueKind? {
    let key = Self.key(for: name)
    return rules[key]?.valueKind ?? base.valueKind(forKey: key)
  }

  public var propertyNames: [String] { base.propertyNames.map(Self.bindingName(for:)) }
}
