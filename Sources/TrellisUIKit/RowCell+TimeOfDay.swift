#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  extension RowCell {
    /// A time picker over a time of day kept as text: it shows `text` (today, at that time on
    /// the person's clock) and enters the time picked as `HH:mm`.
    func timePicker(_ text: String, enabled: Bool) -> UIDatePicker {
      let picker = UIDatePicker(frame: .zero)
      picker.preferredDatePickerStyle = .compact
      picker.datePickerMode = .time
      if let date = Self.date(today: text) { picker.date = date }
      picker.isEnabled = enabled
      picker.addAction(
        UIAction { [weak self, weak picker] _ in
          guard let picker else { return }
          self?.onInput?(.text(Self.timeText(picker.date)))
        }, for: .valueChanged)
      return picker
    }

    /// Today at the time `text` writes (`09:30`, `17:45:30`), on the person's clock.
    static func date(today text: String) -> Date? {
      guard let time = TimeOfDayText(text), time.hour < 24 else { return nil }
      return Calendar.current.date(
        bySettingHour: time.hour, minute: time.minute, second: Int(time.second), of: Date())
    }

    /// The time `date` shows on the person's clock, as `HH:mm`.
    static func timeText(_ date: Date) -> String {
      let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
      return [parts.hour ?? 0, parts.minute ?? 0].map { $0 < 10 ? "0\($0)" : "\($0)" }
        .joined(separator: ":")
    }
  }
#endif
