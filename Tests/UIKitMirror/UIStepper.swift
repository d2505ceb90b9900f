import Foundation

/// Mirror of UIKit's `UIStepper`.
@MainActor
open class UIStepper: UIControl {
  open var value: Double = 0
  open var minimumValue: Double = 0
  open var maximumValue: Double = 100
  open var stepValue: Double = 1
}
