import Foundation

/// Dates written as text, as SQLite's date functions read and write them: `2024-05-01`,
/// `2024-05-01 12:30:00` or `2024-05-01T12:30:00Z`, in UTC.
enum DateText {
  /// The date `text` names, `nil` when it names none.
  static func date(from text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for format in formats {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = format
      if let date = formatter.date(from: trimmed) { return date }
    }
    return nil
  }

  /// `date` as SQLite writes it: `2024-05-01 12:30:00`, in UTC.
  static func text(from date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = formats[0]
    return formatter.string(from: date)
  }

  static let formats = [
    "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss",
    "yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm", "yyyy-MM-dd",
  ]
}
