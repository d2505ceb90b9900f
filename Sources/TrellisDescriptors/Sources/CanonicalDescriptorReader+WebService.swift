import Trellis

/// A `webService` source: the definition's names, each checked against its shape.
extension CanonicalDescriptorReader {
  typealias Settings = WebServiceSourceSettings

  /// The settings as written, each checked; `nil` when any is wrong.
  func webServiceSettings(_ node: DescriptorNode) -> [String: Value]? {
    let before = reading.diagnostics.count
    node.checkKeys(Settings.allNames, in: "a web service source")
    var settings: [String: Value] = [:]
    let preset = node.string("preset")
    if let preset {
      if Settings.presets.contains(preset) {
        settings["preset"] = .string(preset)
      } else {
        var message = "'\(preset)' is not a web service preset"
        if let close = NameSuggestion.closest(to: preset, among: Settings.presets) {
          message += " (did you mean '\(close)'?)"
        } else {
          message += "; the presets are " + Settings.presets.joined(separator: ", ")
        }
        reading.error(message, at: node.path("preset"))
      }
    }
    for owner in Settings.presets {
      for name in Settings.presetSettings[owner] ?? [] where node.has(name) {
        if preset == owner {
          if let text = nonEmpty(node, name) { settings[name] = .string(text) }
        } else if preset.map(Settings.presets.contains) ?? true {
          reading.error(
            "'\(name)' is a setting of the \(owner) preset; add \"preset\": \"\(owner)\"",
            at: node.path(name), onKey: true)
        }
      }
    }
    for name in Settings.required(preset: preset) {
      _ = node.require(name, in: "a web service source")
    }
    for (name, shape) in Settings.definitionSettings where node.has(name) {
      if let value = setting(node, name, shape) { settings[name] = value }
    }
    let hasErrors = reading.diagnostics[before...].contains { $0.severity == .error }
    return hasErrors ? nil : settings
  }

  /// One setting, checked against its shape.
  private func setting(_ node: DescriptorNode, _ name: String, _ shape: Settings.Shape) -> Value? {
    switch shape {
    case .string:
      if name == "resultsDictionaryKeyNamesString" {
        return namesString(node, name).map(Value.string)
      }
      if name == "baseURL" || name == "fetchObjectsAPI" || name == "idKeyName" {
        return nonEmpty(node, name).map(Value.string)
      }
      return node.string(name).map(Value.string)
    case .seconds:
      guard let seconds = node.number(name) else { return nil }
      guard seconds > 0 else {
        reading.error("'\(name)' must be a number of seconds above 0", at: node.path(name))
        return nil
      }
      return .double(seconds)
    case .strings:
      return texts(node, name).map {
        .dictionary(ValueDictionary($0.map { ($0.0, .string($0.1)) }))
      }
    case .names(let allowed):
      guard let entries = texts(node, name) else { return nil }
      var kept: [(String, Value)] = []
      for (key, text) in entries {
        if allowed.contains(text) {
          kept.append((key, .string(text)))
          continue
        }
        var message = "'\(text)' is not one of the \(name) of a web service"
        if let close = NameSuggestion.closest(to: text, among: allowed) {
          message += " (did you mean '\(close)'?)"
        } else {
          message += "; expected one of " + allowed.joined(separator: ", ")
        }
        reading.error(message, at: node.path(name) + "." + key)
      }
      return .dictionary(ValueDictionary(kept))
    case .paging: return paging(node, name)
    case .retry: return retry(node, name)
    case .errors: return errorFormat(node, name)
    case .endpoint: return endpoint(node, name)
    case .rules: return webServiceRules(node, name)
    case .credential: return webServiceCredential(node, name)
    }
  }

  /// A dictionary of texts, in order.
  private func texts(_ node: DescriptorNode, _ name: String) -> [(String, String)]? {
    guard let child = node.dictionary(name), let entries = child.value.dictionaryValue else {
      return nil
    }
    return entries.compactMap { entry in child.string(entry.key).map { (entry.key, $0) } }
  }

