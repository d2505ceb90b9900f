import TrellisValues

/// An image resource from a theme, with optional cap insets for stretching
/// (`backgroundImage: "background.png" capInsets(4, 8, 4, 8);`).
public struct ThemeImage: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The image resource's name, as written between quotes.
  public var name: String
  /// The insets that stay fixed when the image stretches, if given.
  public var capInsets: ThemeEdgeInsets?

  /// Creates an image reference.
  public init(name: String, capInsets: ThemeEdgeInsets? = nil) {
    self.name = name
    self.capInsets = capInsets
  }

  /// How the image is written in a theme file.
  public var description: String {
    let quoted = ThemeLexer.quoted(name)
    guard let capInsets else { return quoted }
    return "\(quoted) \(capInsets)"
  }
}

/// Insets in points, in UIKit's order: top, left, bottom, right.
public struct ThemeEdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The top inset.
  public var top: Double
  /// The left inset.
  public var left: Double
  /// The bottom inset.
  public var bottom: Double
  /// The right inset.
  public var right: Double

  /// Creates insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// `capInsets(top, left, bottom, right)`.
  public var description: String {
    let parts = [top, left, bottom, right].map(ThemeColor.shortNumber)
    return "capInsets(\(parts.joined(separator: ", ")))"
  }
}
