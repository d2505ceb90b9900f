import TrellisValues

/// An attribute Trellis knows how to style: its key path, the type of its value and the
/// elements it applies to.
///
/// A theme may set other key paths too (STV styled any property); they draw a warning with a
/// "did you mean" suggestion, and their type is inferred from the name's ending (`...Color` is a
/// colour, `...Font` a font, `...Image` an image, `...View` a view, `...Height` a number) or,
/// failing that, from how the value is written.
public struct ThemeAttribute: Hashable, Sendable {
  /// The types of attribute value, after STV's supported property types.
  public enum ValueType: String, Hashable, Sendable, CaseIterable {
    /// A quoted string (NSString).
    case string
    /// A number (CGFloat).
    case number
    /// YES/NO/TRUE/FALSE (BOOL).
    case bool
    /// A colour (UIColor or CGColorRef).
    case color
    /// `Name Size` (UIFont).
    case font
    /// A quoted image resource with optional `capInsets(...)` (UIImage).
    case image
    /// A quoted image resource shown in an image view (UIView).
    case view
    /// A separator style constant (UITableViewCellSeparatorStyle).
    case separatorStyle
    /// The name of another theme style.
    case styleName

    /// The type as named in messages.
    public var displayName: String {
      switch self {
      case .string: "a quoted string"
      case .number: "a number"
      case .bool: "YES, NO, TRUE or FALSE"
      case .color: "a colour"
      case .font: "a font ('Name Size')"
      case .image: "a quoted image name"
      case .view: "a quoted image name"
      case .separatorStyle: "a separator style"
      case .styleName: "a style name"
      }
    }
  }

  /// The elements an attribute applies to.
  public struct Targets: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let table = Targets(rawValue: 1)
    public static let navigationBar = Targets(rawValue: 2)
    public static let section = Targets(rawValue: 4)
    public static let cell = Targets(rawValue: 8)
    /// The elements that are views: table, navigation bar and cells.
    public static let views: Targets = [.table, .navigationBar, .cell]
  }

  /// The key path, such as `textLabel.font`.
  public var keyPath: String
  /// The type of its value.
  public var type: ValueType
  /// The elements it applies to.
  public var targets: Targets

  /// Creates an attribute description.
  public init(keyPath: String, type: ValueType, targets: Targets) {
    self.keyPath = keyPath
    self.type = type
    self.targets = targets
  }

  /// The known attribute at `keyPath`, accepting the aliases in ``aliases``.
  public static func named(_ keyPath: String) -> ThemeAttribute? {
    byKeyPath[aliases[keyPath] ?? keyPath]
  }

  /// Alternative spellings accepted for an attribute: the seed's prose also writes the section's
  /// odd/even attributes without the plural `s`.
  public static let aliases: [String: String] = [
    "oddCellThemeStyle": "oddCellsThemeStyle",
    "evenCellThemeStyle": "evenCellsThemeStyle",
  ]

  /// Every attribute Trellis knows.
  public static let all: [ThemeAttribute] = {
    var list: [ThemeAttribute] = []
    func add(_ keyPath: String, _ type: ValueType, _ targets: Targets) {
      list.append(ThemeAttribute(keyPath: keyPath, type: type, targets: targets))
    }
    // Every view.
    add("backgroundColor", .color, .views)
    add("tintColor", .color, .views)
    add("alpha", .number, .views)
    add("hidden", .bool, .views)
    add("clipsToBounds", .bool, .views)
    add("backgroundImage", .image, .views)
    add("layer.borderColor", .color, .views)
    add("layer.borderWidth", .number, .views)
    add("layer.cornerRadius", .number, .views)
    add("backgroundView", .view, [.table, .cell])
    // The table.
    add("separatorStyle", .separatorStyle, .table)
    add("separatorColor", .color, .table)
    add("rowHeight", .number, .table)
    add("sectionHeaderHeight", .number, .table)
    add("sectionFooterHeight", .number, .table)
    // The navigation bar.
    add("barTintColor", .color, .navigationBar)
    add("translucent", .bool, .navigationBar)
    // Sections.
    add("oddCellsThemeStyle", .styleName, .section)
    add("evenCellsThemeStyle", .styleName, .section)
    add("headerTitle", .string, .section)
    add("footerTitle", .string, .section)
    add("headerHeight", .number, .section)
    add("footerHeight", .number, .section)
    add("headerView", .view, .section)
    add("footerView", .view, .section)
    // Cells.
    add("height", .number, .cell)
    add("selectedBackgroundView", .view, .cell)
    add("selectedBackgroundColor", .color, .cell)
    // SCControlCell's layout of text and control, and SCTableViewCell's automatic height.
    add("controlMargin", .number, .cell)
    add("controlIndentation", .number, .cell)
    add("maxTextLabelWidth", .number, .cell)
    add("autoResize", .bool, .cell)
    add("imageView.image", .image, .cell)
    for label in ["textLabel", "detailTextLabel", "label", "textField", "textView"] {
      add("\(label).font", .font, .cell)
      add("\(label).textColor", .color, .cell)
      add("\(label).backgroundColor", .color, .cell)
    }
    for label in ["textLabel", "detailTextLabel"] {
      add("\(label).highlightedTextColor", .color, .cell)
      add("\(label).text", .string, .cell)
    }
    add("switchControl.onTintColor", .color, .cell)
    add("slider.minimumTrackTintColor", .color, .cell)
    add("slider.maximumTrackTintColor", .color, .cell)
    add("slider.thumbTintColor", .color, .cell)
    add("segmentedControl.tintColor", .color, .cell)
    return list
  }()

  /// Every known key path and alias, for "did you mean" suggestions.
  static let allKeyPaths: [String] = all.map(\.keyPath) + aliases.keys.sorted()

  private static let byKeyPath: [String: ThemeAttribute] = Dictionary(
    all.map { ($0.keyPath, $0) }, uniquingKeysWith: { first, _ in first })

  /// The type an unknown key path probably has, from the ending of its last component.
  static func inferredType(forKeyPath keyPath: String) -> ValueType? {
    let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
    let lowered = last.lowercased()
    if lowered.hasSuffix("themestyle") { return .styleName }
    if lowered.hasSuffix("separatorstyle") { return .separatorStyle }
    if lowered.hasSuffix("color") { return .color }
    if lowered.hasSuffix("font") { return .font }
    if lowered.hasSuffix("image") { return .image }
    if lowered.hasSuffix("view") { return .view }
    if lowered == "text" || lowered.hasSuffix("title") || lowered.hasSuffix("text") {
      return .string
    }
    for suffix in ["height", "width", "radius", "alpha", "size", "inset", "margin"]
    where lowered.hasSuffix(suffix) {
      return .number
    }
    for name in ["hidden", "enabled", "opaque", "translucent", "clipstobounds"]
    where lowered == name {
      return .bool
    }
    return nil
  }
}