  /// `"nextLink"`, `{"offset": "skip"}` or `{"page": "page", "first": 1}`.
  private func paging(_ node: DescriptorNode, _ name: String) -> Value? {
    guard let raw = node.raw(name) else { return nil }
    if raw.dictionaryValue == nil {
      guard let text = node.string(name) else { return nil }
      guard text == "nextLink" else {
        reading.error(
          "'\(name)' is \"nextLink\", {\"offset\": PARAMETER} or {\"page\": PARAMETER}, "
            + "not \"\(text)\"", at: node.path(name))
        return nil
      }
      return .string(text)
    }
    guard let child = node.child(name) else { return nil }
    child.checkKeys(["offset", "page", "first"], in: "'\(name)'")
    let offset = child.string("offset")
    let page = child.string("page")
    let first = child.integer("first")
    switch (offset, page) {
    case (let offset?, nil):
      if child.has("first") {
        reading.error(
          "'first' numbers pages; offset paging has none", at: child.path("first"), onKey: true)
      }
      return .dictionary(["offset": .string(offset)])
    case (nil, let page?):
      return .dictionary(["page": .string(page), "first": .int(first ?? 1)])
    default:
      reading.error("'\(name)' needs either 'offset' or 'page'", at: child.path)
      return nil
    }
  }

  /// `{"attempts": 2, "delay": 0.2}`.
  private func retry(_ node: DescriptorNode, _ name: String) -> Value? {
    guard let child = node.dictionary(name) else { return nil }
    child.checkKeys(["attempts", "delay"], in: "'\(name)'")
    var result: [(String, Value)] = []
    if let attempts = child.integer("attempts") {
      if attempts < 1 {
        reading.error("'attempts' must be 1 or more, not \(attempts)", at: child.path("attempts"))
      } else {
        result.append(("attempts", .int(attempts)))
      }
    }
    if let delay = child.number("delay") {
      if delay < 0 {
        reading.error("'delay' must be 0 seconds or more", at: child.path("delay"))
      } else {
        result.append(("delay", .double(delay)))
      }
    }
    return .dictionary(ValueDictionary(result))
  }

  /// `"fieldLists"`, `{"messageList": "errors"}` or `{"message": "error"}`.
  private func errorFormat(_ node: DescriptorNode, _ name: String) -> Value? {
    guard let raw = node.raw(name) else { return nil }
    if raw.dictionaryValue == nil {
      guard let text = node.string(name) else { return nil }
      guard text == "fieldLists" else {
        reading.error(
          "'\(name)' is \"fieldLists\", {\"messageList\": KEY} or {\"message\": KEY}, "
            + "not \"\(text)\"", at: node.path(name))
        return nil
      }
      return .string(text)
    }
    guard let child = node.child(name) else { return nil }
    child.checkKeys(["messageList", "message"], in: "'\(name)'")
    let formats = ["messageList", "message"].filter { child.has($0) }
    guard formats.count == 1, let format = formats.first, let key = child.string(format) else {
      if formats.count != 1 {
        reading.error("'\(name)' needs one of 'messageList' or 'message'", at: child.path)
      }
      return nil
    }
    return .dictionary([format: .string(key)])
  }

  /// A write request (or the read of one object), or `false` (or `null`) for none.
  private func endpoint(_ node: DescriptorNode, _ name: String) -> Value? {
    guard let raw = node.raw(name) else { return nil }
    if raw == .null || raw == .bool(false) { return .bool(false) }
    guard let child = node.dictionary(name) else { return nil }
    child.checkKeys(
      ["method", "path", "bodyKeyName", "resultKeyName", "extraBody"], in: "'\(name)'")
    var result: [(String, Value)] = []
    // The read of one object is a GET; every other endpoint writes.
    let methods = name == "readObject" ? ["GET"] : Settings.methods.filter { $0 != "GET" }
    if child.require("method", in: "'\(name)'"), let method = child.string("method") {
      if methods.contains(method.uppercased()) {
        result.append(("method", .string(method.uppercased())))
      } else {
        var message =
          "'\(method)' is not a method \(name == "readObject" ? "a read" : "a write") uses"
        if let close = NameSuggestion.closest(to: method, among: methods) {
          message += " (did you mean '\(close)'?)"
        } else {
          message += "; expected one of " + methods.joined(separator: ", ")
        }
        reading.error(message, at: child.path("method"))
      }
    }
    if child.require("path", in: "'\(name)'"), let path = child.string("path") {
      if name != "createObject", !path.contains("{id}") {
        reading.error(
          "the path '\(path)' has no {id} to name the object", at: child.path("path"))
      }
      result.append(("path", .string(path)))
    }
    for key in ["bodyKeyName", "resultKeyName"] {
      if let text = child.string(key) { result.append((key, .string(text))) }
    }
    if let extra = child.dictionary("extraBody") { result.append(("extraBody", extra.value)) }
    return .dictionary(ValueDictionary(result))
  }
}
