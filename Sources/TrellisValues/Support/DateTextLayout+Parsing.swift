import Foundation

extension DateTextLayout {
  /// Reads `text` as `YYYY-MM-DD`, then optionally a space or `T`, `HH:MM`, `:SS`, a fraction
  /// of up to 9 digits and `Z` or an offset (`+02:00`, `-0500`): the date it names and the
  /// layout it is written in; `nil` for anything else, or a day or time that does not exist.
  package static func parse(_ text: String) -> (date: Date, layout: DateTextLayout)? {
    let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
    var index = 0
    func number(_ width: Int) -> Int? {
      guard index + width <= bytes.count else { return nil }
      var result = 0
      for byte in bytes[index..<index + width] {
        guard (48...57).contains(byte) else { return nil }
        result = result * 10 + Int(byte - 48)
      }
      index += width
      return result
    }
    func take(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2)
    else { return nil }
    var components = DateComponents(year: year, month: month, day: day)
    var layout = DateTextLayout.day
    var offset = 0
    if index < bytes.count {
      let separator: Character = bytes[index] == UInt8(ascii: "T") ? "T" : " "
      guard take(separator), let hour = number(2), take(":"), let minute = number(2),
        hour < 24, minute < 60
      else { return nil }
      layout = DateTextLayout(includesTime: true, separator: separator, includesSeconds: false)
      components.hour = hour
      components.minute = minute
      if take(":") {
        guard let second = number(2), second < 60 else { return nil }
        components.second = second
        layout.includesSeconds = true
        if take(".") {
          var digits = 0
          var fraction = 0.0
          var scale = 0.1
          while index < bytes.count, (48...57).contains(bytes[index]), digits < 9 {
            fraction += Double(bytes[index] - 48) * scale
            scale /= 10
            digits += 1
            index += 1
          }
          guard digits > 0 else { return nil }
          layout.fractionDigits = digits
          components.nanosecond = Int((fraction * 1e9).rounded())
        }
      }
      if take("Z") {
        layout.zone = .z
      } else if index < bytes.count,
        bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let hours = number(2), hours < 24 else { return nil }
        _ = take(":")
        guard let minutes = number(2), minutes < 60 else { return nil }
        offset = sign * (hours * 3600 + minutes * 60)
        layout.zone = .offset
      }
    }
    guard index == bytes.count, let date = Self.utcDate(components) else { return nil }
    return (date.addingTimeInterval(TimeInterval(-offset)), layout)
  }

  /// The UTC date of `components`, when its day exists (no February 30th, years 1 to 9999).
  private static func utcDate(_ components: DateComponents) -> Date? {
    guard let year = components.year, let month = components.month, let day = components.day,
      (1...9999).contains(year), (1...12).contains(month)
    else { return nil }
    let length = ProlepticGregorian.daysIn(month: Int64(month), year: Int64(year))
    guard (1...length).contains(Int64(day)) else { return nil }
    let days = ProlepticGregorian.days(year: Int64(year), month: Int64(month), day: Int64(day))
    let seconds =
      days * ProlepticGregorian.secondsPerDay + Int64(components.hour ?? 0) * 3600
      + Int64(components.minute ?? 0) * 60 + Int64(components.second ?? 0)
    return Date(
      timeIntervalSince1970: Double(seconds) + Double(components.nanosecond ?? 0) / 1e9)
  }
}
