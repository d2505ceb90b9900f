import Foundation
import TrellisValues

/// ISO 8601 dates in UTC as property lists write them: `2026-01-31T12:00:00Z`.
///
/// Dates are written in whole seconds (a fraction is dropped, rounding down), since Apple's
/// readers reject fractions; reading accepts a fraction (`2026-01-31T12:00:00.25Z`). Arithmetic
/// is done on whole days and seconds, without a formatter or calendar, so it is exact and safe
/// to use from any thread.
package enum DocumentDate {
  private static let secondsPerDay = ProlepticGregorian.secondsPerDay
  /// Days from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  private static let referenceDay: Int64 = 11_323

  /// The text of `date`, or `nil` when its year is outside 1...9999.
  package static func string(from date: Date) -> String? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 1e12 else { return nil }
    let whole = interval.rounded(.down)
    let seconds = Int64(whole) + referenceDay * secondsPerDay
    let (day, secondOfDay) = ProlepticGregorian.floorDivide(seconds, secondsPerDay)
    let (year, month, dayOfMonth) = ProlepticGregorian.date(ofDay: day)
    guard (1...9999).contains(year) else { return nil }
    let text =
      pad(year, 4) + "-" + pad(month, 2) + "-" + pad(dayOfMonth, 2) + "T"
      + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
      + pad(secondOfDay % 60, 2)
    return text + "Z"
  }

  /// The date written as `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, or `nil`.
  package static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    for (offset, character) in separators where bytes[offset] != character.asciiValue {
      return nil
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), day >= 1,
      day <= ProlepticGregorian.daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, number(20..<bytes.count - 1) != nil,
        let value = Double("0" + String(decoding: bytes[19..<bytes.count - 1], as: UTF8.self))
      else { return nil }
      fraction = value
    }
    let days = ProlepticGregorian.days(year: year, month: month, day: day) - referenceDay
    let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
