import Foundation

/// Mirror of UIKit's `UISwitch`.
@MainActor
open class UISwitch: UIControl {
  open var isOn = false
  open var onTintColor: UIColor?

  open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}
