import Foundation
import Trellis

/// What a Settings bundle lets a person store under one key: how a toggle stores on and off,
/// the values a multi-value or radio group chooses among, a slider's range.
///
/// ``SettingsBundleObject`` applies the rules to every write, so a value that does not fit is
/// refused whichever host sent it.
public enum SettingsValueRule: Hashable, Sendable {
  /// A toggle switch: `on` and `off` are what it stores (its `TrueValue` and `FalseValue`,
  /// which may be strings or numbers; `true` and `false` by default).
  case toggle(on: Value, off: Value)
  /// One of these values (`Values`).
  case choice([Value])
  /// A number from `minimum` to `maximum`, inclusive (a slider).
  case number(minimum: Double, maximum: Double)
  /// Text (a text field or text view).
  case text
  /// A date (a date picker).
  case date

  /// The value as a row shows it: a toggle's stored value as on or off, a slider's as a
  /// number with a fraction.
  func shown(_ stored: Value) -> Value {
    switch self {
    case .toggle(let on, _):
      if Self.matches(stored, on) { return .bool(true) }
      if case .bool(let flag) = stored { return .bool(flag) }
      return .bool(false)
    case .number:
      return stored.doubleValue.map(Value.double) ?? stored
    default:
      return stored
    }
  }

  /// The value to store for `value` as a row sent it, or `nil` when it does not fit the rule.
  func stored(_ value: Value) -> Value? {
    switch self {
    case .toggle(let on, let off):
      guard case .bool(let flag) = value else { return nil }
      return flag ? on : off
    case .choice(let values):
      if values.contains(value) { return value }
      return values.first { Self.matches($0, value) }
    case .number(let minimum, let maximum):
      guard let number = value.doubleValue, number >= minimum, number <= maximum else {
        return nil
      }
      return .double(number)
    case .text:
      if value.isNull { return .string("") }
      return value.stringValue.map(Value.string)
    case .date:
      if value.isNull || value.dateValue != nil { return value }
      return nil
    }
  }

  /// Whether two stored values are the same setting, as Foundation compares them: equal, or
  /// equal numbers whatever their type (`1`, `1.0` and `true` are one value in a property
  /// list's `NSNumber`).
  static func matches(_ a: Value, _ b: Value) -> Bool {
    if a == b { return true }
    guard let x = number(a), let y = number(b) else { return false }
    return x == y
  }

  /// Whether text and a number are the same value when the text is read as a number: the
  /// text `3` and the number `3`, which Settings shows as one choice.
  static func matchesByText(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.string(let text), _): return textNumber(text).map { $0 == number(b) } ?? false
    case (_, .string(let text)): return textNumber(text).map { $0 == number(a) } ?? false
    default: return false
    }
  }

  private static func textNumber(_ text: String) -> Double? {
    Double(text.trimmingCharacters(in: .whitespaces))
  }

  private static func number(_ value: Value) -> Double? {
    switch value {
    case .bool(let flag): flag ? 1 : 0
    case .int(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }

  /// What the rule accepts, for messages.
  var expectation: String {
    switch self {
    case .toggle(let on, let off): "on (\(on.displayText)) or off (\(off.displayText))"
    case .choice(let values): "one of " + values.map(\.displayText).joined(separator: ", ")
    case .number(let minimum, let maximum):
      "a number from \(RowSnapshot.numberText(minimum)) to \(RowSnapshot.numberText(maximum))"
    case .text: "text"
    case .date: "a date"
    }
  }

  /// The kind of value a row sees.
  var valueKind: ValueKind {
    switch self {
    case .toggle: .bool
    case .choice: .any
    case .number: .double
    case .text: .string
    case .date: .optional(.date)
    }
  }
}
