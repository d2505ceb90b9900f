extension SQLDialect {
  /// The column holding a to-one's key when its relationship names none: `<name>Id` in
  /// SQLite, `<name>_id` in PostgreSQL (whose folded identifiers favour snake case).
  package func foreignKey(of relationship: String) -> String {
    switch self {
    case .sqlite: relationship + "Id"
    case .postgres: relationship + "_id"
    }
  }

  /// The column of a join table the store creates that holds the key of the row holding a
  /// pair.
  package var joinSourceColumn: String {
    switch self {
    case .sqlite: "sourceId"
    case .postgres: "source_id"
    }
  }

  /// The column of a join table the store creates that holds the key of the row held.
  package var joinTargetColumn: String {
    switch self {
    case .sqlite: "targetId"
    case .postgres: "target_id"
    }
  }

  /// The column of a join table the store creates that keeps the pairs' order: PostgreSQL's
  /// join tables keep a list's order, SQLite's none.
  package var joinPositionColumn: String? {
    switch self {
    case .sqlite: nil
    case .postgres: "position"
    }
  }
}

extension SQLDialect {
  /// Whether the join tables the store creates delete a row's pairs with the row, by a
  /// foreign key (`ON DELETE CASCADE`): PostgreSQL's do; SQLite's hold no foreign keys, so
  /// a delete removes the pairs itself.
  package var joinRowsGoWithTheirSource: Bool {
    switch self {
    case .sqlite: false
    case .postgres: true
    }
  }
}
