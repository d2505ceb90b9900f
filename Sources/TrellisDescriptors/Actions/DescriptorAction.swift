import Trellis

/// What selecting a row, its accessory or its editing control does.
public enum DescriptorAction: Hashable, Sendable {
  /// Run the action registered under this name (RCSTableKit's `:sel` keys).
  case named(String, at: SourceLocation?)
  /// Push a screen made from another descriptor.
  case push(DescriptorPush)
  /// Open a web address.
  case open(String)
  /// An action Trellis carries out itself (``BuiltInAction``).
  case builtIn(BuiltInAction, at: SourceLocation?)

  /// The action a selector names: a built-in action, a push (`push:NAME`), a link
  /// (`open:URL`), or else the app's action of that name.
  ///
  /// - Throws: a message when the selector starts like a built-in action but cannot be one.
  static func selector(_ text: String, at location: SourceLocation?)
    throws(DescriptorActionError) -> DescriptorAction
  {
    if let builtIn = try BuiltInAction(selector: text) { return .builtIn(builtIn, at: location) }
    if text.hasPrefix("push:"), text.count > 5 {
      return .push(DescriptorPush(String(text.dropFirst(5)), at: location))
    }
    if text.hasPrefix("open:"), text.count > 5 { return .open(String(text.dropFirst(5))) }
    return .named(text, at: location)
  }

  /// A warning for a selector of the app's that looks like a misspelt built-in action
  /// (`relaod`); `nil` for any other.
  static func misspeltBuiltIn(_ text: String) -> String? {
    let verb = String(text.prefix { $0 != ":" })
    guard case .named = (try? selector(text, at: nil)) ?? .open(""),
      !BuiltInAction.verbs.contains(verb), !text.hasSuffix(":"), verb.count >= 3,
      let close = NameSuggestion.closest(to: verb, among: BuiltInAction.verbs),
      // Close in spelling and alike at both ends (`relaod`, `delet`), so that an app's own
      // names (`sayHi`, `stop`) are left alone.
      verb.first == close.first,
      verb.last == close.last || close.hasPrefix(verb) || verb.hasPrefix(close)
    else { return nil }
    return "'\(text)' is not a built-in action (did you mean '\(close)'?); the app must "
      + "register it"
  }

  /// The selector that names the action, as ``selector(_:at:)`` reads it.
  var selector: String {
    switch self {
    case .named(let name, _): name
    case .push(let push): "push:" + push.name
    case .open(let url): "open:" + url
    case .builtIn(let action, _): action.selector
    }
  }
}

/// A push to another descriptor, by name.
public struct DescriptorPush: Hashable, Sendable {
  /// The descriptor's name (`MyTable`).
  public var name: String
  /// Where the name is written.
  public var location: SourceLocation?

  /// Creates a push.
  public init(_ name: String, at location: SourceLocation? = nil) {
    self.name = name
    self.location = location
  }
}
