import Foundation

/// How a database not made by Trellis writes dates as text, so that a date Trellis writes
/// there reads like its neighbours: `2024-05-01` in a `DATE` column, `2024-05-01 12:30:00` as
/// SQLite's date functions write, `2024-05-01 12:30:00.123456` as Rails does,
/// `2024-05-01T12:30:00Z` as ISO 8601 does.
///
/// Dates are read and written in UTC; a text with a zone offset is read at that offset. A
/// date typed into a field is read the same way (``Value/parse(_:as:)``).
package struct DateTextLayout: Hashable, Sendable {
  /// Whether the text has a time after the day.
  package var includesTime: Bool
  /// What separates the day from the time: a space or `T`.
  package var separator: Character = " "
  /// Whether the time has seconds.
  package var includesSeconds = true
  /// How many digits of a second follow the seconds (`.123456` is 6).
  package var fractionDigits = 0
  /// What follows the time: nothing, `Z`, or an offset such as `+00:00` (always written as
  /// `+00:00`, since dates are written in UTC).
  package var zone: Zone = .none

  /// What follows a time.
  package enum Zone: Hashable, Sendable {
    case none, z, offset
  }

  /// SQLite's own layout, `2024-05-01 12:30:00`.
  package static let sqlite = DateTextLayout(includesTime: true)
  /// A day alone, `2024-05-01`.
  package static let day = DateTextLayout(includesTime: false)

  /// A layout with the parts given.
  package init(
    includesTime: Bool, separator: Character = " ", includesSeconds: Bool = true,
    fractionDigits: Int = 0, zone: Zone = .none
  ) {
    self.includesTime = includesTime
    self.separator = separator
    self.includesSeconds = includesSeconds
    self.fractionDigits = fractionDigits
    self.zone = zone
  }

  /// The layout of `sample`, a date a column holds; `nil` when it is no date.
  package init?(sample: String) {
    guard let parsed = Self.parse(sample) else { return nil }
    self = parsed.layout
  }

  /// The layout a column declared as `declaredType` starts with, before it holds a date:
  /// a day for a `DATE`, SQLite's date and time otherwise (`DATETIME`, `TIMESTAMP`).
  package init(declaredType: String) {
    let type = declaredType.uppercased()
    self = type.contains("DATE") && !type.contains("TIME") ? .day : .sqlite
  }

  /// `date` written in this layout, in UTC.
  package func text(from date: Date) -> String {
    // A time that is no number (NaN, an infinity) names no day: it is written as the epoch.
    let raw = date.timeIntervalSince1970
    let seconds = raw.isFinite ? raw : 0
    var whole = seconds.rounded(.down)
    var fraction = seconds - whole
    // A fraction that rounds up to a whole second, at the digits written, carries into it.
    let scale = pow(10, Double(fractionDigits))
    var digits = (fraction * scale).rounded()
    if digits >= scale {
      whole += 1
      digits = 0
      fraction = 0
    }
    // Whole seconds past any date a text can name (years 1 to 9999) are clamped.
    let seconds64 = Int64(max(min(whole, 1e12), -1e12))
    let (days, secondOfDay) = ProlepticGregorian.floorDivide(
      seconds64, ProlepticGregorian.secondsPerDay)
    let (year, month, day) = ProlepticGregorian.date(ofDay: days)
    func two(_ number: Int64) -> String { Self.padded(Int(number), 2) }
    var text = "\(Self.padded(Int(year), 4))-\(two(month))-\(two(day))"
    guard includesTime else { return text }
    text += "\(separator)\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60))"
    if includesSeconds || fractionDigits > 0 { text += ":\(two(secondOfDay % 60))" }
    if fractionDigits > 0 { text += "." + Self.padded(Int(digits), fractionDigits) }
    switch zone {
    case .none: break
    case .z: text += "Z"
    case .offset: text += "+00:00"
    }
    return text
  }

  /// The date `text` names, in any of the layouts (at its offset, or in UTC); `nil` when it
  /// names none.
  package static func date(from text: String) -> Date? { parse(text)?.date }

  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(abs(number))
    return (number < 0 ? "-" : "") + String(repeating: "0", count: max(width - digits.count, 0))
      + digits
  }
}
