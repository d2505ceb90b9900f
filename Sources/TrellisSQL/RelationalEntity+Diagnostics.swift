import Trellis

extension RelationalEntity {
  /// "entity 'task' (TaskItem), property 'name' " — where a problem of an entity derived from
  /// its class is.
  package static func place(_ definition: DataDefinition, table: String, property: String)
    -> String
  {
    "entity '\(table)' (\(definition.name)), property '\(property)' "
  }

  /// One diagnostic per name in `named` (an index, a unique or transient property, a
  /// relationship) that is not among the class's property `names`, suggesting the closest.
  package static func unknownNames(
    _ named: [String], in definition: DataDefinition, table: String, among names: [String]
  ) -> [Diagnostic] {
    named.filter { !names.contains($0) }.map { name in
      var message = "entity '\(table)' (\(definition.name)) has no property '\(name)'"
      if let close = NameSuggestion.closest(to: name, among: names) {
        message += "; did you mean '\(close)'?"
      }
      return Diagnostic(message)
    }
  }
}
