import Foundation
import TrellisValues

extension RowSnapshot {
  /// The date `text` (a time of day without a zone, such as a browser's time field sends)
  /// means for a row that shows only its time: that time, in UTC as Trellis reads dates, on the
  /// day the row's date holds, or today when it holds none. `nil` when `text` is no such time.
  func timeOfDay(_ text: String) -> Date? {
    guard let time = Self.zonelessTime(text) else { return nil }
    let day = shownDate ?? Date()
    let seconds = day.timeIntervalSince1970
    guard seconds.isFinite else { return nil }
    let midnight = (seconds / 86_400).rounded(.down) * 86_400
    return Date(
      timeIntervalSince1970: midnight + Double(time.hour * 3_600 + time.minute * 60)
        + time.second)
  }
}

extension RowSnapshot {
  /// The date `text` (a day without a time, `1820-02-01`, such as a browser's date field
  /// sends) means for a row that shows only its day: that day, at the time of day the row's
  /// date holds (in UTC), so that picking a day keeps the time a document stored. `nil` when
  /// `text` is no such day, or the row holds no date.
  func dayKeepingTime(_ text: String) -> Date? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let current = shownDate, let day = try? Value.parse(text, as: .date).dateValue
    else { return nil }
    let seconds = current.timeIntervalSince1970
    guard seconds.isFinite else { return nil }
    let inDay = seconds - (seconds / 86_400).rounded(.down) * 86_400
    return Date(timeIntervalSince1970: day.timeIntervalSince1970 + inDay)
  }
}

extension RowSnapshot {
  /// The time of day a text field that holds one shows in a time control (the web host's
  /// time input, UIKit's time picker): its text, when it is a time without a zone, or `""`
  /// when it is empty. `nil` when the row holds no time of day, or text of another form, which
  /// is edited as text.
  package var timeOfDayText: String? {
    guard kind == .textField, attributes.holdsTimeOfDay else { return nil }
    let text = value?.stringValue ?? ""
    if text.isEmpty { return "" }
    return Self.zonelessTime(text) == nil ? nil : text
  }

  /// The time of `date` in UTC, as a time field shows and takes it: `14:30`, or `14:30:15`
  /// when it has seconds.
  package static func timeText(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return "" }
    let inDay = Int((seconds - (seconds / 86_400).rounded(.down) * 86_400).rounded(.down))
    let parts = [inDay / 3_600, inDay / 60 % 60] + (inDay % 60 == 0 ? [] : [inDay % 60])
    return parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
  }

  /// The time of day `text` writes without a zone, before the day ends (`09:30`, `17:45:30`,
  /// not `24:00` or `09:30Z`): what a time control shows and sends.
  static func zonelessTime(_ text: String) -> TimeOfDayText? {
    guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == ".") }),
      let time = TimeOfDayText(text), time.hour < 24
    else { return nil }
    return time
  }
}
