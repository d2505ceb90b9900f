import Foundation

/// Mirror of UIKit's `UILabel`.
@MainActor
open class UILabel: UIView {
  open var text: String?
  open var textColor: UIColor!
  open var font: UIFont!
  open var numberOfLines = 1
}
