import Foundation

/// Mirror of UIKit's `UIContentConfiguration`.
public protocol UIContentConfiguration {}

/// Mirror of UIKit's `UIListContentConfiguration`: a cell's image, text and secondary text.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  public var image: UIImage?
  public var text: String?
  public var secondaryText: String?
  public var textProperties = TextProperties()
  public var secondaryTextProperties = TextProperties()
  /// The margins around the content, UIKit's default for a cell.
  public var directionalLayoutMargins = NSDirectionalEdgeInsets(
    top: 11, leading: 16, bottom: 11, trailing: 16)
  /// Which of UIKit's layouts the configuration is (mirror only): cell, valueCell, subtitleCell.
  public let layout: String

  init(layout: String) { self.layout = layout }

  public static func cell() -> UIListContentConfiguration { .init(layout: "cell") }
  public static func valueCell() -> UIListContentConfiguration { .init(layout: "valueCell") }
  public static func subtitleCell() -> UIListContentConfiguration { .init(layout: "subtitleCell") }

  /// How a text is drawn.
  public struct TextProperties: Hashable {
    public var font: UIFont?
    public var color: UIColor?
    public var alignment = TextAlignment.natural
    public var numberOfLines = 0

    /// Mirror of `UIListContentConfiguration.TextProperties.TextAlignment`.
    public enum TextAlignment: Int, Sendable {
      case natural, center, justified
    }
  }
}
