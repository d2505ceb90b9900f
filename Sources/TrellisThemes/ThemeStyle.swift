import TrellisValues

/// One theme style: a name and the attributes between its braces.
///
/// If the name is an element name (see ``ThemeElement``) the style applies to every such
/// element automatically; otherwise it is a named style that rows and sections opt into.
public struct ThemeStyle: Hashable, Sendable {
  /// The style's name (`UITableView`, `CyanCell`).
  public var name: String
  /// The declarations, in the order written. A later declaration of the same key path wins.
  public var declarations: [ThemeDeclaration]
  /// Where the name starts, when parsed from text.
  public var location: SourceLocation?

  /// Creates a style.
  public init(name: String, declarations: [ThemeDeclaration] = [], location: SourceLocation? = nil)
  {
    self.name = name
    self.declarations = declarations
    self.location = location
  }

  /// The element the style applies to automatically, or `nil` for a named style.
  public var element: ThemeElement? { ThemeElement(styleName: name) }

  /// The value of the last declaration of `keyPath`.
  public subscript(keyPath: String) -> ThemeValue? {
    declarations.last { $0.keyPath == keyPath }?.value
  }
}
