import TrellisPredicates
import TrellisValues

extension Predicate {
  /// The predicate as a parameterized SQLite WHERE clause.
  ///
  /// Every constant and variable becomes a `?` placeholder with its value in `arguments`, in
  /// order; nothing is interpolated into the SQL. Booleans are bound as 0 or 1 and dates as
  /// seconds since 1970 (a Double). The SQL calls `regexp` for MATCHES and `trellis_fold` for the
  /// `[c]` and `[d]` modifiers; the store registers both (see ``PredicateSQLFunctions``).
  /// Combine the clause with other conditions inside parentheses.
  ///
  /// - Parameters:
  ///   - columns: The column for a key path, unquoted, or `nil` when there is none (an error).
  ///     Column names are quoted in the SQL.
  ///   - memberships: The join of a key path naming a many-to-many relationship, for
  ///     `ANY tags == $tag` and `$tag IN tags`.
  ///   - variables: The values of `$variables`; an array is bound element by element for IN
  ///     and BETWEEN.
  /// - Throws: ``PredicateEvaluationError`` for a key path without a column, a missing variable, or a
  ///   construct SQL cannot express (ANY/ALL/NONE, SELF, IN over a key path, LIKE with a key path
  ///   as the pattern, a dictionary or object value).
  public func sql(
    columns: (String) -> String?,
    memberships: @escaping (String) -> PredicateSQLMembership? = { _ in nil },
    variables: [String: Value] = [:]
  ) throws(PredicateEvaluationError) -> (clause: String, arguments: [Value]) {
    try withoutActuallyEscaping(columns) { columns throws(PredicateEvaluationError) in
      try sql(
        in: .sqlite, columns: { columns($0).map { SQLColumn($0) } }, memberships: memberships,
        variables: variables)
    }
  }

  /// The predicate as a parameterized WHERE clause in `dialect`, over columns whose kinds the
  /// store may know, its placeholders following `placeholderOffset` earlier ones.
  package func sql(
    in dialect: SQLDialect, columns: (String) -> SQLColumn?,
    memberships: @escaping (String) -> PredicateSQLMembership? = { _ in nil },
    variables: [String: Value] = [:], placeholderOffset: Int = 0
  ) throws(PredicateEvaluationError) -> (clause: String, arguments: [Value]) {
    let result: Result<(clause: String, arguments: [Value]), PredicateEvaluationError> =
      withoutActuallyEscaping(columns) { columns in
        var writer = PredicateSQLWriter(
          dialect: dialect, columns: columns, variables: variables,
          placeholderOffset: placeholderOffset)
        writer.memberships = memberships
        do throws(PredicateEvaluationError) {
          let fragment = try writer.write(root)
          return .success((fragment.sql, writer.arguments))
        } catch {
          return .failure(error)
        }
      }
    return try result.get()
  }
}
