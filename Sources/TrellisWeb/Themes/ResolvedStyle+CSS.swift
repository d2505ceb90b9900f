import Trellis

/// One CSS declaration: a property and its value.
public struct CSSDeclaration: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The property (`background-color`, `--detail-color`).
  public var property: String
  /// The value (`rgba(0, 255, 255, 1)`).
  public var value: String

  /// Creates a declaration.
  public init(_ property: String, _ value: String) {
    self.property = property
    self.value = value
  }

  /// `property: value;`
  public var description: String { "\(property): \(value);" }
}

/// The style as CSS, for the web host.
extension ResolvedStyle {
  /// The attributes a browser can show, as CSS declarations in a stable order.
  ///
  /// - Colours become `rgba(...)`; a pattern colour becomes `background-image: url(...)`.
  /// - `textLabel.font` becomes `font-family` (quoted, with `system-ui` for the system font),
  ///   `font-size` in px, and `font-weight: bold` / `font-style: italic` from the name.
  /// - `backgroundImage` and `backgroundView` become `background-image`; cap insets become a
  ///   `border-image` slice with the same border widths.
  /// - `separatorStyle` and `separatorColor` become `border-bottom` (`none`, `1px solid`, or
  ///   `1px groove` for etched); on a table they are its rows' (``tableCSSDeclarations``).
  /// - `textLabel.textAlignment` becomes `text-align` (the row's text moves with it).
  /// - `height`/`rowHeight` become `min-height`; `alpha` `opacity`; `hidden` `display: none`;
  ///   `clipsToBounds` `overflow: hidden`; `layer.*` the border colour, width and radius.
  /// - The detail label and tint have no CSS property of their own: they become custom
  ///   properties (`--detail-color`, `--detail-font-family`, `--detail-font-size`,
  ///   `--tint-color`, `--bar-tint-color`) for the host's stylesheet to use; so do the text
  ///   colour again (`--text-color`, which an action's text takes over the tint), the text's
  ///   background (`textLabel.backgroundColor` → `--text-background`) and a text field's
  ///   colour and font (`textField.textColor`, `textField.font` → `--field-color`,
  ///   `--field-font-family`, `--field-font-size`, …).
  /// - So do the controls' tints (`switchControl.onTintColor` → `--switch-tint`,
  ///   `slider.minimumTrackTintColor`, `slider.maximumTrackTintColor` and
  ///   `slider.thumbTintColor` → `--slider-min-tint`, `--slider-max-tint`,
  ///   `--slider-thumb-tint`, `segmentedControl.tintColor` → `--segment-tint`), the selected
  ///   background (`selectedBackgroundColor` → `--selected-background`,
  ///   `selectedBackgroundView` → `--selected-background-image`) and the control layout
  ///   (`controlMargin`, `controlIndentation`, `maxTextLabelWidth` → `--control-margin`,
  ///   `--control-indentation`, `--text-max-width`, in px).
  ///
  /// Other attributes (strings, style names, control-specific colours) have no CSS form and are
  /// left out.
  public var cssDeclarations: [CSSDeclaration] {
    var css: [CSSDeclaration] = []
    func add(_ property: String, _ value: String) { css.append(CSSDeclaration(property, value)) }
    func addColor(_ property: String, _ color: ThemeColor?) {
      guard let color else { return }
      if let image = color.patternImage {
        add("background-image", Self.cssURL(image))
      } else {
        add(property, color.cssRGBA)
      }
    }
    func addFont(_ prefix: String, _ font: ThemeFont?) {
      guard let font else { return }
      let family = font.isSystem ? "system-ui" : "\(Self.cssString(font.family)), system-ui"
      add("\(prefix)font-family", family)
      add("\(prefix)font-size", "\(ThemeColor.shortNumber(font.size))px")
      if font.isBold { add("\(prefix)font-weight", "bold") }
      if font.isItalic { add("\(prefix)font-style", "italic") }
    }
    func addImage(_ image: ThemeImage?) {
      guard let image else { return }
      add("background-image", Self.cssURL(image.name))
      guard let insets = image.capInsets else { return }
      let slice = [insets.top, insets.right, insets.bottom, insets.left].map(ThemeColor.shortNumber)
      add("border-image", "\(Self.cssURL(image.name)) \(slice.joined(separator: " ")) fill")
      add("border-style", "solid")
      add("border-width", slice.map { "\($0)px" }.joined(separator: " "))
    }
    addColor("background-color", backgroundColor)
    addImage(backgroundImage)
    addImage(backgroundView)
    addColor("color", textColor)
    addFont("", font)
    addColor("--detail-color", detailTextColor)
    addFont("--detail-", detailFont)
    // Beside `color`: an action's text takes it over the tint.
    if let textColor, textColor.patternImage == nil { add("--text-color", textColor.cssRGBA) }
    if let color = color("textLabel.backgroundColor"), color.patternImage == nil {
      add("--text-background", color.cssRGBA)
    }
    if let color = color("textField.textColor"), color.patternImage == nil {
      add("--field-color", color.cssRGBA)
    }
    addFont("--field-", font("textField.font"))
    addColor("--tint-color", tintColor)
    addColor("--bar-tint-color", barTintColor)
    for (property, tint) in [
      ("--switch-tint", color("switchControl.onTintColor")),
      ("--slider-min-tint", color("slider.minimumTrackTintColor")),
      ("--slider-max-tint", color("slider.maximumTrackTintColor")),
      ("--slider-thumb-tint", color("slider.thumbTintColor")),
      ("--segment-tint", color("segmentedControl.tintColor")),
      ("--selected-background", selectedBackgroundColor),
    ] {
      // A pattern is an image, which no control's colour can be.
      if let tint, tint.patternImage == nil { add(property, tint.cssRGBA) }
    }
    if let image = selectedBackgroundView {
      add("--selected-background-image", Self.cssURL(image.name))
    }
    for (property, points) in [
      ("--control-margin", controlMargin), ("--control-indentation", controlIndentation),
      ("--text-max-width", maxTextLabelWidth),
    ] {
      if let length = points.flatMap(HTMLRenderer.length) { add(property, length) }
    }
    if let separatorStyle {
      let line = separatorColor?.cssRGBA ?? "currentColor"
      switch separatorStyle {
      case .none: add("border-bottom", "none")
      case .singleLine: add("border-bottom", "1px solid \(line)")
      case .singleLineEtched: add("border-bottom", "1px groove \(line)")
      }
    } else if let separatorColor {
      add("border-bottom-color", separatorColor.cssRGBA)
    }
    if let alignment = textAlignment { add("text-align", alignment) }
    if let height { add("min-height", "\(ThemeColor.shortNumber(height))px") }
    if let alpha = number("alpha") { add("opacity", ThemeColor.shortNumber(alpha)) }
    if bool("hidden") == true { add("display", "none") }
    if bool("clipsToBounds") == true { add("overflow", "hidden") }
    if let color = color("layer.borderColor") { add("border-color", color.cssRGBA) }
    if let width = number("layer.borderWidth") {
      add("border-width", "\(ThemeColor.shortNumber(width))px")
      add("border-style", "solid")
    }
    if let radius = number("layer.cornerRadius") {
      add("border-radius", "\(ThemeColor.shortNumber(radius))px")
    }
    return css
  }

