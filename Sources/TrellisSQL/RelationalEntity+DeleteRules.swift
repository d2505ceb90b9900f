import Trellis

extension RelationalEntity {
  /// The relationships of `entities` whose delete rules a delete of one of this entity's rows
  /// follows: every to-one and many-to-many of `kinds` pointing at this entity's table, but
  /// those whose rule is no action, with the entity that has it.
  package func deleteRules(
    among entities: RelationalEntities<Self>,
    kinds: Set<RelationshipKind> = [.toOne, .manyToMany]
  ) -> [(source: Self, relationship: SQLRelationship<Self>)] {
    entities.relationships(pointingAt: table, kinds: kinds).filter {
      $0.relationship.deleteRule != .noAction
    }
  }

  /// The refusal of a delete of one of this entity's objects that a deny rule stops: how many
  /// objects of `source` still point at it (a to-one) or hold it (a many-to-many), and whose
  /// rule it is.
  package func deleteDenial(
    by count: Int, of source: Self, _ relationship: SQLRelationship<Self>
  ) -> StoreError {
    let one = count == 1
    let name = source.definition.name
    let what = Humanizer.title(for: one ? name : EnglishNoun.plural(name)).lowercased()
    let verb =
      relationship.kind == .toOne ? (one ? "points at" : "point at") : (one ? "holds" : "hold")
    return .refused(
      "This \(definition.itemNoun) cannot be deleted while \(count) \(what) \(verb) it "
        + "(the delete rule of \(relationship.inverse ?? relationship.name) refuses it: RESTRICT "
        + "or NO ACTION in the schema, deny in a model); "
        + "nothing was deleted.")
  }
}
