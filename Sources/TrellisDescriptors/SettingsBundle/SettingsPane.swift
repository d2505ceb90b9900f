import Trellis

/// One page of a Settings bundle, read: the descriptor its screen is made from, and what the
/// bundle gathers from it (keys, defaults, rules and the child pages it pushes).
struct SettingsPane {
  /// The page's screen.
  var descriptor: TableDescriptor
  /// What each specifier with a key says about it, in order.
  var keys: [SettingsKeyFacts] = []
  /// The child pages, by the name in `File`, where each is named.
  var children: [DescriptorPush] = []
  /// The actions its buttons and custom child panes run, by name.
  var actionNames: [String] = []
  /// The subtitles given per value, by the name of the function a row's detail calls.
  var subtitles: [String: SettingsSubtitle] = [:]
}

/// What one specifier says about its key.
struct SettingsKeyFacts {
  /// The defaults key.
  var key: String
  /// What a control may store there; `nil` for keys that are only shown.
  var rule: SettingsValueRule?
  /// The `DefaultValue`, registered as the key's default.
  var defaultValue: Value?
  /// What the key holds before anything is stored or registered.
  var initial: Value
  /// Where the specifier's `DefaultValue` (or the specifier) is written.
  var location: SourceLocation?
}
