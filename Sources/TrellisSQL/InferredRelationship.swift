import Trellis

/// A relationship the rows of an ``InferredTable`` have, as the schema says: a foreign key to
/// another table's key is a to-one, and a join table a many-to-many on each of its two tables.
/// Each store's inferred entities are made of these, whichever database.
package struct InferredRelationship: Hashable, Sendable {
  /// To-one or many-to-many.
  package enum Kind: Hashable, Sendable {
    case toOne, manyToMany
  }

  /// The property's name (`supplier`, `tags`).
  package var name: String
  package var kind: Kind
  /// The table of the rows it points at.
  package var targetTable: String
  /// For a to-one, the table's column holding the key; for a many-to-many, the join table's
  /// column holding this table's key.
  package var column: String
  /// For a many-to-many: the join table, and its column holding the target's key.
  package var joinTable: String?
  package var targetColumn: String?
  /// The name of the property on the target that lists the rows pointing at it.
  package var inverse: String
  /// What deleting a row pointed at does to the rows pointing at it.
  package var deleteRule: RelationshipDeleteRule
  /// For a many-to-many: whether the join table has row ids, which keep the order its pairs
  /// were added in (SQLite's, not a table `WITHOUT ROWID`).
  package var joinHasRowIDs = true
}

extension InferredSchema {
  /// The relationships of `table`'s rows; none for a table that is read-only.
  package func relationships(of table: InferredTable, names: InferredNames)
    -> [InferredRelationship]
  {
    guard table.readOnlyReason == nil else { return [] }
    var result = toOneKeys(of: table).map { key in
      InferredRelationship(
        name: names.toOne(key, in: table), kind: .toOne, targetTable: key.targetTable,
        column: key.column, inverse: names.inverse(key, in: table),
        deleteRule: RelationshipDeleteRule(key.onDelete))
    }
    for join in joins(pointingAt: table.name) {
      for (own, other) in [(join.source, join.target), (join.target, join.source)]
      where own.targetTable == table.name {
        var relationship = InferredRelationship(
          name: names.manyToMany(join, from: own), kind: .manyToMany,
          targetTable: other.targetTable, column: own.column, joinTable: join.table,
          targetColumn: other.column, inverse: names.manyToMany(join, from: other),
          deleteRule: .nullify)
        relationship.joinHasRowIDs = self.table(join.table)?.rowKey != nil
        result.append(relationship)
      }
    }
    return result
  }

  /// Marks the join tables read-only: their pairs are chosen on the forms of the tables they
  /// join.
  package mutating func markJoinTables() {
    // Marked on a copy, which is then set once: each change of ``tables`` indexes them again.
    var marked = tables
    for join in joins {
      guard let index = positions[join.table] else { continue }
      marked[index].readOnlyReason =
        "a join table: its pairs are chosen on the forms of \(join.source.targetTable) "
        + "and \(join.target.targetTable)"
    }
    tables = marked
  }
}

extension RelationshipDeleteRule {
  /// The rule a store follows for a foreign key's `ON DELETE` action: the database's own
  /// action, done by the store so that its objects and lists follow.
  package init(_ action: InferredForeignKey.DeleteAction) {
    switch action {
    case .cascade: self = .cascade
    case .setNull, .setDefault: self = .nullify
    case .restrict, .noAction: self = .deny
    }
  }
}
