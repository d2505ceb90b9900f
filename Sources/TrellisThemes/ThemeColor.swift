import TrellisValues

/// A colour from a theme: red, green, blue and alpha components between 0 and 1, or a pattern
/// drawn from an image.
///
/// A pattern colour (`backgroundColor: "background.png";`) has ``patternImage`` set and clear
/// components (all 0), so a host that cannot draw images falls back to no colour at all.
public struct ThemeColor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The red component, 0...1.
  public var red: Double
  /// The green component, 0...1.
  public var green: Double
  /// The blue component, 0...1.
  public var blue: Double
  /// The opacity, 0 (clear) ... 1 (opaque).
  public var alpha: Double
  /// The image resource the colour tiles, for a pattern colour.
  public var patternImage: String?

  /// Creates a colour from components between 0 and 1; values outside are clamped.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
    self.patternImage = nil
  }

  /// Creates a colour from 0–255 components and an alpha between 0 and 1.
  public init(red255 red: Double, green255 green: Double, blue255 blue: Double, alpha: Double = 1) {
    self.init(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
  }

  /// A grey with the given white level.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// A colour that tiles the image resource `image`.
  public init(patternImage image: String) {
    self.init(red: 0, green: 0, blue: 0, alpha: 0)
    self.patternImage = image
  }

  /// Whether the colour is fully transparent and has no pattern.
  public var isClear: Bool { alpha == 0 && patternImage == nil }

  /// The components as 0–255 integers, rounded.
  public var rgb255: (red: Int, green: Int, blue: Int) {
    (Self.byte(red), Self.byte(green), Self.byte(blue))
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque.
  public var hexString: String {
    let parts = [red, green, blue] + (alpha < 1 ? [alpha] : [])
    return "#" + parts.map { Self.hexByte(Self.byte($0)) }.joined()
  }

  /// The CSS `rgba(r, g, b, a)` form, with 0–255 components.
  public var cssRGBA: String {
    let (r, g, b) = rgb255
    return "rgba(\(r), \(g), \(b), \(Self.shortNumber(alpha)))"
  }

  /// How the colour is written in a theme file: `"image"` for a pattern, else ``hexString``.
  public var description: String {
    if let patternImage { return ThemeLexer.quoted(patternImage) }
    return hexString
  }

  static func clamp(_ value: Double) -> Double {
    guard value.isFinite else { return value > 0 ? 1 : 0 }
    return Swift.min(1, Swift.max(0, value))
  }

  static func byte(_ component: Double) -> Int {
    Int((clamp(component) * 255).rounded())
  }

  static func hexByte(_ byte: Int) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[(byte >> 4) & 0xF], digits[byte & 0xF]])
  }

  /// A number without a trailing `.0`, with at most three decimals.
  package static func shortNumber(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
  }
}
