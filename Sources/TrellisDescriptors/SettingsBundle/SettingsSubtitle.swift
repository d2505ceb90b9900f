import Trellis

/// InAppSettingsKit's subtitle given as a dictionary: a subtitle per stored value of a key,
/// and `__default__` for the others. A toggle's values are `YES` and `NO`.
struct SettingsSubtitle: Hashable, Sendable {
  /// The defaults key whose value picks the subtitle.
  var key: String
  /// The localised subtitle of each value, by the value's text.
  var byValue: [String: String]
  /// The subtitle of every other value (`__default__`).
  var fallback: String?

  /// The subtitle for the value `shown` by the row (a toggle's as on or off).
  func text(for shown: Value) -> Value {
    let name: String
    switch shown {
    case .bool(let flag): name = flag ? "YES" : "NO"
    case .null: return fallback.map(Value.string) ?? .null
    default: name = shown.displayText
    }
    return (byValue[name] ?? fallback).map(Value.string) ?? .null
  }

  /// The function a row's detail calls: reads the key from the bound values.
  var function: @Sendable (Value) -> Value {
    let subtitle = self
    return { scope in
      guard case .object(let reference) = scope,
        let values = reference.object as? any KeyValueCoding,
        let shown = try? values.value(forKey: SettingsBundleObject.bindingName(for: subtitle.key))
      else { return subtitle.fallback.map(Value.string) ?? .null }
      return subtitle.text(for: shown)
    }
  }
}
