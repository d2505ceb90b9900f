import Foundation
import TrellisSQL

/// The checks a PostgreSQL type's modifiers put on a column's values, read from the type as
/// `format_type` prints it, so that a form says what PostgreSQL would refuse or round:
/// `character varying(40)` holds at most 40 characters; `numeric(10,2)` at most 2 digits
/// after the point, and less than 10⁸ either side of zero.
enum PostgresTypeChecks {
  /// The checks of `type`; none for a type without modifiers, or with ones it does not read.
  static func checks(of type: String) -> [ColumnCheck] {
    if let range = range(of: type) {
      return [
        .minimum(range.lowerBound, inclusive: true), .maximum(range.upperBound, inclusive: true),
      ]
    }
    guard let open = type.firstIndex(of: "("), type.hasSuffix(")") else { return [] }
    let name = type[..<open]
    let numbers = type[type.index(after: open)..<type.index(before: type.endIndex)]
      .split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return [] }
    let values = numbers.compactMap { $0 }
    switch name {
    case "character varying", "character":
      guard values.count == 1, values[0] > 0 else { return [] }
      return [.maxLength(values[0])]
    case "numeric":
      let precision = values[0]
      let scale = values.count > 1 ? values[1] : 0
      // PostgreSQL 15 allows a scale outside 0...precision; such types are left to it.
      guard values.count <= 2, (1...1000).contains(precision), (0...precision).contains(scale)
      else { return [] }
      var checks: [ColumnCheck] = [.fractionDigits(scale)]
      if precision - scale <= 300 {
        let bound = pow10(precision - scale)
        checks += [.minimum(-bound, inclusive: false), .maximum(bound, inclusive: false)]
      }
      return checks
    default:
      return []
    }
  }

  /// The values a type of fixed size holds, which PostgreSQL refuses beyond ("value out of
  /// range: overflow") without naming the column: `real`, `smallint` and `integer`.
  private static func range(of type: String) -> ClosedRange<Double>? {
    switch type {
    case "real": -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
    case "smallint": Double(Int16.min)...Double(Int16.max)
    case "integer": Double(Int32.min)...Double(Int32.max)
    default: nil
    }
  }

  /// 10 to the power `exponent`, exactly for the exponents a Double holds exactly.
  private static func pow10(_ exponent: Int) -> Double {
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }
}
