import TrellisValues

/// A group of properties: a section's header, footer and rows, in a definition and in the
/// names string it was read from.
///
/// `Task Details:(name,description):Saved automatically` is a group with a header, two names
/// and a footer; `name;description` is one group with neither. Names read from a names string
/// carry their location there; names given in code have none.
public struct PropertyGroup: Hashable, Sendable, CustomStringConvertible {
  /// The section header, or `nil` for none.
  public var header: String?
  /// The section footer, or `nil` for none.
  public var footer: String?
  /// The rows, in order.
  public var names: [PropertyName]

  /// Creates a group.
  public init(header: String? = nil, footer: String? = nil, names: [PropertyName]) {
    self.header = header
    self.footer = footer
    self.names = names
  }

  /// The group in names-string syntax, always in parentheses: `Header:(a,b):Footer`.
  public var description: String { PropertyNamesString.format(group: self) }

  /// A group of the properties with `keys` (`~name` for a custom property), made in code.
  public init(header: String? = nil, footer: String? = nil, keys: [String]) {
    self.init(header: header, footer: footer, names: keys.map(PropertyName.init(key:)))
  }

  /// The properties' keys, in order: their names, with `~` before custom ones.
  public var keys: [String] { names.map(\.key) }
}

/// One name in a names string: a property key path, or a custom row.
public struct PropertyName: Hashable, Sendable, CustomStringConvertible {
  /// The key path (`name`, `owner.name`), or for a custom row its name without the `~`.
  public var name: String
  /// Whether this is a custom row (`~Delete Task`) rather than a property.
  public var isCustom: Bool
  /// Where the name starts in the names string (at the `~` for a custom row).
  public var location: SourceLocation?

  /// Creates a name.
  public init(name: String, isCustom: Bool = false, location: SourceLocation? = nil) {
    self.name = name
    self.isCustom = isCustom
    self.location = location
  }

  /// The name a definition files this row under: the key path, or `~` and the custom name.
  public var key: String { isCustom ? "~" + name : name }

  /// The name with `key` (`~name` for a custom property), made in code.
  public init(key: String) {
    if key.hasPrefix("~") {
      self.init(name: String(key.dropFirst()), isCustom: true)
    } else {
      self.init(name: key)
    }
  }

  /// The name in names-string syntax, escaped where needed.
  public var description: String { PropertyNamesString.format(name: self) }
}
