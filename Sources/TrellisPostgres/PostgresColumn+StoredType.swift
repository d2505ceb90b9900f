import Trellis

/// Columns of tables made elsewhere, read and written as their kind: a value is cast to the
/// column's own type when written (`$1::mood`) and the column to the kind's type when read
/// (`"mood"::text`), so that an enum, a `numeric` or an `integer` column holds what a form
/// edits.
extension PostgresColumn {
  /// The column as a `SELECT` of `entity`'s rows reads it: its quoted SQL name, cast to the
  /// kind's type when the table was made elsewhere.
  func selected(in entity: PostgresEntity) throws(StoreError) -> String {
    let name = try entity.quotedColumn(self.name)
    guard let storedType else { return name }
    // A `real` widened to float8 shows the binary fraction's digits (0.1 reads as
    // 0.10000000149011612); its text is the shortest that reads back as the same `real`.
    if storedType == "real" { return "\(name)::text::float8" }
    // An address cast to text always has its mask (10.0.0.1/32); printed, a single host's
    // has none, as `abbrev` writes it.
    if storedType == "inet" { return "abbrev(\(name))" }
    return "\(name)::\(kind.sqlType)"
  }

  /// The cast a placeholder for this column's value takes (`::mood`), empty for the store's
  /// own columns.
  var writeCast: String {
    guard let storedType, Self.isSafeType(storedType) else { return "" }
    return "::" + storedType
  }

  /// Whether `type`, as PostgreSQL's `format_type` prints it, can follow `::` as it is:
  /// names, quoted names without quotes inside, digits, spaces, `.`, `,`, parentheses and
  /// `[]`.
  package static func isSafeType(_ type: String) -> Bool {
    guard !type.isEmpty, type.utf8.count <= 200 else { return false }
    var quoted = false
    for character in type {
      if character == "\"" {
        quoted.toggle()
        continue
      }
      if quoted { continue }
      guard
        character.isLetter || character.isNumber || " _.,()[]".contains(character)
      else { return false }
    }
    return !quoted
  }
}
