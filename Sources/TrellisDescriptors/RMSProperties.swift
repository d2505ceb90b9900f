import Trellis

/// The `properties` of an RMSTableViews row or section, over the defaults its class and its
/// section's class register, read as RMSFormViewController reads them: any string value that
/// starts with a colon is a substitution (`:profile`, `:saveLabel`, `:whiteColor`).
struct RMSProperties {
  let reading: DescriptorReading
  /// The descriptor's own properties, if it has any.
  let node: DescriptorNode?
  /// Registered defaults, for keys the descriptor does not set.
  let defaults: [String: Value]
  /// Where diagnostics about a default go: the `className` that brought it.
  let fallbackPath: String

  /// Every key, the descriptor's own first.
  var keys: [String] {
    let own = node?.value.dictionaryValue?.keys ?? []
    return own + defaults.keys.sorted().filter { !own.contains($0) }
  }

  /// Whether `key` is set, by the descriptor or a default.
  func has(_ key: String) -> Bool { raw(key) != nil }

  func raw(_ key: String) -> Value? { node?.raw(key) ?? defaults[key] }

  private func isOwn(_ key: String) -> Bool { node?.has(key) ?? false }

  /// Where `key` is written (for a default, its class name).
  func path(_ key: String) -> String { isOwn(key) ? node?.path(key) ?? fallbackPath : fallbackPath }

  func location(of key: String) -> SourceLocation? {
    reading.document.location(ofKeyPath: path(key))
  }

  private func typeError(_ key: String, expected: String, found: Value) {
    reading.error(
      "'\(key)' must be \(expected), not \(DescriptorNode.describe(found))", at: path(key))
  }

  /// The substitution a value names, if it is one.
  static func substitution(_ value: Value) -> String? {
    guard let text = value.stringValue, text.hasPrefix(":"), text.count > 1 else { return nil }
    return text
  }

  /// A text: written out, or a substitution.
  func text(_ key: String) -> DescriptorText? {
    guard let raw = raw(key) else { return nil }
    if let name = Self.substitution(raw) {
      return .object(DescriptorObject(name, at: location(of: key)))
    }
    switch raw {
    case .string(let s): return .literal(s)
    case .int, .double, .bool: return .literal(raw.displayText)
    default:
      typeError(key, expected: "a string", found: raw)
      return nil
    }
  }

  /// A string that must be written out (a key path, a selector): a substitution is refused,
  /// because Trellis needs it when it reads the descriptor.
  func literal(_ key: String) -> String? {
    guard let raw = raw(key) else { return nil }
    if Self.substitution(raw) != nil {
      reading.error(
        "'\(key)' must be written out: Trellis reads it with the descriptor, before any "
          + "substitution", at: path(key))
      return nil
    }
    if let text = raw.stringValue { return text }
    typeError(key, expected: "a string", found: raw)
    return nil
  }

  /// A colour: a substitution, or a colour written out (checked now).
  func color(_ key: String) -> DescriptorText? {
    guard let raw = raw(key) else { return nil }
    if let name = Self.substitution(raw) {
      return .object(DescriptorObject(name, at: location(of: key)))
    }
    guard let text = raw.stringValue else {
      typeError(
        key, expected: "a colour (a substitution such as ':redColor', or a name)", found: raw)
      return nil
    }
    do { _ = try ThemeColor(parsing: text, for: key) } catch {
      reading.error(error.message, at: path(key))
      return nil
    }
    return .literal(text)
  }

  /// A condition: a substitution, or a Boolean as Foundation's `boolValue` reads it.
  func condition(_ key: String) -> DescriptorCondition? {
    guard let raw = raw(key) else { return nil }
    if let name = Self.substitution(raw) {
      return .object(DescriptorObject(name, at: location(of: key)))
    }
    if let value = Self.boolValue(raw) { return .constant(value) }
    typeError(key, expected: "a Boolean or a substitution", found: raw)
    return nil
  }

  /// Foundation's `boolValue` of a number or a string: a string is true when it starts with
  /// Y, y, T, t or a digit 1–9, after spaces and zeros.
  static func boolValue(_ value: Value) -> Bool? {
    switch value {
    case .bool(let b): return b
    case .int(let i): return i != 0
    case .double(let d): return d != 0
    case .string(let s):
      let trimmed = s.drop { $0 == " " || $0 == "\t" || $0 == "0" || $0 == "+" || $0 == "-" }
      guard let first = trimmed.first else { return false }
      return "YyTt123456789".contains(first)
    default: return nil
    }
  }

  /// An object: a substitution or a key path.
  func object(_ key: String) -> DescriptorObject? {
    guard let raw = raw(key) else { return nil }
    guard let text = raw.stringValue else {
      typeError(key, expected: "a substitution such as ':self'", found: raw)
      return nil
    }
    return DescriptorObject(text, at: location(of: key))
  }

  /// A list written out, or a substitution naming one.
  func choices(_ key: String) -> DescriptorChoices? {
    guard let raw = raw(key) else { return nil }
    if let values = raw.arrayValue { return .literal(values) }
    if let text = raw.stringValue { return .object(DescriptorObject(text, at: location(of: key))) }
    typeError(key, expected: "a list or a substitution", found: raw)
    return nil
  }

  /// A list of strings written out.
  func strings(_ key: String) -> [String]? {
    guard let raw = raw(key) else { return nil }
    guard let values = raw.arrayValue else {
      typeError(key, expected: "a list of strings", found: raw)
      return nil
    }
    return values.map(\.displayText)
  }

  /// A whole number (a UIKit constant's raw value), or a name from `names`.
  func constant(_ key: String, names: [String]) -> Int? {
    guard let raw = raw(key) else { return nil }
    if let i = raw.intValue { return i }
    if let text = raw.stringValue {
      if let i = Int(text) { return i }
      if let index = names.firstIndex(of: text) { return index }
      var message = "'\(text)' is not a valid \(key)"
      if let close = NameSuggestion.closest(to: text, among: names) {
        message += " (did you mean '\(close)'?)"
      } else {
        message += "; expected a number or one of " + names.joined(separator: ", ")
      }
      reading.error(message, at: path(key))
      return nil
    }
    typeError(key, expected: "a number", found: raw)
    return nil
  }
}
