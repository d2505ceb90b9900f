import Trellis

/// A statement of the relational layer that writes one row: an `INSERT` or an `UPDATE` of
/// named columns, in a store's dialect, with the values of its placeholders, which each store
/// binds its own way (GRDB's database values, postgres-nio's bindings).
///
/// The writes are written once, in ``RelationalEntity``'s `…Write` methods: which columns an
/// insert leaves to the database, which an update may not empty, and the statements' text.
package struct SQLRowWrite: Sendable, Equatable {
  /// What a write of an object's row is for, which decides what it does with a column the
  /// object leaves empty that has a default.
  package enum Purpose: Sendable {
    /// A new row: the column takes its default.
    case insert
    /// The columns an edit names: the column is emptied, or the write refused when it cannot
    /// be empty.
    case update
    /// A row written whole with its parent: a column that cannot be empty keeps what the row
    /// holds (its default, or what was written since), as the object was never told it.
    case rewrite
  }

  /// One value written.
  package enum Argument: Sendable, Equatable {
    /// A column's value, stored as the column stores it.
    case value(Value, column: String)
    /// A row key, a parent's key or a place in an order; `nil` for NULL.
    case key(Int64?)
  }

  /// The statement's text.
  package var sql: String
  /// The values of its placeholders, in order.
  package var arguments: [Argument]
}

/// A column as a write sees it, from an entity's ``RelationalEntity/writableColumns``.
package struct SQLWritableColumn: Sendable, Equatable {
  /// The column's name, which is also the bound property's name.
  package var name: String
  /// Whether the column may hold NULL.
  package var isNullable: Bool
  /// Whether the database gives the column a value when an insert names none: an insert
  /// leaves out such a column when the object holds nothing for it.
  package var hasDefault: Bool
  /// What follows the column's placeholder: PostgreSQL's cast to a type the stored value
  /// does not name itself (a type of a table made elsewhere); empty otherwise.
  package var cast: String
  /// Whether empty text is written as NULL: a column that may hold NULL and whose values
  /// must be unique, where two rows cleared to empty text would refuse each other and two
  /// NULLs do not.
  package var writesEmptyTextAsNull: Bool

  package init(
    _ name: String, isNullable: Bool, hasDefault: Bool, cast: String = "",
    isUnique: Bool = false
  ) {
    self.name = name
    self.isNullable = isNullable
    self.hasDefault = hasDefault
    self.cast = cast
    writesEmptyTextAsNull = isNullable && isUnique
  }
}
