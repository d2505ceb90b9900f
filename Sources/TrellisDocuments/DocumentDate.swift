import Foundation
import TrellisValues

/// ISO 8601 dates in UTC as property lists write them: `2026-01-31T12:00:00Z`.
///
/// Dates are written in whole seconds (a fraction is dropped, rounding down), since Apple's
/// readers reject fractions; reading accepts a fraction (`2026-01-31T12:00:00.25Z`). Arithmetic
/// is done on whole days and seconds, without a formatter or calendar, so it is exact and safe
/// to use from any thread.
package enum DocumentDate {
  private static let secondsPerDay: Int64 = 86_400
  /// Days from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  private static let referenceDay: Int64 = 11_323

  /// The text of `date`, or `nil` when its year is outside 1...9999.
  package static func string(from date: Date) -> String? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 1e12 else { return nil }
    let whole = interval.rounded(.down)
    let seconds = Int64(whole) + referenceDay * secondsPerDay
    let (day, secondOfDay) = floorDivide(seconds, secondsPerDay)
    let (year, month, dayOfMonth) = civil(fromDays: day)
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
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, number(20..<bytes.count - 1) != nil,
        let value = Double("0" + String(decoding: bytes[19..<bytes.count - 1], as: UTF8.self))
      else { return nil }
      fraction = value
    }
    let days = days(fromCivil: year, month, day) - referenceDay
    let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let quotient = a / b
    let remainder = a % b
    return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400).0
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01.
  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097).0
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
