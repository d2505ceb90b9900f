#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  extension UIColor {
    /// The colour a theme names: its components, or its pattern image.
    public convenience init(_ color: ThemeColor) {
      if let pattern = color.patternImage, let image = UIImage(named: pattern) {
        self.init(patternImage: image)
      } else {
        self.init(
          red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
          alpha: CGFloat(color.alpha))
      }
    }
  }

  extension UIFont {
    /// The font a theme names: the system font (bold or italic as named), or a font by name;
    /// the system font of the size when no font has the name.
    public static func themed(_ font: ThemeFont) -> UIFont {
      let size = CGFloat(font.size)
      if font.isSystem {
        if font.isBold { return .boldSystemFont(ofSize: size) }
        if font.isItalic { return .italicSystemFont(ofSize: size) }
        return .systemFont(ofSize: size)
      }
      return UIFont(name: font.name, size: size) ?? .systemFont(ofSize: size)
    }
  }
#endif
