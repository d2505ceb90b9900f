import Foundation

/// Mirror of UIKit's `UIColor`, keeping its components so tests can read them.
open class UIColor: NSObject, @unchecked Sendable {
  /// The components, red, green, blue and alpha from 0 to 1; `nil` for a system colour.
  public let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)?
  /// The system colour's name, or the pattern image's.
  public let name: String?

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = (red, green, blue, alpha)
    name = nil
    super.init()
  }

  public init(white: CGFloat, alpha: CGFloat) {
    components = (white, white, white, alpha)
    name = nil
    super.init()
  }

  public init(patternImage image: UIImage) {
    components = nil
    name = "pattern:" + (image.name ?? "")
    super.init()
  }

  init(systemName: String) {
    components = nil
    name = systemName
    super.init()
  }

  open class var label: UIColor { UIColor(systemName: "label") }
  open class var secondaryLabel: UIColor { UIColor(systemName: "secondaryLabel") }
  open class var systemRed: UIColor { UIColor(systemName: "systemRed") }
  open class var systemBackground: UIColor { UIColor(systemName: "systemBackground") }
  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
}
