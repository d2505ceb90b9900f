import Foundation
import PostgresNIO
import Trellis

extension PostgresStore {
  /// What went wrong, as a store error: a refused value named by its column, a server that
  /// cannot be reached, an SQL error with the server's message.
  func storeError(_ error: any Error) -> StoreError {
    if let error = error as? StoreError { return error }
    // A transaction's failure carries what failed inside it.
    if let transaction = error as? PostgresTransactionError {
      if let inner = transaction.closureError { return storeError(inner) }
      if let inner = transaction.beginError ?? transaction.commitError {
        return storeError(inner)
      }
    }
    if let nothing = error as? NothingWritten { return storeError(nothing.cause) }
    if error is PostgresTimeout {
      return .failed(
        "PostgreSQL at \(place) did not answer within \(timeout): another transaction may "
          + "hold the row, or the server is busy or down")
    }
    if error is CancellationError { return .failed("cancelled") }
    guard let error = error as? PSQLError else {
      let text = String(describing: error)
      // The pool gives up after connections failed one after another.
      if text.contains("CircuitBreakerTripped") {
        return .failed("cannot reach PostgreSQL at \(place) (is the server running?)")
      }
      return .failed("PostgreSQL at \(place): \(text)")
    }
    guard let info = error.serverInfo, let state = info[.sqlState] else {
      let cause = error.underlying.map { String(describing: $0) } ?? "\(error.code)"
      return .failed("cannot reach PostgreSQL at \(place): \(cause)")
    }
    let message = info[.message] ?? "error \(state)"
    if let table = info[.tableName], table != entity.table,
      let relationship = entity.relationships.first(where: {
        $0.kind == .toMany ? $0.entity.tables.contains(table) : $0.entity.table == table
      })
    {
      // A child, or an object made in place, refused: the message lands on the row that
      // holds it.
      return childRefusal(state, info, relationship, message)
    }
    switch state {
    case "23505":
      if let column = column(in: info[.detail], constraint: info[.constraintName]) {
        return .refusedValue(
          property: column, message: "another \(entity.definition.name) has this \(column)")
      }
      return .refused(message)
    case "23502":
      // On the column's row, or on the to-one relationship's whose key it is, by title.
      guard let column = info[.columnName] else { return .refused(message) }
      let key = entity.columnKeys.key(of: column)
      let name =
        entity.column(key) != nil
        ? key
        : entity.relationships.first { $0.kind == .toOne && $0.foreignKey == column }?.name
      guard let name else { return .refused(message) }
      let title = entity.definition[name]?.title ?? name
      return .refusedValue(property: name, message: "\(title) needs a value")
    case "23503":
      // A to-one's target deleted meanwhile: the message lands on the relationship's field.
      if let column = Self.keyColumn(in: info[.detail]),
        let relationship = entity.relationships.first(where: {
          $0.kind == .toOne && $0.foreignKey == column
        })
      {
        let title = entity.definition[relationship.name]?.title ?? relationship.name
        return .refusedValue(
          property: relationship.name,
          message: "the \(title.lowercased()) chosen is gone (deleted meanwhile): choose another")
      }
      return .refused(message)
    case "23514":
      // A column's own rule, on its field: "refused by the rule authors_email_check".
      guard let constraint = info[.constraintName], let column = checkedColumn(constraint) else {
        return .refused(message)
      }
      return .refusedValue(property: column, message: "refused by the rule \(constraint)")
    case "22P02", "22007", "22008":
      // The server's detail says what it could not read ("Token "x" is invalid.").
      return .invalidItem([message, info[.detail]].compactMap { $0 }.joined(separator: ": "))
    case "22001", "22003", "22021": return .invalidItem(message)
    default: return .failed("PostgreSQL: \(message) (\(state))")
    }
  }

