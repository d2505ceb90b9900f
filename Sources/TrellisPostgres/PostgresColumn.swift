import Trellis
import TrellisSQL

/// One column of a PostgreSQL table, bound to the property of the same name.
public struct PostgresColumn: Hashable, Sendable {
  /// How a column's values are stored.
  public enum Kind: String, Hashable, Sendable {
    /// Text (`text`).
    case text
    /// A 64-bit integer (`bigint`).
    case integer
    /// A double (`double precision`).
    case double
    /// A Boolean (`boolean`).
    case bool
    /// A date (`timestamptz`).
    case date
    /// Bytes (`bytea`).
    case bytes

    /// The declared SQL type.
    var sqlType: String {
      switch self {
      case .text: "text"
      case .integer: "bigint"
      case .double: "double precision"
      case .bool: "boolean"
      case .date: "timestamptz"
      case .bytes: "bytea"
      }
    }

    /// The value a new object's non-null column starts with, when its class gives none.
    var zero: Value {
      switch self {
      case .text: .string("")
      case .integer: .int(0)
      case .double: .double(0)
      case .bool: .bool(false)
      case .date: .date(.init(timeIntervalSince1970: 0))
      case .bytes: .data(.init())
      }
    }

    /// The kind a property of `kind` is stored as, and whether it may be NULL; `nil` when it
    /// has no column type (objects, arrays, dictionaries, untyped values).
    static func of(_ kind: ValueKind) -> (Kind, nullable: Bool)? {
      SQLColumn.Kind.stored(kind).map { (Kind($0.kind), $0.nullable) }
    }

    /// The column kind of the shared kind.
    init(_ kind: SQLColumn.Kind) {
      switch kind {
      case .text: self = .text
      case .integer: self = .integer
      case .real: self = .double
      case .bool: self = .bool
      case .date: self = .date
      case .bytes: self = .bytes
      }
    }

    /// The kind of the column's values, as the predicate writer compares them.
    var predicateKind: SQLColumn.Kind {
      switch self {
      case .text: .text
      case .integer: .integer
      case .double: .real
      case .bool: .bool
      case .date: .date
      case .bytes: .bytes
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
  /// Whether no two rows may hold the same value; a write that breaks it is refused with a
  /// message naming the column.
  public var isUnique: Bool
  /// Whether the column gets an index (for sorting, grouping or searching); text is indexed
  /// as lists sort it, ignoring case.
  public var isIndexed = false
  /// For a column of a table made elsewhere: its type as the database names it
  /// (`character varying(40)`, `mood`), which values are cast to when written and from when
  /// read; `nil` for a column of the store's own tables, whose type is the kind's.
  package var storedType: String?
  /// Whether the database computes it (a generated column): read, never written.
  package var isReadOnly = false
  /// Whether the database gives it a value when an insert leaves it out (a default, an
  /// identity): a new row that holds nothing for it leaves it out.
  package var hasDefault = false

  /// Creates a column.
  public init(
    _ name: String, _ kind: Kind, nullable: Bool = false, unique: Bool = false,
    indexed: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.isNullable = nullable
    self.isUnique = unique
    self.isIndexed = indexed
  }

  /// A text column.
  public static func text(
    _ name: String, nullable: Bool = false, unique: Bool = false, indexed: Bool = false
  ) -> Self {
    Self(name, .text, nullable: nullable, unique: unique, indexed: indexed)
  }
  /// An integer column.
  public static func integer(
    _ name: String, nullable: Bool = false, unique: Bool = false, indexed: Bool = false
  ) -> Self {
    Self(name, .integer, nullable: nullable, unique: unique, indexed: indexed)
  }
  /// A double column.
  public static func double(
    _ name: String, nullable: Bool = false, unique: Bool = false, indexed: Bool = false
  ) -> Self {
    Self(name, .double, nullable: nullable, unique: unique, indexed: indexed)
  }
  /// A Boolean column.
  public static func bool(_ name: String, nullable: Bool = false, indexed: Bool = false)
    -> Self
  {
    Self(name, .bool, nullable: nullable, indexed: indexed)
  }
  /// A date column.
  public static func date(
    _ name: String, nullable: Bool = false, unique: Bool = false, indexed: Bool = false
  ) -> Self {
    Self(name, .date, nullable: nullable, unique: unique, indexed: indexed)
  }
  /// A bytes column.
  public static func bytes(_ name: String, nullable: Bool = false) -> Self {
    Self(name, .bytes, nullable: nullable)
  }
}
