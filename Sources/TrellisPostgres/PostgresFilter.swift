import Trellis

/// Filters as SQL conditions: searches become `ILIKE` over the searched columns.
enum PostgresFilter {
  /// Whether `term` becomes SQL: a search, or every part of an `all` a search.
  static func translates(_ term: ItemFilter.Term) -> Bool {
    switch term {
    case .search: true
    case .all(let terms): terms.allSatisfy(translates)
    case .predicate, .opaque: false
    }
  }

  /// Appends the condition for `term` to `statement`.
  static func append(
    _ term: ItemFilter.Term, of entity: PostgresEntity, to statement: inout PostgresStatement
  ) throws(StoreError) {
    switch term {
    case .search(let keyPaths, let text):
      let columns = keyPaths.compactMap(entity.column)
      guard !text.isEmpty else { return statement.append("TRUE") }
      guard !columns.isEmpty else { return statement.append("FALSE") }
      statement.append("(")
      for (index, column) in columns.enumerated() {
        if index > 0 { statement.append(" OR ") }
        let name = try PostgresIdentifier.quoted(column.name)
        statement.append(column.kind == .text ? name : "\(name)::text")
        statement.append(" ILIKE ")
        statement.bind("%" + escaped(text) + "%")
        statement.append(" ESCAPE '\\'")
      }
      statement.append(")")
    case .all(let terms):
      guard !terms.isEmpty else { return statement.append("TRUE") }
      statement.append("(")
      for (index, term) in terms.enumerated() {
        if index > 0 { statement.append(" AND ") }
        try append(term, of: entity, to: &statement)
      }
      statement.append(")")
    case .predicate:
      throw .unsupported("predicates in a PostgreSQL store (searches only, for now)")
    case .opaque:
      throw .unsupported("filters made of closures in a PostgreSQL store")
    }
  }

  /// `text` with the pattern characters `%`, `_` and `\` taken literally.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