  /// `textLabel.textAlignment` (or `textAlignment`) as a CSS `text-align` value: UIKit's
  /// constants (`NSTextAlignmentCenter`, `UITextAlignmentRight`) or the bare words (`center`).
  var textAlignment: String? {
    guard
      let value = attributes["textLabel.textAlignment"] ?? attributes["textAlignment"],
      let word = value.nameValue ?? value.stringValue
    else { return nil }
    return Self.textAlign(word)
  }

  /// An alignment's name (UIKit's constant, or a ``RowAttributes/TextAlignment``'s raw value)
  /// as a CSS `text-align` value; `nil` for a name that is none.
  static func textAlign(_ word: String) -> String? {
    let lowered = word.lowercased()
    for (suffix, css) in [
      ("center", "center"), ("right", "right"), ("left", "left"), ("justified", "justify"),
      ("natural", "start"),
    ] where lowered.hasSuffix(suffix) {
      return css
    }
    return nil
  }

  /// The CSS declarations as one `property: value;` string, separated by spaces.
  public var cssText: String { cssDeclarations.map(\.description).joined(separator: " ") }

  /// The declarations of a table's style, on the element that holds its rows: the row height
  /// and the separators are the rows', so they become the custom properties the rows read
  /// (`--row-height`, `--separator`) rather than the table's own height and border.
  public var tableCSSDeclarations: [CSSDeclaration] {
    var css = cssDeclarations.filter {
      !["min-height", "border-bottom", "border-bottom-color"].contains($0.property)
    }
    if let height {
      css.append(CSSDeclaration("--row-height", "\(ThemeColor.shortNumber(height))px"))
    }
    if separatorStyle == ThemeSeparatorStyle.none {
      css.append(CSSDeclaration("--separator", "transparent"))
    } else if let separatorColor, separatorColor.patternImage == nil {
      css.append(CSSDeclaration("--separator", separatorColor.cssRGBA))
    }
    return css
  }

  /// `url("name")`, escaped for CSS.
  ///
  /// A bare image name (`bubble.png`) is served with the rows' images (`/images/NAME`), so
  /// that a theme's pictures load wherever the page is.
  static func cssURL(_ name: String) -> String {
    let address = WebImage.isImageName(name) ? "/images/" + name : name
    return "url(\(cssString(address)))"
  }

  /// `text` as a double-quoted CSS string, with quotes, backslashes and line breaks escaped.
  static func cssString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "<", ">": result += "\\\(String(scalar.value, radix: 16)) "
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\\(String(scalar.value, radix: 16)) "
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
