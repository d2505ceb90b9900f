import Foundation

extension Value {
  /// Whether two values are the same: each case compares as its payload does, except that a
  /// NaN number equals a NaN number, and a date that is no time (NaN) equals another.
  ///
  /// Every value then equals itself, as `Equatable` requires. A row showing NaN is not
  /// "changed" each time it is compared with itself, so hosts are not told to reload it forever
  /// (or told nothing while it is stale), and NaN finds itself in a dictionary.
  public static func == (lhs: Value, rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
    case (.string(let a), .string(let b)): a == b
    case (.date(let a), .date(let b)):
      a == b || (a.timeIntervalSinceReferenceDate.isNaN && b.timeIntervalSinceReferenceDate.isNaN)
    case (.data(let a), .data(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }

  /// Hashes the case and its payload; every NaN hashes alike, as every NaN is equal.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    switch self {
    case .null: break
    case .bool(let flag): hasher.combine(flag)
    case .int(let number): hasher.combine(number)
    case .double(let number): hasher.combine(number.isNaN ? .nan : number)
    case .string(let text): hasher.combine(text)
    case .date(let date):
      let time = date.timeIntervalSinceReferenceDate
      hasher.combine(time.isNaN ? .nan : time)
    case .data(let data): hasher.combine(data)
    case .array(let values): hasher.combine(values)
    case .dictionary(let entries): hasher.combine(entries)
    case .object(let reference): hasher.combine(reference)
    }
  }
}
