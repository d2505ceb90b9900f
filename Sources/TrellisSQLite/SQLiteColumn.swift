import Trellis
import TrellisSQL

/// One column of an entity's table, bound to the property of the same name.
public struct SQLiteColumn: Hashable, Sendable {
  /// How a column's values are stored.
  public enum Kind: String, Hashable, Sendable {
    /// Text.
    case text
    /// A 64-bit integer.
    case integer
    /// A double.
    case real
    /// A Boolean, stored as 0 or 1.
    case bool
    /// A date, stored as seconds since 1970 (what predicates compare against).
    case date
    /// Bytes.
    case blob
    /// A date stored as ISO 8601 text in UTC (`2024-05-01 12:30:00`), as many databases not
    /// made by Trellis keep dates, in the column's layout (`2024-05-01`,
    /// `2024-05-01T12:30:00.123Z`).
    case dateText

    /// The declared SQL type.
    var sqlType: String {
      switch self {
      case .text, .dateText: "TEXT"
      case .integer, .bool: "INTEGER"
      case .real, .date: "REAL"
      case .blob: "BLOB"
      }
    }

    /// The column kind of the shared kind (dates as seconds since 1970).
    init(_ kind: SQLColumn.Kind) {
      switch kind {
      case .text: self = .text
      case .integer: self = .integer
      case .real: self = .real
      case .bool: self = .bool
      case .date: self = .date
      case .bytes: self = .blob
      }
    }

    /// The kind of the column's values, as the predicate writer compares them (dates kept as
    /// text compare as text).
    var predicateKind: SQLColumn.Kind {
      switch self {
      case .text, .dateText: .text
      case .integer: .integer
      case .real: .real
      case .bool: .bool
      case .date: .date
      case .blob: .bytes
      }
    }

    /// The value a non-null column starts with.
    var zero: Value {
      switch self {
      case .text: .string("")
      case .integer: .int(0)
      case .real: .double(0)
      case .bool: .bool(false)
      case .date: .date(.init(timeIntervalSince1970: 0))
      case .blob: .data(.init())
      case .dateText: .date(.init(timeIntervalSince1970: 0))
      }
    }
  }

  /// The column's name, which is also the bound property's name; in a table made elsewhere, a
  /// column whose name no key can have ("First Name") is named here by its property's key
  /// (`First_Name`), and the entity keeps the column's own name for its SQL.
  public var name: String
  /// How values are stored.
  public var kind: Kind
  /// Whether the column may hold NULL (a property of optional type).
  public var isNullable: Bool
  /// Whether the column gets an index (for sorting, grouping or searching).
  public var isIndexed: Bool
  /// Whether no two rows may hold the same value (a unique index); a write that breaks it is
  /// refused with a message naming the column.
  public var isUnique = false
  /// The value rows get when a write or a migration gives none (a column added to a table
  /// that has rows, say); the kind's zero, or NULL when nullable, when `nil`.
  public var defaultValue: Value?
  /// Whether the store reads the column but never writes it (a generated column, one the
  /// database computes).
  package var isReadOnly = false
  /// Whether the database gives it a value when an insert leaves it out (a declared
  /// ``defaultValue``, or a default of a table made elsewhere): a new row that holds nothing
  /// for it leaves it out.
  package var hasDefault = false
  /// How a ``Kind/dateText`` column writes dates: as the text it holds does.
  package var dateLayout = DateTextLayout.sqlite

  /// Creates a column.
  public init(_ name: String, _ kind: Kind, nullable: Bool = false, indexed: Bool = false) {
    self.name = name
    self.kind = kind
    self.isNullable = nullable
    self.isIndexed = indexed
  }

  /// A text column.
  public static func text(_ name: String, nullable: Bool = false, indexed: Bool = false) -> Self {
    Self(name, .text, nullable: nullable, indexed: indexed)
  }
  /// An integer column.
  public static func integer(_ name: String, nullable: Bool = false, indexed: Bool = false)
    -> Self
  {
    Self(name, .integer, nullable: nullable, indexed: indexed)
  }
  /// A double column.
  public static func real(_ name: String, nullable: Bool = false, indexed: Bool = false) -> Self {
    Self(name, .real, nullable: nullable, indexed: indexed)
  }
  /// A Boolean column.
  public static func bool(_ name: String, nullable: Bool = false, indexed: Bool = false) -> Self {
    Self(name, .bool, nullable: nullable, indexed: indexed)
  }
  /// A date column.
  public static func date(_ name: String, nullable: Bool = false, indexed: Bool = false) -> Self {
    Self(name, .date, nullable: nullable, indexed: indexed)
  }
  /// A blob column.
  public static func blob(_ name: String, nullable: Bool = false, indexed: Bool = false) -> Self {
    Self(name, .blob, nullable: nullable, indexed: indexed)
  }
}
