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
  func newRowValues(of columns: [InferredColumn]) -> [(name: String, make: @Sendable () -> Value)] {
    var values: [(name: String, make: @Sendable () -> Value)] = []
    for column in columns where column.isEditable && column.defaultSQL == nil {
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
}
