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
    case .date(let d): Self.isoFormatter.string(from: d)
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

  package nonisolated(unsafe) static let isoFormatter: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter
  }()
}
