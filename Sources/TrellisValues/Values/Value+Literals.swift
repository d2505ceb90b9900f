import Foundation

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: Value...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, Value)...) {
    self = .dictionary(ValueDictionary(elements))
  }
}

extension Value: CustomStringConvertible {
  /// The value as a person reads it: strings bare, numbers without a needless fraction,
  /// dates in ISO-8601, collections in brackets.
  public var description: String { displayText }

  /// The text a row shows for this value.
  public var displayText: String {
    switch self {
    case .null: ""
    case .bool(let b): b ? "Yes" : "No"
    case .int(let i): String(i)
    case .double(let d): Self.format(d)
    case .string(let s): s
    case .date(let d): Self.isoText(d)
    case .data(let d): "\(d.count) bytes"
    case .array(let a): a.map(\.displayText).joined(separator: ", ")
    case .dictionary(let d): "{" + d.keys.joined(separator: ", ") + "}"
    case .object(let o): o.description
    }
  }

  package static func format(_ d: Double) -> String {
    if d.isFinite && d.rounded() == d && abs(d) < 1e15 { return String(Int(d)) }
    return String(d)
  }

  /// `date` in ISO 8601 to the second (a fraction is dropped), in UTC
  /// (`2024-01-02T03:04:05Z`), in the proleptic Gregorian calendar that ISO 8601 and the
  /// databases count in (``ProlepticGregorian``).
  package static func isoText(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return "" }
    return isoLayout.text(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
  }

  /// The date of an ISO 8601 date and time with its zone (`2024-01-02T03:04:05Z`,
  /// `…+01:00`, fractions of a second allowed), or `nil`.
  package static func isoDate(_ text: String) -> Date? {
    guard let (date, layout) = DateTextLayout.parse(text), layout.includesTime,
      layout.zone != .none
    else { return nil }
    return date
  }

  private static let isoLayout = DateTextLayout(includesTime: true, separator: "T", zone: .z)
}
