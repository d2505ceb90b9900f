import TrellisValues

/// A parsed theme: CSS-like styles that dress the table, the navigation bar, sections and rows.
///
/// A theme file (`.sct`, after STV's SCTheme) is a list of styles:
///
/// ```
/// /* A comment. */
/// UITableView
/// {
///     // Another comment.
///     backgroundColor: greenColor;
/// }
///
/// CyanCell { backgroundColor: cyanColor; textLabel.font: Chalkduster 14; }
/// ```
///
/// - A style is a name and braces holding `attribute: value;` declarations. The last declaration
///   may omit its `;`, as in CSS. A name that is an element name (see ``ThemeElement``) styles
///   every such element; any other name is a named style that rows and sections opt into.
/// - Attributes are key paths (`textLabel.font`); ``ThemeAttribute`` lists the known ones.
/// - Values (see ``ThemeValue``): strings in double or single quotes; numbers (`60`, `0.5`);
///   Booleans `YES`/`NO`/`TRUE`/`FALSE` in any case; colours as a UIColor name (`orangeColor`, or
///   `orange`), `rgb(r, g, b)` or `rgb(r, g, b, alpha)` with components 0–255 and alpha 0–1
///   (`rgba(...)` is the same), `#RGB`, `#RRGGBB` or `#RRGGBBAA`, or a quoted image name for a
///   pattern; fonts as `Name Size` (`Courier-Bold 12`, `"Helvetica Neue" 14`); images as a quoted
///   name with optional `capInsets(top, left, bottom, right)`; separator styles as `none`,
///   `singleLine`, `singleLineEtched` or UIKit's constants.
/// - Comments are `/* ... */` and `// ...` to the end of the line.
///
/// Parse with ``parse(_:file:)`` (a theme and every diagnostic) or ``init(parsing:file:)`` (throws
/// when there are errors). Resolve styles with ``resolvedStyle(forRowKind:themeStyle:rowIndex:sectionStyle:)``
/// and friends.
public struct Theme: Hashable, Sendable {
  /// The styles, in the order written. A name may appear more than once; later declarations win.
  public let styles: [ThemeStyle]
  /// Each name's declarations, merged in order.
  let stylesByName: [String: ResolvedStyle]
  /// Each element's declarations, merged in order across its name and aliases.
  let stylesByElement: [ThemeElement: ResolvedStyle]

  /// A theme with `styles`.
  public init(styles: [ThemeStyle]) {
    self.styles = styles
    var byName: [String: ResolvedStyle] = [:]
    var byElement: [ThemeElement: ResolvedStyle] = [:]
    for style in styles {
      byName[style.name, default: .empty] = byName[style.name, default: .empty].overlaid(
        with: style)
      if let element = style.element {
        byElement[element, default: .empty] = byElement[element, default: .empty].overlaid(
          with: style)
      }
    }
    self.stylesByName = byName
    self.stylesByElement = byElement
  }

  /// A theme with no styles.
  public static let empty = Theme(styles: [])

  /// The names of the styles, once each, in the order first written.
  public var styleNames: [String] {
    var seen: Set<String> = []
    return styles.map(\.name).filter { seen.insert($0).inserted }
  }

  /// The declarations of every style called `name`, merged; `nil` if there is none.
  public func style(named name: String) -> ResolvedStyle? { stylesByName[name] }

  public static func == (lhs: Theme, rhs: Theme) -> Bool { lhs.styles == rhs.styles }

  public func hash(into hasher: inout Hasher) { hasher.combine(styles) }
}
