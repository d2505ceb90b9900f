import Trellis
import TrellisSQL

extension SQLiteEntity {
  /// An entity derived from its definition's class: one column per stored property, in
  /// declaration order, with the column's type from the Swift type, NULL allowed where the
  /// property is optional, and each column's default from a new object's value.
  ///
  /// ```swift
  /// let task = try SQLiteEntity(
  ///   table: "task", definition: taskDefinition,
  ///   relationships: [SQLiteRelationship("taskSteps", to: step, foreignKey: "taskId")],
  ///   ordered: true, indexed: ["name"], unique: ["code"], transient: ["isExpanded"])
  /// ```
  ///
  /// Properties that are not stored must be named in `transient`; relationships (arrays of
  /// objects) in `relationships`. Anything else that has no column type is an error at start
  /// up, naming the class and the property and saying what to do.
  ///
  /// - Parameters:
  ///   - indexed: Properties whose columns get an index (for sorting, grouping, searching).
  ///   - unique: Properties no two rows may share.
  ///   - transient: Properties kept in memory only.
  /// - Throws: One diagnostic per property that cannot be stored, and per unknown name.
  public init(
    table: String, definition: DataDefinition, relationships: [SQLiteRelationship] = [],
    ordered: Bool = false, primaryKey: String = "id", indexed: [String] = [],
    unique: [String] = [], transient: [String] = []
  ) throws(DiagnosticList) {
    let described = try definition.describedProperties(forTable: table)
    let names = described.map(\.name)
    let relationshipNames = relationships.map(\.name)
    var problems: [Diagnostic] = []
    problems += Self.unknownNames(
      indexed + unique + transient + relationshipNames, in: definition, table: table,
      among: names)
    let defaults = definition.makeObject().flatMap(definition.keyValueCoding(for:))
    var columns: [SQLiteColumn] = []
    for property in described
    where !transient.contains(property.name) && !relationshipNames.contains(property.name) {
      let place = Self.place(definition, table: table, property: property.name)
      guard let (kind, nullable) = Self.columnKind(for: property.kind) else {
        problems.append(Diagnostic(place + Self.advice(for: property)))
        continue
      }
      guard property.isWritable else {
        problems.append(
          Diagnostic(
            place + "is read-only, so a row read back could not set it; "
              + "make it a 'var' or name it in 'transient'"))
        continue
      }
      var column = SQLiteColumn(
        property.name, kind, nullable: nullable,
        indexed: indexed.contains(property.name) || unique.contains(property.name))
      column.isUnique = unique.contains(property.name)
      if let value = try? defaults?.value(forKey: property.name), !value.isNull,
        (try? SQLiteValues.column(value, column: property.name)) != nil
      {
        column.defaultValue = value
      }
      columns.append(column)
    }
    guard problems.isEmpty else { throw DiagnosticList(problems) }
    self.init(
      table: table, definition: definition, columns: columns, relationships: relationships,
      ordered: ordered, primaryKey: primaryKey)
  }

  /// The column type and nullability a property of `kind` is stored with, or `nil` when it
  /// has none (objects, arrays, dictionaries, untyped values).
  static func columnKind(for kind: ValueKind) -> (SQLiteColumn.Kind, nullable: Bool)? {
    SQLColumn.Kind.stored(kind).map { (SQLiteColumn.Kind($0.kind), $0.nullable) }
  }

  /// What to do about a property that has no column type.
  private static func advice(for property: PropertyDescription) -> String {
    switch property.kind.unwrapped {
    case .array(let element):
      if case .object(let info) = element.unwrapped {
        return "holds \(info.name) objects: store them through a relationship, "
          + "SQLiteRelationship(\"\(property.name)\", to: <the \(info.name) entity>, "
          + "foreignKey: ...) for children it owns or .manyToMany(\"\(property.name)\", "
          + "to: <the \(info.name) entity>) for objects it shares, or name it in 'transient'"
      }
      return "is a list of \(element), which has no column type; name it in 'transient'"
    case .object(let info):
      return "is a \(info.name) object, which has no column type; name it in 'transient'"
    default:
      return "is of type \(property.kind), which has no column type; name it in 'transient'"
    }
  }
}
