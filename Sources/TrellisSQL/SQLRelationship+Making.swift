import Trellis

extension SQLRelationship where Entity: RelationalEntity {
  /// A to-many relationship to owned children: `name` holds objects of `entity`, whose table
  /// keeps the parent's key in `foreignKey`.
  package init(toMany name: String, to entity: Entity, foreignKey: String) {
    self.init(name, to: entity, foreignKey: foreignKey, kind: .toMany, dialect: Entity.dialect)
  }

  /// A to-one relationship: `name` points at an object of `entity`, by the key in this
  /// table's column `foreignKey` (the dialect's `<name>Id` or `<name>_id` when `nil`).
  package init(
    toOne name: String, to entity: Entity, foreignKey: String?, inverse: String?,
    deleteRule: RelationshipDeleteRule
  ) {
    self.init(
      name, to: entity, foreignKey: foreignKey ?? Entity.dialect.foreignKey(of: name),
      kind: .toOne, dialect: Entity.dialect)
    self.inverse = inverse
    self.deleteRule = deleteRule
  }

  /// A many-to-many relationship: `name` holds objects of `entity`, kept in the join table
  /// `joinTable` (`<table>_<name>` when `nil`).
  package init(
    manyToMany name: String, to entity: Entity, joinTable: String?, inverse: String?,
    deleteRule: RelationshipDeleteRule
  ) {
    let dialect = Entity.dialect
    self.init(
      name, to: entity, foreignKey: dialect.joinSourceColumn, kind: .manyToMany,
      dialect: dialect)
    self.joinTable = joinTable
    self.inverse = inverse
    self.deleteRule = deleteRule
  }

  /// The relationship a schema says a table's rows have (``InferredRelationship``), to
  /// `target`: a to-one by its key column, or a many-to-many through a join table made
  /// elsewhere, whose columns it names and which keeps no order of its pairs.
  package init(_ inferred: InferredRelationship, to target: Entity) {
    switch inferred.kind {
    case .toOne:
      self.init(
        toOne: inferred.name, to: target, foreignKey: inferred.column, inverse: inferred.inverse,
        deleteRule: inferred.deleteRule)
    case .manyToMany:
      self.init(
        manyToMany: inferred.name, to: target, joinTable: inferred.joinTable,
        inverse: inferred.inverse, deleteRule: inferred.deleteRule)
      joinSourceColumn = inferred.column
      joinTargetColumn = inferred.targetColumn ?? joinTargetColumn
      joinPositionColumn = nil
      joinHasRowIDs = inferred.joinHasRowIDs
      foreignKey = inferred.column
    }
  }

  /// The join table of a many-to-many relationship of `source`.
  package func joinTableName(of source: Entity) -> String {
    joinTable ?? "\(source.table)_\(name)"
  }
}
