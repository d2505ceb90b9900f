import TrellisValues

/// The names screens give what an ``InferredSchema`` holds: items, relationships and titles,
/// the same wherever they are needed (the store's properties, a descriptor's keys).
package struct InferredNames: Sendable {
  let schema: InferredSchema

  /// Names for `schema`.
  package init(_ schema: InferredSchema) { self.schema = schema }

  /// One row's name in titles ("New Album"): the table's, singular and capitalised
  /// (`orders` → `Order`, `line_items` → `Line_item`).
  package func item(_ table: InferredTable) -> String {
    capitalised(EnglishNoun.singular(table.name))
  }

  /// The to-one property of the foreign key `key` of `table`: the column's name without its
  /// `Id` or `_id` (`ArtistId` → `Artist`), unless another column has that name; the column's
  /// own name (`ReportsTo`) otherwise.
  ///
  /// A column whose name is not a key gives the key made of it (``ColumnKeys/key(for:)``):
  /// `"Author ID"` → `Author`.
  package func toOne(_ key: InferredForeignKey, in table: InferredTable) -> String {
    let own = ColumnKeys.key(for: key.column)
    var name = ColumnKeys.isKey(key.column) ? key.column : own
    for suffix in ["_id", "Id", "ID", "_ID"]
    where name.hasSuffix(suffix) && name.count > suffix.count {
      name = String(name.dropLast(suffix.count))
      break
    }
    // `Author_ID`, made of "Author ID", is `Author`.
    if !ColumnKeys.isKey(key.column), name.count > 1, name.hasSuffix("_") { name.removeLast() }
    // The key's own column is no property of the form: its name is free.
    if table.column(name) != nil { name = ColumnKeys.isKey(key.column) ? key.column : own }
    return name
  }

  /// The list, on the target, of the rows pointing at it through `key` of `table`
  /// ("Albums" on an artist); `<table>By<ToOne>` when the table points there more than once.
  /// A table whose name is not a key gives the key made of it (``ColumnKeys/key(for:)``):
  /// "Order Items" → `Order_Items`.
  package func inverse(_ key: InferredForeignKey, in table: InferredTable) -> String {
    let base = ColumnKeys.key(for: plural(item(table)))
    let alike = table.foreignKeys.filter { $0.targetTable == key.targetTable }
    var name = alike.count > 1 ? base + "By" + capitalised(toOne(key, in: table)) : base
    if let target = schema.table(key.targetTable), target.column(name) != nil { name += "List" }
    return name
  }

  /// The many-to-many property of a join, on the side `own` points at: the other side's
  /// table, plural ("Playlists" on a track), as a key (``ColumnKeys/key(for:)``: "Gift
  /// Tags" → `Gift_Tags`).
  package func manyToMany(_ join: InferredJoin, from own: InferredForeignKey) -> String {
    let other = own == join.source ? join.target : join.source
    var name = ColumnKeys.key(for: plural(capitalised(EnglishNoun.singular(other.targetTable))))
    if let table = schema.table(own.targetTable), table.column(name) != nil { name += "List" }
    return name
  }

  /// The key paths a row of `table` is titled by: the key of its ``titleColumn(_:)`` when
  /// that holds text; otherwise, for a table that points at other tables' rows (a join table
  /// with a key of its own, an order's line), those rows' titles ("Earthsea · fantasy" for a
  /// book's tag) rather than a number nobody knows the row by.
  package func titleKeys(_ table: InferredTable) -> [String] {
    let column = titleColumn(table)
    let key = column.map(columnKeys(table).key)
    if let column, let key, table.column(column)?.kind == .text { return [key] }
    let pointed = pointedTitles(table).map { title in
      let target = schema.table(title.key.targetTable).map(columnKeys) ?? ColumnKeys()
      return title.property + "." + target.key(of: title.title)
    }
    return pointed.isEmpty ? [key].compactMap { $0 } : pointed
  }

  /// The property key of each of `table`'s columns (``ColumnKeys``): a column whose name is
  /// not a key gets one that no other column's name and none of the table's relationships
  /// (nor the lists of rows pointing at it) has.
  package func columnKeys(_ table: InferredTable) -> ColumnKeys {
    let names = table.columns.map(\.name)
    guard !names.allSatisfy(ColumnKeys.isKey) else { return ColumnKeys() }
    var taken = Set(schema.relationships(of: table, names: self).map(\.name))
    for (source, key) in schema.inverseKeys(of: table) { taken.insert(inverse(key, in: source)) }
    return ColumnKeys(columns: names, taken: taken)
  }

  /// The column a row of `table` is titled by (its SQL name): the first text column named
  /// like a name or a title, else the first text column but a key of UUIDs (a note's body
  /// rather than its UUID), else the first text column, else the first column shown.
  package func titleColumn(_ table: InferredTable) -> String? {
    let shown = table.shownColumns.filter {
      !table.foreignKeys.map(\.column).contains($0.name)
    }
    let texts = shown.filter { $0.kind == .text }
    let named = texts.first { column in
      ["name", "title", "label"].contains { column.name.lowercased().contains($0) }
    }
    let readable = texts.first { $0.uuidKeys == nil }
    return (named ?? readable ?? texts.first ?? shown.first)?.name
  }

  /// Whether `name` can be a key of a form (a names string's): letters, digits and `_`, not
  /// starting with a digit. A column named otherwise is bound to a key made of its name
  /// (``columnKeys(_:)``).
  package static func isKey(_ name: String) -> Bool { ColumnKeys.isKey(name) }

  func plural(_ word: String) -> String { EnglishNoun.plural(word) }

  func capitalised(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}
