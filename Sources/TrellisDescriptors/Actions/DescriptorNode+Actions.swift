import Trellis

extension DescriptorNode {
  /// The action the selector at `key` names (see ``DescriptorAction/selector(_:at:)``); a
  /// selector that starts like a built-in action but cannot be one is a located error.
  func selector(_ key: String) -> DescriptorAction? {
    guard let text = string(key) else { return nil }
    if let warning = DescriptorAction.misspeltBuiltIn(text) {
      reading.warning(warning, at: path(key), onKey: false)
    }
    do { return try DescriptorAction.selector(text, at: location(of: key)) } catch {
      reading.error(error.message, at: path(key))
      return nil
    }
  }

  /// The canonical `action`: a selector, or one built-in action with its argument written
  /// out: `{"set": {"keyPath": "done", "value": true}}`, `{"present": "Details"}`,
  /// `{"push": "Details"}`, `{"open": "https://example.com"}`.
  func action(_ key: String) -> DescriptorAction? {
    guard let child = child(key), let entries = child.value.dictionaryValue else {
      return selector(key)
    }
    let withArguments = ["set", "present", "push", "open"]
    child.checkKeys(withArguments, in: "'\(key)'")
    guard entries.count == 1, let verb = entries.keys.first, withArguments.contains(verb) else {
      if entries.count != 1 {
        reading.error(
          "'\(key)' names one action: one of \(withArguments.joined(separator: ", "))",
          at: child.path)
      }
      return nil
    }
    let location = child.location(of: verb)
    switch verb {
    case "set":
      guard let set = child.child("set"), set.expectDictionary("'set'") else { return nil }
      set.checkKeys(["keyPath", "value"], in: "'set'")
      guard set.require("keyPath", in: "'set'"), set.require("value", in: "'set'"),
        let keyPath = set.string("keyPath"), let value = set.raw("value")
      else { return nil }
      return .builtIn(.set(keyPath: keyPath, value: value), at: set.location(of: "keyPath"))
    case "present":
      return child.string("present").map { .builtIn(.present($0), at: location) }
    case "push":
      return child.string("push").map { .push(DescriptorPush($0, at: location)) }
    default:
      return child.string("open").map { .open($0) }
    }
  }
}
