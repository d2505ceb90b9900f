/// The entities of one database, found by table, with the relationships that point at each
/// table found once for them all.
///
/// The stores of a database of hundreds of tables look one table's entity up, or the
/// relationships pointing at it, for each table they show: here that takes the same time
/// however many tables there are, where searching the entities would take time that grows
/// with their number.
package struct RelationalEntities<Entity: RelationalEntity>: Sendable {
  /// Every entity, in the order given.
  package let all: [Entity]
  /// The position in ``all`` of each table's first entity.
  private let positions: [String: Int]
  /// For each table, the position of each entity with a relationship pointing at it and that
  /// relationship's, in the order of ``all`` and of each entity's relationships.
  private let pointing: [String: [(source: Int, relationship: Int)]]

  /// The entities `all`, indexed.
  package init(_ all: [Entity]) {
    var positions: [String: Int] = [:]
    var pointing: [String: [(source: Int, relationship: Int)]] = [:]
    for (source, entity) in all.enumerated() {
      if positions[entity.table] == nil { positions[entity.table] = source }
      for (place, relationship) in entity.relationships.enumerated() {
        pointing[relationship.entity.table, default: []].append((source, place))
      }
    }
    self.all = all
    self.positions = positions
    self.pointing = pointing
  }

  /// The first entity of `table`, `nil` when there is none.
  package func entity(_ table: String) -> Entity? { positions[table].map { all[$0] } }

  /// Every relationship of `kinds` that points at `table`, with the entity that has it, in
  /// the order of the entities and of each one's relationships.
  package func relationships(
    pointingAt table: String, kinds: Set<RelationshipKind> = [.toOne, .manyToMany]
  ) -> [(source: Entity, relationship: SQLRelationship<Entity>)] {
    (pointing[table] ?? []).compactMap { found in
      let source = all[found.source]
      let relationship = source.relationships[found.relationship]
      return kinds.contains(relationship.kind) ? (source, relationship) : nil
    }
  }
}
