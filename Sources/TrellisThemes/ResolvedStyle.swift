import TrellisValues

/// The attributes that apply to one element after the theme's cascade, ready for a host to
/// apply: attribute key path → typed value.
///
/// JSON: `{"attributes": {"backgroundColor": {"color": {...}}, ...}, "appliedStyles": [...]}`.
public struct ResolvedStyle: Hashable, Sendable, Codable {
  /// The attributes by key path.
  public var attributes: [String: ThemeValue]
  /// The names of the styles that contributed, from the weakest to the strongest.
  public var appliedStyles: [String]

  /// Creates a resolved style.
  public init(attributes: [String: ThemeValue] = [:], appliedStyles: [String] = []) {
    self.attributes = attributes
    self.appliedStyles = appliedStyles
  }

  /// No attributes at all.
  public static let empty = ResolvedStyle()

  /// Whether no attribute is set.
  public var isEmpty: Bool { attributes.isEmpty }

  /// The value at `keyPath`.
  public subscript(keyPath: String) -> ThemeValue? { attributes[keyPath] }

  /// This style with `other` laid over it: each attribute `other` sets replaces this one's, and
  /// every other attribute is kept.
  public func overlaid(with other: ResolvedStyle) -> ResolvedStyle {
    guard !other.appliedStyles.isEmpty || !other.isEmpty else { return self }
    var result = self
    result.attributes.merge(other.attributes) { _, new in new }
    result.appliedStyles += other.appliedStyles
    return result
  }

  /// This style with the declarations of `style` laid over it, in order.
  func overlaid(with style: ThemeStyle) -> ResolvedStyle {
    var result = self
    for declaration in style.declarations {
      result.attributes[declaration.keyPath] = declaration.value
    }
    result.appliedStyles.append(style.name)
    return result
  }

  /// The colour at `keyPath`.
  public func color(_ keyPath: String) -> ThemeColor? { attributes[keyPath]?.colorValue }
  /// The font at `keyPath`.
  public func font(_ keyPath: String) -> ThemeFont? { attributes[keyPath]?.fontValue }
  /// The number at `keyPath`.
  public func number(_ keyPath: String) -> Double? { attributes[keyPath]?.numberValue }
  /// The Boolean at `keyPath`.
  public func bool(_ keyPath: String) -> Bool? { attributes[keyPath]?.boolValue }
  /// The string at `keyPath`.
  public func string(_ keyPath: String) -> String? { attributes[keyPath]?.stringValue }
  /// The image at `keyPath`.
  public func image(_ keyPath: String) -> ThemeImage? { attributes[keyPath]?.imageValue }
}

/// Accessors for the attributes hosts apply most.
extension ResolvedStyle {
  /// `backgroundColor`.
  public var backgroundColor: ThemeColor? { color("backgroundColor") }
  /// The main text colour: `textLabel.textColor`, else `textColor`.
  public var textColor: ThemeColor? { color("textLabel.textColor") ?? color("textColor") }
  /// The main font: `textLabel.font`, else `font`.
  public var font: ThemeFont? { font("textLabel.font") ?? font("font") }
  /// `detailTextLabel.textColor`.
  public var detailTextColor: ThemeColor? { color("detailTextLabel.textColor") }
  /// `detailTextLabel.font`.
  public var detailFont: ThemeFont? { font("detailTextLabel.font") }
  /// `tintColor`.
  public var tintColor: ThemeColor? { color("tintColor") }
  /// `barTintColor`, the navigation bar's background.
  public var barTintColor: ThemeColor? { color("barTintColor") }
  /// `separatorStyle`.
  public var separatorStyle: ThemeSeparatorStyle? {
    attributes["separatorStyle"]?.separatorStyleValue
  }
  /// `separatorColor`.
  public var separatorColor: ThemeColor? { color("separatorColor") }
  /// `backgroundImage`.
  public var backgroundImage: ThemeImage? { image("backgroundImage") }
  /// `backgroundView`: an image shown behind the element.
  public var backgroundView: ThemeImage? { image("backgroundView") }
  /// A row's height: `height`, else the table's `rowHeight`.
  public var height: Double? { number("height") ?? number("rowHeight") }
  /// A section's `oddCellsThemeStyle`: the style of its 1st, 3rd, 5th... rows.
  public var oddCellsThemeStyle: String? { attributes["oddCellsThemeStyle"]?.nameValue }
  /// A section's `evenCellsThemeStyle`: the style of its 2nd, 4th, 6th... rows.
  public var evenCellsThemeStyle: String? { attributes["evenCellsThemeStyle"]?.nameValue }
}
