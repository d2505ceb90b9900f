import Trellis

/// Collects what a descriptor reader finds wrong, located in the document.
final class DescriptorReading {
  let document: LocatedDocument
  private(set) var diagnostics: [Diagnostic] = []

  init(_ document: LocatedDocument) { self.document = document }

  var root: DescriptorNode { DescriptorNode(reading: self, path: "", value: document.root) }

  /// Reports an error about the entry at `path`, on its key or its value.
  func error(_ message: String, at path: String, onKey: Bool = false) {
    diagnostics.append(document.diagnostic(message, atKeyPath: path, onKey: onKey))
  }

  /// Reports a warning about the entry at `path`.
  func warning(_ message: String, at path: String, onKey: Bool = true) {
    diagnostics.append(
      document.diagnostic(message, atKeyPath: path, onKey: onKey, severity: .warning))
  }

  func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One entry of a descriptor document, with typed, located accessors that report wrong types
/// instead of failing.
struct DescriptorNode {
  let reading: DescriptorReading
  let path: String
  let value: Value

  /// The path of `key` under this entry.
  func path(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

  /// Where the value starts.
  var location: SourceLocation? { reading.document.location(ofKeyPath: path) }

  /// Where `key`'s value starts.
  func location(of key: String) -> SourceLocation? {
    reading.document.location(ofKeyPath: path(key))
  }

  /// Where a string value's text starts: after the opening quote in JSON.
  func textLocation(of key: String) -> SourceLocation? {
    guard var location = location(of: key) else { return nil }
    if reading.document.format == .json { location.column += 1 }
    return location
  }

  /// The raw value of `key`, if present.
  func raw(_ key: String) -> Value? { value.dictionaryValue?[key] }

  /// Whether `key` is present.
  func has(_ key: String) -> Bool { raw(key) != nil }

  /// The child entry `key`.
  func child(_ key: String) -> DescriptorNode? {
    raw(key).map { DescriptorNode(reading: reading, path: path(key), value: $0) }
  }

  /// Reports every key not in `allowed`, suggesting the closest allowed one.
  ///
  /// When `othersAreIgnored`, the format lets apps add keys of their own: a key close to an
  /// allowed one is still an error (a misspelling), any other only a warning.
  func checkKeys(_ allowed: [String], in what: String, othersAreIgnored: Bool = false) {
    guard let dictionary = value.dictionaryValue else { return }
    for key in dictionary.keys where !allowed.contains(key) {
      let suggestion =
        NameSuggestion.closest(to: key, among: allowed)
        ?? Self.synonyms[key].flatMap { allowed.contains($0) ? $0 : nil }
      if othersAreIgnored && suggestion == nil {
        reading.warning(
          "unknown key '\(key)' in \(what) is left to the app, in its userInfo", at: path(key))
        continue
      }
      var message = "unknown key '\(key)' in \(what)"
      if let suggestion {
        message += " (did you mean '\(suggestion)'?)"
      } else {
        message += "; it takes \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
      }
      reading.error(message, at: path(key), onKey: true)
    }
  }

  /// Other formats' words for a key, which a person writing a descriptor by hand reaches for
  /// first: suggested when the key is not close to an allowed one.
  static let synonyms = [
    "type": "kind", "key": "value", "keyPath": "value", "binding": "value", "bind": "value",
    "title": "text", "label": "text", "subtitle": "detail", "detailText": "detail",
    "options": "choices", "hidden": "visible", "disabled": "enabled", "items": "rows",
    "cells": "rows", "name": "id",
  ]

  /// The entries whose keys are not in `allowed` nor close to one (a misspelling): keys of
  /// the app's own, which it reads from the row's or section's `userInfo`.
  func appKeys(_ allowed: [String]) -> [String: Value] {
    var found: [String: Value] = [:]
    for (key, value) in value.dictionaryValue ?? [:]
    where !allowed.contains(key) && NameSuggestion.closest(to: key, among: allowed) == nil {
      found[key] = value
    }
    return found
  }

  /// Reports that a required key is missing.
  func require(_ key: String, in what: String) -> Bool {
    guard !has(key) else { return true }
    reading.error("missing required key '\(key)' in \(what)", at: path)
    return false
  }

  private func typeError(_ key: String, expected: String, found: Value) {
    reading.error(
      "'\(key)' must be \(expected), not \(Self.describe(found))", at: path(key))
  }

  static func describe(_ value: Value) -> String {
    switch value {
    case .array: "a list"
    case .dictionary: "a dictionary"
    case .string(let s): "the string \"\(s)\""
    case .bool(let b): "the Boolean \(b)"
    case .int(let i): "the number \(i)"
    case .double(let d): "the number \(d)"
    case .null: "null"
    case .date: "a date"
    case .data: "data"
    case .object: "an object"
    }
  }

  /// A string at `key`; numbers are accepted as their text.
  func string(_ key: String) -> String? {
    guard let raw = raw(key) else { return nil }
    switch raw {
    case .string(let s): return s
    case .int, .double: return raw.displayText
    default:
      typeError(key, expected: "a string", found: raw)
      return nil
    }
  }

  /// A Boolean at `key`: a Boolean, 0 or 1, or (as OpenStep writes them) YES/NO, true/false.
  func bool(_ key: String) -> Bool? {
    guard let raw = raw(key) else { return nil }
    switch raw {
    case .bool(let b): return b
    case .int(let i) where i == 0 || i == 1: return i == 1
    case .string(let s):
      if let parsed = (try? Value.parse(s, as: .bool))?.boolValue { return parsed }
    default: break
    }
    typeError(key, expected: "a Boolean (YES or NO)", found: raw)
    return nil
  }

  /// A number at `key` (OpenStep numbers are strings).
  func number(_ key: String) -> Double? {
    guard let raw = raw(key) else { return nil }
    if let d = raw.doubleValue { return d }
    if case .string(let s) = raw, let d = Double(s.trimmingCharacters(in: .whitespaces)),
      d.isFinite
    {
      return d
    }
    typeError(key, expected: "a number", found: raw)
    return nil
  }

  /// An integer at `key`.
  func integer(_ key: String) -> Int? {
    guard let raw = raw(key) else { return nil }
    if let i = raw.intValue { return i }
    if case .string(let s) = raw, let i = Int(s.trimmingCharacters(in: .whitespaces)) { return i }
    typeError(key, expected: "a whole number", found: raw)
    return nil
  }

  /// The elements of a list at `key`.
  func list(_ key: String) -> [DescriptorNode]? {
    guard let raw = raw(key) else { return nil }
    guard let array = raw.arrayValue else {
      typeError(key, expected: "a list", found: raw)
      return nil
    }
    let base = path(key)
    return array.enumerated().map { index, element in
      DescriptorNode(reading: reading, path: base + "." + String(index), value: element)
    }
  }

  /// A list of strings at `key`, each with its node.
  func stringList(_ key: String) -> [(String, DescriptorNode)]? {
    guard let nodes = list(key) else { return nil }
    return nodes.compactMap { node in
      guard let text = node.value.stringValue else {
        reading.error(
          "each element of '\(key)' must be a string, not \(Self.describe(node.value))",
          at: node.path)
        return nil
      }
      return (text, node)
    }
  }

  /// A dictionary at `key`.
  func dictionary(_ key: String) -> DescriptorNode? {
    guard let raw = raw(key) else { return nil }
    guard raw.dictionaryValue != nil else {
      typeError(key, expected: "a dictionary", found: raw)
      return nil
    }
    return child(key)
  }

  /// Whether this entry is a dictionary; reports it when not.
  func expectDictionary(_ what: String) -> Bool {
    guard value.dictionaryValue == nil else { return true }
    reading.error("\(what) must be a dictionary, not \(Self.describe(value))", at: path)
    return false
  }

  /// A name from a fixed set at `key`, with a suggestion when misspelt.
  func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) -> T?
  where T.RawValue == String {
    guard let text = string(key) else { return nil }
    return Self.choice(text, type, reading: reading, path: path(key), key: key)
  }

  static func choice<T: RawRepresentable & CaseIterable>(
    _ text: String, _ type: T.Type, reading: DescriptorReading, path: String, key: String
  ) -> T? where T.RawValue == String {
    if let value = T(rawValue: text) { return value }
    let names = T.allCases.map(\.rawValue)
    var message = "'\(text)' is not a valid \(key)"
    if let suggestion = NameSuggestion.closest(to: text, among: names) {
      message += " (did you mean '\(suggestion)'?)"
    } else {
      message += "; expected one of " + names.joined(separator: ", ")
    }
    reading.error(message, at: path)
    return nil
  }

  /// A predicate at `key`, parsed with errors located in the document.
  func predicate(_ key: String) -> DescriptorCondition? {
    guard let text = string(key) else { return nil }
    do {
      let predicate = try Predicate(
        text, file: reading.document.file, origin: textLocation(of: key))
      return .predicate(predicate, at: location(of: key))
    } catch {
      var diagnostic = error
      diagnostic.message = "bad predicate in '\(key)': " + error.message
      if diagnostic.location == nil {
        diagnostic = reading.document.diagnostic(diagnostic.message, atKeyPath: path(key))
      }
      reading.append(diagnostic)
      return nil
    }
  }
}
