import Foundation
import TrellisValues

/// Reads and writes the dates of `DATE(...)` literals.
enum PredicateDate {
  /// A date from ISO-8601 text: a full date (midnight UTC), or a date and time with a zone,
  /// with or without fractional seconds.
  static func parse(_ text: String) -> Date? {
    for options in [
      ISO8601DateFormatter.Options.withInternetDateTime,
      [.withInternetDateTime, .withFractionalSeconds],
      [.withFullDate],
    ] {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = options
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }

  /// The `DATE(...)` literal that reads back as exactly `date`: ISO-8601 for whole seconds,
  /// seconds since 1970 otherwise.
  static func literal(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    if seconds.rounded() == seconds, abs(seconds) < 1.0e11 {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = .withInternetDateTime
      let text = formatter.string(from: date)
      if parse(text) == date { return "DATE(\"\(text)\")" }
    }
    return "DATE(\(secondsText(for: date)))"
  }

  /// The shortest number of seconds since 1970 that reads back as exactly `date`.
  private static func secondsText(for date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    var candidate = seconds
    for _ in 0..<8 {
      if Date(timeIntervalSince1970: candidate) == date { break }
      candidate = candidate < seconds ? candidate.nextUp : candidate.nextDown
    }
    if Date(timeIntervalSince1970: candidate) != date {
      // Search the other direction too; the reference-date offset rounds either way.
      candidate = seconds
      for _ in 0..<8 where Date(timeIntervalSince1970: candidate) != date {
        candidate = candidate.nextUp
      }
    }
    let text = "\(candidate)"
    return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
  }
}
