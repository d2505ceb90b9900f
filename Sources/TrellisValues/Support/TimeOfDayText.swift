/// A time of day written as text, as a `TIME` column or an API's `format: time` holds it:
/// `09:30`, `09:30:15` or `09:30:15.250`, with an optional zone (`Z`, `+02`, `+02:00`,
/// `-0530`).
///
/// It reads the times that both SQLite's time functions and PostgreSQL's `time` read, and
/// that RFC 3339's `full-time` writes: two-digit hours on a 24-hour clock, so that a time a
/// form writes sorts and compares with its neighbours as text. `24:00` (the end of a day) is
/// a time; `9:30`, `25:00` and `09:60` are not.
package struct TimeOfDayText: Hashable, Sendable {
  /// The hour, 0 to 24, on a 24-hour clock.
  package var hour: Int
  /// The minute, 0 to 59.
  package var minute: Int
  /// The second, 0 to 60 (a leap second), with its fraction.
  package var second: Double

  /// The time `text` writes; `nil` when it is no time of day.
  package init?(_ text: String) {
    var rest = Substring(text)
    guard let hour = Self.twoDigits(&rest), rest.popFirst() == ":",
      let minute = Self.twoDigits(&rest), minute < 60
    else { return nil }
    var second = 0.0
    if rest.first == ":" {
      rest.removeFirst()
      guard let whole = Self.twoDigits(&rest), whole <= 60 else { return nil }
      second = Double(whole)
      if rest.first == "." {
        rest.removeFirst()
        let digits = rest.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, let fraction = Double("0." + digits) else { return nil }
        second += fraction
        rest = rest.dropFirst(digits.count)
      }
    }
    guard hour < 24 || (hour == 24 && minute == 0 && second == 0), Self.isZone(rest) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Reads two ASCII digits from the start of `text`.
  private static func twoDigits(_ text: inout Substring) -> Int? {
    let run = text.prefix(2)
    guard run.count == 2, run.allSatisfy(\.isASCIIDigit), let value = Int(run) else {
      return nil
    }
    text = text.dropFirst(2)
    return value
  }

  /// Whether `text` is nothing, `Z`, or an offset of hours and perhaps minutes.
  private static func isZone(_ text: Substring) -> Bool {
    var rest = text
    if rest.isEmpty || rest == "Z" || rest == "z" { return true }
    guard rest.first == "+" || rest.first == "-" else { return false }
    rest.removeFirst()
    guard let hours = twoDigits(&rest), hours <= 15 else { return false }
    if rest.first == ":" { rest.removeFirst() }
    if rest.isEmpty { return true }
    guard let minutes = twoDigits(&rest), minutes < 60 else { return false }
    return rest.isEmpty
  }
}

extension Character {
  /// Whether the character is one of the ASCII digits 0 to 9.
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