  /// A child's refused value (or that of an object made in place), on the relationship's
  /// property, named by its title: "Steps: another one has this name", "Category: name needs
  /// a value".
  private func childRefusal(
    _ state: String, _ info: PSQLError.ServerInfo, _ relationship: PostgresRelationship,
    _ message: String
  ) -> StoreError {
    let child = entity.definition[relationship.name]?.title ?? relationship.name
    switch state {
    case "23505":
      let column = Self.keyColumn(in: info[.detail])
      let what = column.map { "another one has this \($0)" } ?? message
      return .refusedValue(property: relationship.name, message: "\(child): \(what)")
    case "23502":
      let what = info[.columnName].map { "\($0) needs a value" } ?? message
      return .refusedValue(property: relationship.name, message: "\(child): \(what)")
    case "23514", "23503":
      return .refusedValue(property: relationship.name, message: "\(child): \(message)")
    default:
      return .failed("PostgreSQL: \(message) (\(state))")
    }
  }

  /// The column a unique violation names: in its detail, "Key (email)=(…) already exists.",
  /// else in the constraint's name, "contact_email_key".
  func column(in detail: String?, constraint: String?) -> String? {
    if let name = Self.keyColumn(in: detail).map(entity.columnKeys.key),
      entity.column(name) != nil
    {
      return name
    }
    if let constraint {
      for column in entity.columns where constraint == "\(entity.table)_\(column.name)_key" {
        return column.name
      }
    }
    return nil
  }

  /// The column a `CHECK` constraint named `constraint` guards, as PostgreSQL names a column's
  /// own (`authors_email_check`, `authors_email_check1`) or as its name gives one column of
  /// the table alone; `nil` for a rule of several columns or none.
  func checkedColumn(_ constraint: String) -> String? {
    let own = entity.columns.filter { column in
      let prefix = "\(entity.table)_\(column.name)_check"
      return constraint.hasPrefix(prefix)
        && constraint.dropFirst(prefix.count).allSatisfy(\.isNumber)
    }
    if own.count == 1 { return own[0].name }
    let words = Set(constraint.split(separator: "_").map(String.init))
    let named = entity.columns.filter { words.contains($0.name) }
    return named.count == 1 ? named[0].name : nil
  }

  /// The column a unique violation's detail names: "Key (email)=(…) already exists.".
  static func keyColumn(in detail: String?) -> String? {
    guard let detail, let open = detail.range(of: "Key ("),
      let close = detail[open.upperBound...].range(of: ")=")
    else { return nil }
    return String(detail[open.upperBound..<close.lowerBound])
  }

  /// `error` on the property that wrote the value, when it is a value the server could not
  /// read as its column's type ("invalid input syntax for type json", "invalid input value for
  /// enum mood") and only one of the `written` columns has that type, or only one of those
  /// wrote the text the message quotes (`values`, the values written by name): the form marks
  /// that field, as it marks a unique value. Any other error is `error`.
  func namingColumn(
    _ error: StoreError, written: [String], values: [String: Value] = [:]
  ) -> StoreError {
    guard case .invalidItem(let message) = error,
      let type = Self.inputType(in: message)
    else { return error }
    var columns = written.compactMap(entity.column).filter { column in
      let declared = (column.storedType ?? column.kind.sqlType).lowercased()
      return declared == type || (type == "json" && declared == "jsonb")
    }
    if columns.count > 1, let quoted = Self.quotedInput(in: message) {
      columns = columns.filter { values[$0.name] == .string(quoted) }
    }
    guard columns.count == 1, let name = columns.first?.name else { return error }
    let title = entity.definition[name]?.title ?? name
    return .refusedValue(property: name, message: "\(title): \(message)")
  }

  /// The text a message of an unreadable value quotes: "invalid input syntax for type uuid:
  /// \"abc\"" gives `abc`; `nil` when it quotes none.
  static func quotedInput(in message: String) -> String? {
    guard let open = message.range(of: ": \""),
      let close = message[open.upperBound...].lastIndex(of: "\"")
    else { return nil }
    return String(message[open.upperBound..<close])
  }

  /// The type a message of an unreadable value names: "invalid input syntax for type uuid:
  /// …" gives `uuid`, "invalid input value for enum mood: …" gives `mood`.
  static func inputType(in message: String) -> String? {
    for marker in ["for type ", "for enum "] {
      guard let start = message.range(of: marker)?.upperBound else { continue }
      let name = message[start...].prefix { $0 != ":" && $0 != " " }
      return name.isEmpty ? nil : name.lowercased()
    }
    return nil
  }
}
