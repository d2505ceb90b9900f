import Trellis
import TrellisSQL

extension PostgresEntity {
  /// An entity derived from its definition's class: one column per stored property, in
  /// declaration order, typed from the Swift type, NULL allowed where the property is
  /// optional.
  ///
  /// ```swift
  /// let contact = try PostgresEntity(
  ///   table: "contact", definition: contactDefinition, ordered: true, unique: ["email"],
  ///   transient: ["isExpanded"])
  /// ```
  ///
  /// - Parameters:
  ///   - indexed: Properties whose columns get an index (for sorting, grouping, searching).
  ///   - unique: Properties no two rows may share.
  ///   - transient: Properties kept in memory only.
  ///   - relationships: Properties holding child objects kept in tables of their own, or
  ///     pointing at objects of other entities.
  /// - Throws: One diagnostic per property that cannot be stored, and per unknown name.
  public init(
    table: String, definition: DataDefinition, ordered: Bool = false, primaryKey: String = "id",
    indexed: [String] = [], unique: [String] = [], transient: [String] = [],
    relationships: [PostgresRelationship] = []
  ) throws(DiagnosticList) {
    let described = try definition.describedProperties(forTable: table)
    let names = described.map(\.name)
    var problems: [Diagnostic] = []
    let related = relationships.map(\.name)
    problems += Self.unknownNames(
      indexed + unique + transient + related, in: definition, table: table, among: names)
    var columns: [PostgresColumn] = []
    for relationship in relationships {
      guard let property = described.first(where: { $0.name == relationship.name }) else {
        continue
      }
      problems += Self.mismatches(relationship, property: property, table: table, definition)
    }
    for property in described
    where !transient.contains(property.name) && !related.contains(property.name) {
      let place = Self.place(definition, table: table, property: property.name)
      guard let (kind, nullable) = PostgresColumn.Kind.of(property.kind) else {
        problems.append(
          Diagnostic(
            place + "is of type \(property.kind), which has no column type; "
              + "name it in 'transient'"))
        continue
      }
      guard property.isWritable else {
        problems.append(
          Diagnostic(
            place + "is read-only, so a row read back could not set it; "
              + "make it a 'var' or name it in 'transient'"))
        continue
      }
      columns.append(
        PostgresColumn(
          property.name, kind, nullable: nullable, unique: unique.contains(property.name),
          indexed: indexed.contains(property.name)))
    }
    guard problems.isEmpty else { throw DiagnosticList(problems) }
    self.init(
      table: table, definition: definition, columns: columns, ordered: ordered,
      primaryKey: primaryKey, relationships: relationships)
  }

  /// What is wrong with `relationship` on `property`: a to-one holds an optional object of its
  /// target's class, to-many and many-to-many a list of them.
  private static func mismatches(
    _ relationship: PostgresRelationship, property: PropertyDescription, table: String,
    _ definition: DataDefinition
  ) -> [Diagnostic] {
    let place =
      "entity '\(table)' (\(definition.name)), relationship '\(relationship.name)' "
    let held: ObjectTypeInfo
    if relationship.kind == .toOne {
      guard case .optional(let wrapped) = property.kind, case .object(let info) = wrapped.unwrapped
      else {
        return [
          Diagnostic(
            place + "is a \(property.kind) property, but a to-one holds an optional object")
        ]
      }
      held = info
    } else {
      guard case .array(let element) = property.kind.unwrapped,
        case .object(let info) = element.unwrapped
      else {
        return [
          Diagnostic(place + "is a \(property.kind) property, not an array of objects")
        ]
      }
      held = info
    }
    if case .object(let target?) = relationship.entity.definition.kind, target.type != held.type {
      return [
        Diagnostic(
          place + "holds \(held.name) objects but its entity '\(relationship.entity.table)' "
            + "makes \(target.name) objects")
      ]
    }
    return []
  }
}
