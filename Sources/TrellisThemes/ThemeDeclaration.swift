import TrellisValues

/// One `attribute: value;` line of a theme style.
public struct ThemeDeclaration: Hashable, Sendable {
  /// The attribute's key path (`textLabel.font`), with accepted aliases replaced by the
  /// canonical name.
  public var keyPath: String
  /// The typed value.
  public var value: ThemeValue
  /// The value exactly as written, between the colon and the semicolon.
  public var rawValue: String
  /// Where the attribute's name starts, when parsed from text.
  public var location: SourceLocation?

  /// Creates a declaration; `rawValue` defaults to the value's canonical text.
  public init(
    keyPath: String, value: ThemeValue, rawValue: String? = nil, location: SourceLocation? = nil
  ) {
    self.keyPath = keyPath
    self.value = value
    self.rawValue = rawValue ?? value.description
    self.location = location
  }
}
