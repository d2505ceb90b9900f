import Trellis

extension InferredTable {
  /// The dictionary definition of the table's rows as a store holds them, whichever database:
  /// a property per column of `columns` (its kind; required when `NOT NULL` without a default;
  /// its enum's labels as choices; the checks of its `CHECK`s, and of a time of day, which it
  /// asks for as `hh:mm`; a number's digits after the point, which it shows; disabled when the
  /// database computes it or the table is read-only) and per relationship.
  ///
  /// - Parameters:
  ///   - columns: The columns the store reads and writes, in order.
  ///   - relationships: The names of the store's relationships, whether each is a to-one, and
  ///     whether a row must be chosen (a to-one whose key is `NOT NULL` without a default).
  ///   - names: The names inferred for the schema.
  ///   - keys: The property key of each column (``ColumnKeys``); a column named otherwise than
  ///     its key titles its field with its own name ("First Name").
  ///   - isNullable: Whether a column's property may hold nothing.
  package func rowDefinition(
    columns: [InferredColumn], relationships: [(name: String, isToOne: Bool, isRequired: Bool)],
    names: InferredNames, keys columnKeys: ColumnKeys = ColumnKeys(),
    isNullable: (InferredColumn) -> Bool
  ) -> DataDefinition? {
    let keys = (columns.map { columnKeys.key(of: $0.name) } + relationships.map(\.name))
      .filter(InferredNames.isKey)
    guard !keys.isEmpty,
      var definition = try? DataDefinition.dictionary(keys: keys.joined(separator: ";"))
    else { return nil }
    definition.name = names.item(self)
    for column in columns {
      let key = columnKeys.key(of: column.name)
      guard var property = definition[key] else { continue }
      if key != column.name { property.title = column.name }
      var kind = Self.valueKind(of: column.kind)
      if !column.choices.isEmpty { kind = .choice(kind, column.choices.map(Value.string)) }
      property.valueKind = isNullable(column) ? .optional(kind) : kind
      property.isRequired = column.isRequired && readOnlyReason == nil
      if column.datesHaveTimes { property.attributes.dateFormat = DateText.dayAndTime }
      if column.checks.contains(.timeOfDay) { property.holdTimeOfDay() }
      for case .fractionDigits(let digits) in column.checks where kind == .double {
        property.attributes.fractionDigits = digits
      }
      if !column.isEditable || readOnlyReason != nil {
        property.enabledWhen = Condition("read-only") { _ in false }
      }
      let checks = column.checks
      if !checks.isEmpty {
        let title = property.title
        property.actions.valueIsValid = { value, _ in
          checks.lazy.compactMap { $0.problem(with: value, title: title) }.first
        }
      }
      definition[key] = property
    }
    for relationship in relationships {
      guard var property = definition[relationship.name] else { continue }
      // Objects of a dictionary definition: any value, which a selection of objects takes.
      property.valueKind = relationship.isToOne ? .optional(.any) : .any
      property.isRequired = relationship.isRequired && readOnlyReason == nil
      definition[relationship.name] = property
    }
    definition.titlePropertyNames = names.titleKeys(self).filter {
      definition[String($0.prefix { $0 != "." })] != nil
    }
    // Several rows' titles ("Earthsea · fantasy") read apart.
    if definition.titlePropertyNames.count > 1 { definition.titleSeparator = " · " }
    let starting = newRowValues(of: columns).map { (columnKeys.key(of: $0.name), $0.make) }
      .filter { definition[$0.0] != nil }
    if !starting.isEmpty, readOnlyReason == nil {
      definition = definition.preparingNewObjects { object in
        guard let coding = object as? KeyValueCoding else { return }
        for (name, make) in starting { try? coding.setValue(make(), forKey: name) }
      }
    }
    return definition
  }

  /// The dictionary definition of a view's (or a keyless table's) rows: a property per column,
  /// under its key (``InferredNames/columnKeys(_:)``, which its readers key rows by) and
  /// titled by its name, each shown and never edited; `nil` when there is none.
  ///
  /// A foreign key whose row has a title (``InferredNames/pointedTitles(_:)``) is shown by that
  /// title, under its to-one's name, in place of the key: a join table's row reads "Book
  /// Earthsea, Tag fantasy" and is titled "Earthsea · fantasy" when it has no title of its
  /// own. Its readers select the titles with ``InferredNames/PointedTitle/select(from:in:)``.
  package func shownRowDefinition(names: InferredNames) -> DataDefinition? {
    let pointed = names.pointedTitles(self)
    let replaced = Set(pointed.map(\.key.column))
    let columnKeys = names.columnKeys(self)
    var keys: [String] = []
    for column in columns {
      if let title = pointed.first(where: { $0.key.column == column.name }) {
        if !keys.contains(title.property) { keys.append(title.property) }
      } else if !replaced.contains(column.name) {
        keys.append(columnKeys.key(of: column.name))
      }
    }
    guard !keys.isEmpty,
      var definition = try? DataDefinition.dictionary(keys: keys.joined(separator: ";"))
    else { return nil }
    definition.name = names.item(self)
    for name in keys {
      definition[name]?.enabledWhen = Condition("read-only") { _ in false }
      if let column = columnKeys.differentColumn(of: name) { definition[name]?.title = column }
    }
    // Titled as a store's rows are (``InferredNames/titleKeys(_:)``): by a text column of its
    // own, else by the rows it points at, else by its first column shown.
    let own = names.titleColumn(self).flatMap {
      definition[columnKeys.key(of: $0)] == nil ? nil : $0
    }
    if let own, column(own)?.kind == .text || pointed.isEmpty {
      definition.titlePropertyNames = [columnKeys.key(of: own)]
    } else if !pointed.isEmpty {
      definition.titlePropertyNames = pointed.map(\.property)
      if pointed.count > 1 { definition.titleSeparator = " · " }
    }
    return definition
  }

  /// The kind of value a column of `kind` holds.
  package static func valueKind(of kind: InferredColumn.Kind) -> ValueKind {
    switch kind {
    case .text: .string
    case .integer: .int
    case .real: .double
    case .bool: .bool
    case .date, .dateText: .date
    case .blob: .data
    }
  }
}
