import Foundation

/// Mirror of UIKit's `UIDatePicker`.
@MainActor
open class UIDatePicker: UIControl {
  open var date = Date()
  open var datePickerMode = Mode.dateAndTime
  open var preferredDatePickerStyle = UIDatePickerStyle.automatic
  open var minimumDate: Date?
  open var maximumDate: Date?

  /// What the picker picks.
  public enum Mode: Int, Sendable {
    case time, date, dateAndTime, countDownTimer
  }
}

/// Mirror of UIKit's `UIDatePickerStyle`.
public enum UIDatePickerStyle: Int, Sendable {
  case automatic, wheels, compact, inline
}
