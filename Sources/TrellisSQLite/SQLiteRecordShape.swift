import Trellis

/// What turning rows of one entity into objects needs, worked out once per read instead of
/// once per row: the entity's relationship lists are filtered from all its relationships on
/// every access, which costs more than reading a row.
struct SQLiteRecordShape {
  let entity: SQLiteEntity
  /// Each column's kind, in the entity's order: how a stored value reads back. They follow
  /// the primary key in a row read with ``RelationalEntity/selectedColumns(child:)``.
  let kinds: [SQLiteColumn.Kind]
  let toOnes: [SQLiteRelationship]
  let manyToMany: [SQLiteRelationship]
  /// The to-many relationships whose children are read with the row.
  let eager: [SQLiteRelationship]
  /// The to-many relationships a new object leaves as a fault, read when it is opened.
  let faulted: Set<String>

  init(_ entity: SQLiteEntity) {
    self.entity = entity
    kinds = entity.columns.map(\.kind)
    var toOnes: [SQLiteRelationship] = []
    var manyToMany: [SQLiteRelationship] = []
    var eager: [SQLiteRelationship] = []
    var faulted: Set<String> = []
    for relationship in entity.relationships {
      switch relationship.kind {
      case .toOne: toOnes.append(relationship)
      case .manyToMany: manyToMany.append(relationship)
      case .toMany:
        if relationship.loading == .withParent {
          eager.append(relationship)
        } else {
          faulted.insert(relationship.name)
        }
      }
    }
    self.toOnes = toOnes
    self.manyToMany = manyToMany
    self.eager = eager
    self.faulted = faulted
  }
}
