import GRDB
import Logging
import Trellis

/// SQLite's errors as a person reads them: what failed, in words; the SQL and SQLite's own
/// message go to the log.
extension SQLiteStore {
  /// Where SQLite's errors go in full.
  static let logger = Logger(label: "trellis.sqlite")

  /// The store error for SQLite's `error`, logged, in a read or a write of the store's table.
  func failure(_ error: any Error, reading: Bool) -> StoreError {
    Self.logger.error(
      "SQLite failed",
      metadata: [
        "table": "\(entity.table)", "operation": "\(reading ? "read" : "write")",
        "error": "\(error)",
      ])
    return .failed(Self.words(for: error, reading: reading))
  }

  /// What a person reads when the file's tables changed under the store; SQLite's message,
  /// which names them, goes to the log.
  package static let schemaChanged =
    "The database's tables changed since they were read: restart to read them again."

  /// What a person reads when SQLite failed with `error`.
  static func words(for error: any Error, reading: Bool) -> String {
    let fallback =
      reading ? "The data could not be read." : "The change could not be saved."
    guard let error = error as? DatabaseError else { return fallback }
    // A trigger's RAISE says why in the words the database's author chose for people.
    if error.extendedResultCode == .SQLITE_CONSTRAINT_TRIGGER, let message = error.message {
      return message
    }
    if error.message?.contains("pattern too complex") == true { return "The search is too long." }
    // The file's tables changed under the server (a column dropped, a table renamed): what it
    // read at the start no longer fits, and only reading the schema again can fix that.
    if error.resultCode == .SQLITE_ERROR, let message = error.message,
      ["no such column", "no such table", "has no column named"].contains(where: message.contains)
    {
      return Self.schemaChanged
    }
    // A file made elsewhere has rules of its own: its refusal says which.
    if !reading, error.resultCode == .SQLITE_CONSTRAINT, let message = error.message {
      switch error.extendedResultCode {
      case .SQLITE_CONSTRAINT_CHECK, .SQLITE_CONSTRAINT_NOTNULL:
        return "The database refused the change (\(message)); nothing was saved."
      case .SQLITE_CONSTRAINT_FOREIGNKEY:
        return "The database refused the change: a row it points at is missing, or rows still "
          + "point at this one (\(message)); nothing was saved."
      default:
        break
      }
    }
    switch error.resultCode {
    case .SQLITE_FULL: return "The disk is full: the change could not be saved."
    case .SQLITE_BUSY, .SQLITE_LOCKED: return "The data is in use elsewhere: try again."
    case .SQLITE_READONLY: return "The data can only be read here: the change was not saved."
    default: return fallback
    }
  }

  /// A write SQLite refused for one column of this store's table, on the column's property
  /// (a to-one's key on its relationship), as a form marks it: NOT NULL ("NOT NULL constraint
  /// failed: product.supplierId") or a STRICT table's type ("cannot store TEXT value in
  /// INTEGER column product.stock"); `nil` for any other error.
  func columnRefusal(_ error: any Error) -> StoreError? {
    guard let error = error as? DatabaseError, let message = error.message,
      [.SQLITE_CONSTRAINT_NOTNULL, .SQLITE_CONSTRAINT_DATATYPE].contains(error.extendedResultCode),
      let named = message.range(of: " \(entity.table).", options: .backwards)
    else { return nil }
    // The message ends with the column's name, which may hold spaces ("First Name").
    let rest = String(message[named.upperBound...])
    let word = String(rest.prefix { !$0.isWhitespace })
    let columns = entity.columns.map { ($0.name, entity.columnKeys.column(of: $0.name)) }
    let keys = entity.toOneRelationships.map { ($0.name, $0.foreignKey) }
    guard
      let property = (columns + keys).first(where: { $0.1 == rest })?.0
        ?? (columns + keys).first(where: { $0.1 == word })?.0
    else { return nil }
    if error.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL {
      return entity.emptyRefusal(of: property)
    }
    let title = entity.definition[property]?.title ?? property
    return .refusedValue(property: property, message: "\(title): \(message)")
  }
}
