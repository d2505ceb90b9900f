import Foundation
import Trellis

extension HTMLRenderer {
  /// A date row's input: the day alone (`date`), the day and its time (`datetime-local`), or
  /// the time alone (`time`) for a row whose format shows no day, such as a Settings bundle's
  /// `DatePickerMode` `Time`. Times step by the row's ``RowAttributes/minuteInterval``, by the
  /// minute when the format shows no seconds, or by the second.
  ///
  /// The browser shows the date as its local date and time, and the server reads what it
  /// sends in UTC, as it writes it: the page and the server agree on the same text.
  func date(_ row: RowSnapshot, text: String, readOnly: String, invalid: String) -> String {
    let attributes = row.attributes
    // By the row's minutes, by the minute when its format shows no seconds, else by the
    // second.
    let step =
      attributes.minuteInterval.map { max($0, 1) * 60 }
      ?? (attributes.dateFormat?.contains("s") == false ? 60 : 1)
    var html = "<label class=\"cell field\"><span class=\"text\">\(text)</span>"
    let shown: String?
    if !attributes.showsDay {
      html += "<input class=\"control\" type=\"time\" step=\"\(step)\" data-type=\"date\""
      shown = row.shownDate.map(RowSnapshot.timeText)
    } else if attributes.showsTime {
      html +=
        "<input class=\"control\" type=\"datetime-local\" step=\"\(step)\" data-type=\"date\""
      shown = row.shownDate.map { Self.dayAndTime.text(from: $0) }
    } else {
      html += "<input class=\"control\" type=\"date\" data-type=\"date\""
      shown = row.shownDate.map { DateTextLayout.day.text(from: $0) }
    }
    html += HTML.attribute("value", shown ?? "")
    return html + "\(readOnly)\(invalid)></label>"
  }

  /// A text field that holds a time of day (``RowSnapshot/timeOfDayText``): a time input, to
  /// the second, whose value is sent as the text it shows (`09:30`, `17:45:30`).
  func timeOfDay(_ row: RowSnapshot, time: String, text: String, readOnly: String, invalid: String)
    -> String
  {
    var html = "<label class=\"cell field\"><span class=\"text\">\(text)</span>"
    html += "<input class=\"control\" type=\"time\" step=\"1\" data-type=\"text\""
    html += HTML.attribute("value", time)
    return html + "\(readOnly)\(invalid)></label>"
  }

  /// The value of a date and time input: `yyyy-MM-ddTHH:mm:ss`, in UTC (a date input's is
  /// ``DateTextLayout/day``).
  static let dayAndTime = DateTextLayout(includesTime: true, separator: "T")
}
