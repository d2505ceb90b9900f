import Trellis

extension DataDefinition {
  /// The properties a table's columns are derived from: the class's property table, or the
  /// definition's typed properties when it describes no class. Shared by the relational
  /// stores, whose entities derive their columns from it.
  ///
  /// - Throws: every property without a declared type, named with the table and the entity.
  package func describedProperties(forTable table: String) throws(DiagnosticList)
    -> [PropertyDescription]
  {
    if case .object(let info?) = kind, let type = info.type as? any PropertyTableProviding.Type {
      return type.propertyDescriptions
    }
    var described: [PropertyDescription] = []
    var problems: [Diagnostic] = []
    for property in properties where !property.isCustom {
      guard let kind = property.valueKind else {
        problems.append(
          Diagnostic(
            "entity '\(table)' (\(name)), property '\(property.name)' has no declared type to "
              + "derive a column from; list the entity's columns"))
        continue
      }
      described.append(PropertyDescription(name: property.name, kind: kind, isWritable: true))
    }
    guard problems.isEmpty else { throw DiagnosticList(problems) }
    return described
  }
}
