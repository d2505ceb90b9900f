extension RelationalEntity {
  /// The join a predicate's many-to-many key path (`ANY tags == $tag`) is asked through, if
  /// `keyPath` names a many-to-many relationship of this entity.
  package func membership(for keyPath: String) -> PredicateSQLMembership? {
    guard let relationship = manyToManyRelationships.first(where: { $0.name == keyPath }) else {
      return nil
    }
    return PredicateSQLMembership(
      table: relationship.joinTableName(of: self), source: relationship.joinSourceColumn,
      target: relationship.joinTargetColumn, ownerKey: primaryKey)
  }
}

extension SQLDialect {
  /// `text` with the pattern characters of `LIKE` (`%`, `_` and `\`) taken literally, for a
  /// pattern followed by `ESCAPE '\'`.
  package func likeEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
