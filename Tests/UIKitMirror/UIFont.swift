import Foundation

/// Mirror of UIKit's `UIFont`.
open class UIFont: NSObject, @unchecked Sendable {
  public let fontName: String
  public let pointSize: CGFloat

  init(fontName: String, pointSize: CGFloat) {
    self.fontName = fontName
    self.pointSize = pointSize
    super.init()
  }

  /// A named font; `nil` when the system has no font by that name (the mirror has them all).
  public convenience init?(name fontName: String, size fontSize: CGFloat) {
    self.init(fontName: fontName, pointSize: fontSize)
  }

  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(fontName: ".SFUI-Regular", pointSize: fontSize)
  }

  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(fontName: ".SFUI-Bold", pointSize: fontSize)
  }

  open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(fontName: ".SFUI-Italic", pointSize: fontSize)
  }
}
