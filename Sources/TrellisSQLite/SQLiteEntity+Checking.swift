import Trellis
import TrellisSQL

extension SQLiteEntity {
  /// Where the entity, its relationships and their entities disagree with their classes: a
  /// column whose property is missing, of another type, or optional where the column is not
  /// (and the other way round), and a relationship that is not a list of objects. Empty when
  /// they agree, or when the definition describes no class to check against.
  public func mismatches() -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for (entity, _) in graph {
      problems += entity.ownMismatches()
    }
    return problems
  }

  private func ownMismatches() -> [Diagnostic] {
    guard let described = try? definition.describedProperties(forTable: table) else {
      return []
    }
    let properties = Dictionary(
      described.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let names = described.map(\.name)
    var problems: [Diagnostic] = []
    for column in columns {
      let place = Self.place(definition, table: table, property: column.name)
      guard let property = properties[column.name] else {
        var message = "entity '\(table)' (\(definition.name)) has a column '\(column.name)' "
        message += "but no property of that name"
        if let close = NameSuggestion.closest(to: column.name, among: names) {
          message += "; did you mean '\(close)'?"
        }
        problems.append(Diagnostic(message))
        continue
      }
      guard let (kind, nullable) = Self.columnKind(for: property.kind) else {
        problems.append(Diagnostic(place + "is \(property.kind), which no column can hold"))
        continue
      }
      if kind != column.kind {
        problems.append(
          Diagnostic(
            place + "is \(property.kind) but its column is \(column.kind.rawValue); "
              + "make the column .\(kind.rawValue)(\"\(column.name)\")"))
      } else if nullable && !column.isNullable {
        problems.append(
          Diagnostic(
            place + "is optional but its column is not nullable; add 'nullable: true'"))
      } else if !nullable && column.isNullable {
        problems.append(
          Diagnostic(place + "is not optional but its column is nullable; a NULL could not be read")
        )
      }
    }
    for relationship in relationships {
      let place = Self.place(definition, table: table, property: relationship.name)
      guard let property = properties[relationship.name] else {
        problems.append(Diagnostic(place + "is named by a relationship but does not exist"))
        continue
      }
      if relationship.kind == .toOne {
        problems += toOneMismatches(relationship, property: property, place: place)
        continue
      }
      // To-many and many-to-many both hold a list of their entity's objects.
      guard case .array(let element) = property.kind.unwrapped,
        case .object(let held) = element.unwrapped
      else {
        problems.append(
          Diagnostic(
            place + "is \(property.kind), not a list of objects a to-many relationship holds"))
        continue
      }
      if case .object(let target?) = relationship.entity.definition.kind, target.type != held.type {
        problems.append(
          Diagnostic(
            place + "holds \(held.name) objects but its entity '\(relationship.entity.table)' "
              + "makes \(target.name) objects"))
      }
    }
    return problems
  }

  /// A to-one must be an optional object of its target's class.
  private func toOneMismatches(
    _ relationship: SQLiteRelationship, property: PropertyDescription, place: String
  ) -> [Diagnostic] {
    guard case .optional(let wrapped) = property.kind, case .object(let held) = wrapped.unwrapped
    else {
      return [
        Diagnostic(
          place + "is \(property.kind), but a to-one relationship holds an optional object")
      ]
    }
    if case .object(let target?) = relationship.entity.definition.kind, target.type != held.type {
      return [
        Diagnostic(
          place + "holds a \(held.name) but its entity '\(relationship.entity.table)' "
            + "makes \(target.name) objects")
      ]
    }
    if relationship.entity.column(relationship.foreignKey) != nil
      || column(relationship.foreignKey) != nil
    {
      return [
        Diagnostic(
          place + "has the key column '\(relationship.foreignKey)', which is also a property's")
      ]
    }
    return []
  }
}
