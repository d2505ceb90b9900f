import Foundation

extension NSAttributedString.Key {
  /// Mirror of UIKit's `NSAttributedString.Key.font`.
  public static let font = NSAttributedString.Key("NSFont")
}

extension NSString {
  /// Mirror of UIKit's `size(withAttributes:)`: one line, each character half as wide as its
  /// font's size (the system font of 17 points when none is given).
  public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    let font = attributes?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 17)
    return CGSize(width: CGFloat(length) * font.pointSize / 2, height: font.pointSize * 1.2)
  }
}
