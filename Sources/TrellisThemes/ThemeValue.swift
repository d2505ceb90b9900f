import TrellisValues

/// One typed attribute value from a theme.
///
/// Which case a value takes depends on the attribute's type (see ``ThemeAttribute``): the same
/// text `"background.png"` is a pattern ``color(_:)`` for `backgroundColor` and an
/// ``image(_:)`` for `backgroundImage`.
public enum ThemeValue: Hashable, Sendable, CustomStringConvertible {
  /// A quoted string (`"Hello World!"`).
  case string(String)
  /// A number (`60`, `0.5`).
  case number(Double)
  /// A Boolean (`YES`, `NO`, `TRUE`, `FALSE`, any case).
  case bool(Bool)
  /// A colour (`orangeColor`, `rgb(100, 0, 255)`, `#CC33FF`, `"pattern.png"`).
  case color(ThemeColor)
  /// A font (`Chalkduster 14`).
  case font(ThemeFont)
  /// An image resource, also used for view attributes such as `backgroundView`.
  case image(ThemeImage)
  /// A separator style (`singleLine`, `UITableViewCellSeparatorStyleNone`).
  case separatorStyle(ThemeSeparatorStyle)
  /// A bare word: the name of another theme style (`oddCellsThemeStyle: CyanCell;`), or a
  /// constant Trellis does not interpret.
  case name(String)

  /// The type this value has, as named in messages.
  public var typeName: String {
    switch self {
    case .string: "string"
    case .number: "number"
    case .bool: "Boolean"
    case .color: "colour"
    case .font: "font"
    case .image: "image"
    case .separatorStyle: "separator style"
    case .name: "name"
    }
  }

  /// The string, if this is a string.
  public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
  /// The number, if this is a number.
  public var numberValue: Double? { if case .number(let v) = self { v } else { nil } }
  /// The Boolean, if this is a Boolean.
  public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
  /// The colour, if this is a colour.
  public var colorValue: ThemeColor? { if case .color(let v) = self { v } else { nil } }
  /// The font, if this is a font.
  public var fontValue: ThemeFont? { if case .font(let v) = self { v } else { nil } }
  /// The image, if this is an image.
  public var imageValue: ThemeImage? { if case .image(let v) = self { v } else { nil } }
  /// The separator style, if this is one.
  public var separatorStyleValue: ThemeSeparatorStyle? {
    if case .separatorStyle(let v) = self { v } else { nil }
  }
  /// The bare word, if this is a name.
  public var nameValue: String? { if case .name(let v) = self { v } else { nil } }

  /// How the value is written in a theme file, in canonical form.
  public var description: String {
    switch self {
    case .string(let v): ThemeLexer.quoted(v)
    case .number(let v): ThemeColor.shortNumber(v)
    case .bool(let v): v ? "YES" : "NO"
    case .color(let v): v.uiColorName ?? v.description
    case .font(let v): v.description
    case .image(let v): v.description
    case .separatorStyle(let v): v.rawValue
    case .name(let v): v
    }
  }
}
