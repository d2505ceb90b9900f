import Foundation

/// Mirror of UIKit's `UIDatePicker`.
@MainActor
open class UIDatePicker: UIControl {
  /// The date shown: now until set, as in UIKit.
  open var date = Date() { didSet { isDateSet = true } }
  /// Whether `date` was set, so that a picker left at "now" shows the same in every
  /// configuration (mirror only).
  public private(set) var isDateSet = false
  open var datePickerMode = Mode.dateAndTime
  open var preferredDatePickerStyle = UIDatePickerStyle.automatic
  open var minimumDate: Date?
  open var maximumDate: Date?
  open var minuteInterval = 1

  /// What the picker picks.
  public enum Mode: Int, Sendable {
    case time, date, dateAndTime, countDownTimer
  }
}

/// Mirror of UIKit's `UIDatePickerStyle`.
public enum UIDatePickerStyle: Int, Sendable {
  case automatic, wheels, compact, inline
}
