import TrellisValues

/// A column a key path reads, as the predicate writer sees it: its name and, when the store
/// knows it, the type of its values.
package struct SQLColumn: Hashable, Sendable {
  /// The type of a column's values.
  package enum Kind: Hashable, Sendable {
    case text, integer, real, bool, date, bytes

    /// The kind of a constant, `nil` for nil and values no column holds.
    package init?(of value: Value) {
      switch value {
      case .string: self = .text
      case .int: self = .integer
      case .double: self = .real
      case .bool: self = .bool
      case .date: self = .date
      case .data: self = .bytes
      default: return nil
      }
    }

    /// Whether values of the two kinds compare with each other (numbers with numbers).
    package func compares(with other: Kind) -> Bool {
      switch (self, other) {
      case (.integer, .real), (.real, .integer): true
      default: self == other
      }
    }
  }

  /// The column's name, unquoted.
  package var name: String
  /// The type of its values; `nil` when unknown (then no comparison is checked).
  package var kind: Kind?

  /// Describes a column.
  package init(_ name: String, kind: Kind? = nil) {
    self.name = name
    self.kind = kind
  }
}
