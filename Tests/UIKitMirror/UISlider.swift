import Foundation

/// Mirror of UIKit's `UISlider`.
@MainActor
open class UISlider: UIControl {
  open var value: Float = 0
  open var minimumValue: Float = 0
  open var maximumValue: Float = 1
  open var isContinuous = true
  open var minimumTrackTintColor: UIColor?
  open var maximumTrackTintColor: UIColor?
  open var thumbTintColor: UIColor?
}
