/// Day arithmetic in the proleptic Gregorian calendar, as ISO 8601, SQLite and PostgreSQL
/// count days: the Gregorian rules carried back before 1582.
///
/// Foundation's Gregorian calendar (and its ISO 8601 format style) switches to the Julian
/// calendar before 15 October 1582, so a date before then read or written through it is ten
/// or more days away from what a database holds for the same text. Counting here is exact
/// integer arithmetic, with no calendar or formatter, and safe on any thread.
package enum ProlepticGregorian {
  /// Seconds in a day.
  package static let secondsPerDay: Int64 = 86_400

  /// Days since 1970-01-01 of `year`-`month`-`day` (`month` 1 to 12).
  package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400).quotient
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The year, month and day of a day counted from 1970-01-01.
  package static func date(ofDay days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097).quotient
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// How many days `month` of `year` has.
  package static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// `a` divided by `b` rounding down, and the remainder, which is never negative.
  package static func floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = a / b
    let remainder = a % b
    return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
  }
}
