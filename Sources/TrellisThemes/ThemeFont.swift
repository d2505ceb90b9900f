import TrellisValues

/// A font from a theme: a name and a point size (`textLabel.font: Chalkduster 14;`).
///
/// The name is kept as written (`Courier-Bold`, `Helvetica Neue`). Hosts read its family and
/// traits from ``family``, ``isBold`` and ``isItalic``. The names `System`, `System-Bold` and
/// `System-Italic` (also `systemFont`, `boldSystemFont`, `italicSystemFont`) stand for the
/// platform's system font.
public struct ThemeFont: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The font's name as written.
  public var name: String
  /// The size in points.
  public var size: Double

  /// Creates a font.
  public init(name: String, size: Double) {
    self.name = name
    self.size = size
  }

  /// Whether the name stands for the platform's system font.
  public var isSystem: Bool {
    let lowered = name.lowercased()
    return [
      "system", "system-bold", "system-italic", "systemfont", "boldsystemfont",
      "italicsystemfont",
    ].contains(lowered)
  }

  /// The family: the name before a `-Style` suffix (`Courier-Bold` → `Courier`).
  public var family: String {
    if isSystem { return "System" }
    guard let dash = name.lastIndex(of: "-"), dash != name.startIndex else { return name }
    return String(name[..<dash])
  }

  /// Whether the name asks for a bold face (`-Bold`, `Bold`, `Heavy`, `Black`, `boldSystemFont`).
  public var isBold: Bool {
    let style = styleWords
    return style.contains("bold") || style.contains("heavy") || style.contains("black")
  }

  /// Whether the name asks for an italic face (`-Italic`, `-Oblique`, `italicSystemFont`).
  public var isItalic: Bool {
    let style = styleWords
    return style.contains("italic") || style.contains("oblique")
  }

  /// How the font is written in a theme file: `Name Size`.
  public var description: String {
    let words = name.split(separator: " ", omittingEmptySubsequences: false)
    let safeName = words.allSatisfy { ThemeLexer.isIdentifier($0) }
    return "\(safeName ? name : ThemeLexer.quoted(name)) \(ThemeColor.shortNumber(size))"
  }

  private var styleWords: String {
    let lowered = name.lowercased()
    if lowered.hasSuffix("systemfont") { return lowered }
    if let dash = lowered.lastIndex(of: "-") { return String(lowered[dash...]) }
    return lowered.split(separator: " ").dropFirst().joined(separator: " ")
  }
}
