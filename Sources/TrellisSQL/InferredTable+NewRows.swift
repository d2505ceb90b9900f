import Foundation
import Trellis

extension InferredTable {
  /// The names apps give the times a row was made and last changed, which the app writes,
  /// not the database: Rails's, Laravel's and Django's by convention, Phoenix's, and the
  /// camel-case ones of Prisma and Sequelize.
  static let timestampNames: Set<String> = [
    "created_at", "updated_at", "inserted_at", "createdAt", "updatedAt",
  ]

  /// The timestamp among the columns named `stored` that the app moves to the time of each change of its row
  /// (`updated_at`, `updatedAt`), as Rails, Laravel, Prisma and Sequelize do; a cache keyed by
  /// it (Rails's) then sees the change. `nil` when there is none.
  package func updateTimestamp(storedIn stored: [String]) -> String? {
    columns.first { column in
      ["updated_at", "updatedAt"].contains(column.name) && stored.contains(column.name)
        && column.isEditable
        && (column.kind == .date || column.kind == .dateText) && readOnlyReason == nil
    }?.name
  }

  /// The values a new row of `columns` starts with that the database would not give it, each
  /// made when the row is: a new UUID for a key of UUIDs (``InferredColumn/uuidKeys``), and
  /// the time now for a timestamp the app keeps (``timestampNames``) that has no default.
  /// The form shows them, and the person may change them.
  ///
  /// A column whose default is a constant (`DEFAULT 1`, `DEFAULT 'draft'`, `DEFAULT TRUE`)
  /// starts with it, so that the form shows what saving it stores: a switch over a column
  /// that defaults to 1 starts on.
  func newRowValues(of columns: [InferredColumn]) -> [(name: String, make: @Sendable () -> Value)] {
    var values: [(name: String, make: @Sendable () -> Value)] = []
    for column in columns where column.isEditable {
      if let sql = column.defaultSQL {
        if let constant = Self.constant(sql, kind: column.kind) {
          values.append((column.name, { constant }))
        }
        continue
      }
      if let keys = column.uuidKeys {
        values.append((column.name, { .string(keys.make()) }))
      } else if Self.timestampNames.contains(column.name),
        column.kind == .date || column.kind == .dateText
      {
        values.append((column.name, { .date(Date()) }))
      }
    }
    return values
  }

  /// The value of a column default's SQL when it is a constant the column's kind holds: a
  /// number, a quoted text, `TRUE` or `FALSE`; `nil` for an expression (`CURRENT_TIMESTAMP`),
  /// `NULL`, or a constant of another kind, which the database is left to give.
  static func constant(_ sql: String, kind: InferredColumn.Kind) -> Value? {
    var text = sql.trimmingCharacters(in: .whitespaces)
    // `DEFAULT (1)` is written with parentheses by some tools.
    while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
    // PostgreSQL writes a constant with its type (`'draft'::text`, `'0'::numeric`).
    if let cast = text.range(of: "::", options: .backwards),
      text[cast.upperBound...].allSatisfy({ $0.isLetter || $0.isNumber || " _()".contains($0) })
    {
      text = String(text[..<cast.lowerBound])
      if kind != .text, text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
        text = String(text.dropFirst().dropLast())
      }
    }
    let upper = text.uppercased()
    switch kind {
    case .bool:
      if upper == "TRUE" || text == "1" { return .bool(true) }
      if upper == "FALSE" || text == "0" { return .bool(false) }
      return nil
    case .integer:
      if upper == "TRUE" { return .int(1) }
      if upper == "FALSE" { return .int(0) }
      return Int(text).map(Value.int)
    case .real:
      return Double(text).flatMap { $0.isFinite ? .double($0) : nil }
    case .text:
      guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
      let inner = text.dropFirst().dropLast()
      // A quote inside is written twice; one alone would end the text.
      guard !inner.replacingOccurrences(of: "''", with: "").contains("'") else { return nil }
      return .string(inner.replacingOccurrences(of: "''", with: "'"))
    default: return nil
    }
  }
}
