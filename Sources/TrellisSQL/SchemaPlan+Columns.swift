extension SchemaPlan.Table {
  /// Every column the table keeps, in the order they are added to a table that lacks them:
  /// the declared ones, then the parent's key, the position, the version and the to-one keys.
  /// The keys a store derives are integers of `dialect`, indexed (but the version); the
  /// position is indexed only in a table without a parent, whose rows are read in that order.
  package func storedColumns(_ dialect: SQLDialect) -> [SchemaPlan.Column] {
    func integer(_ name: String, nullable: Bool, indexed: Bool, initial: String?)
      -> SchemaPlan.Column
    {
      SchemaPlan.Column(
        name: name, type: dialect.keyType, isText: false, isNullable: nullable,
        isIndexed: indexed, defaultLiteral: initial, zeroLiteral: "0")
    }
    var result = columns
    if let parent {
      result.append(integer(parent.column, nullable: true, indexed: true, initial: nil))
    }
    if let position {
      result.append(integer(position, nullable: false, indexed: parent == nil, initial: "0"))
    }
    if let version {
      result.append(integer(version, nullable: false, indexed: false, initial: "1"))
    }
    for reference in references {
      result.append(integer(reference.column, nullable: true, indexed: true, initial: nil))
    }
    return result
  }

  /// The columns of the index on the stored column `name`: the position's index also holds
  /// the key, so that a page in order is read from the index alone; a parent's or a to-one's
  /// key is followed by the rows' order (position, then key), so that the rows pointing at
  /// one row (a task's steps, a category's tasks) come in order from the index, not sorted
  /// from every row that points there.
  package func indexedColumns(of name: String) -> [String] {
    if name == position { return [name, key] }
    guard name == parent?.column || references.contains(where: { $0.column == name }) else {
      return [name]
    }
    return [name] + (position.map { [$0] } ?? []) + [key]
  }

  /// Whether the stored column `name` holds text, which indexes compare ignoring case.
  package func isText(_ name: String) -> Bool { column(name)?.isText ?? false }
}
