import Foundation

/// Mirror of UIKit's `UIImageView`.
@MainActor
open class UIImageView: UIView {
  open var image: UIImage?

  public init(image: UIImage?) {
    self.image = image
    super.init(frame: .zero)
  }
}
