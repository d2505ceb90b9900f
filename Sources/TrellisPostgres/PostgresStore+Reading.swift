import Foundation
import PostgresNIO
import Trellis

extension PostgresStore {
  /// One page: `options.batchSize` rows (all when `nil`) from the offset `token` names, in
  /// `options.sort`'s order (else the store's), filtered in SQL.
  public func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    let start: Int
    switch token {
    case nil: start = options.offset
    case .offset(let offset): start = offset
    case .url(let address):
      throw .invalidItem("a PostgreSQL store pages by offset, not by address (\(address))")
    }
    var statement = try select(options)
    if let size = options.batchSize {
      statement.append(" LIMIT ")
      statement.bind(Swift.max(size, 0) + 1)
    }
    if start > 0 {
      statement.append(" OFFSET ")
      statement.bind(start)
    }
    let query = statement.query
    let rows = try await perform { connection in
      try await Self.records(connection.query(query, logger: self.logger), of: self.entity)
    }
    var items: [Value] = []
    for record in rows.prefix(options.batchSize ?? rows.count) {
      items.append(.object(ObjectReference(try materialize(record))))
    }
    let next: PageToken? =
      if let size = options.batchSize, rows.count > size { .offset(start + size) } else { nil }
    return StorePage(items: items, next: next)
  }

  /// How many rows match `options.filter`.
  public func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    var statement = PostgresStatement("SELECT count(*) FROM \(try table)")
    try appendWhere(options.filter, to: &statement)
    let query = statement.query
    return try await perform { connection in
      var total = 0
      for try await (count) in try await connection.query(query, logger: self.logger)
        .decode(Int64.self)
      {
        total = Int(count)
      }
      return total
    }
  }

  /// The quoted table name.
  var table: String { get throws(StoreError) { try PostgresIdentifier.quoted(entity.table) } }

  /// `SELECT` of the key and the columns, filtered and ordered by `options`.
  func select(_ options: FetchOptions) throws(StoreError) -> PostgresStatement {
    var names = [try PostgresIdentifier.quoted(entity.primaryKey)]
    for column in entity.columns { names.append(try PostgresIdentifier.quoted(column.name)) }
    var statement = PostgresStatement(
      "SELECT \(names.joined(separator: ", ")) FROM \(try table)")
    try appendWhere(options.filter, to: &statement)
    statement.append(" ORDER BY \(try order(options.sort))")
    return statement
  }

  /// ` WHERE …` for a filter, when there is one.
  func appendWhere(_ filter: ItemFilter?, to statement: inout PostgresStatement)
    throws(StoreError)
  {
    guard let filter else { return }
    statement.append(" WHERE ")
    try PostgresFilter.append(filter.term, of: entity, to: &statement)
  }

  /// The `ORDER BY` list: the sort keys, then the store's own order so that pages are stable.
  func order(_ sort: [SortKey]) throws(StoreError) -> String {
    var parts: [String] = []
    for key in sort {
      guard entity.column(key.keyPath) != nil else {
        throw .unsupported(
          "sorting by '\(key.keyPath)', which is not a column of '\(entity.table)'")
      }
      parts.append(
        "\(try PostgresIdentifier.quoted(key.keyPath)) \(key.ascending ? "ASC" : "DESC")")
    }
    return (parts + (try defaultOrder)).joined(separator: ", ")
  }

  /// The store's own order: by position, then by key.
  var defaultOrder: [String] {
    get throws(StoreError) {
      var columns: [String] = []
      if let position = entity.positionColumn {
        columns.append(try PostgresIdentifier.quoted(position))
      }
      columns.append(try PostgresIdentifier.quoted(entity.primaryKey))
      return columns
    }
  }

  /// One row as read: its key and its columns' values.
  struct Record: Sendable {
    var id: Int64
    var values: [Value]
  }

  /// The rows of a `select(_:)`.
  static func records(_ rows: PostgresRowSequence, of entity: PostgresEntity) async throws
    -> [Record]
  {
    var records: [Record] = []
    for try await row in rows {
      let cells = Array(row)
      let id = try cells[0].decode(Int64.self)
      var values: [Value] = []
      for (index, column) in entity.columns.enumerated() {
        values.append(try PostgresValues.value(cells[index + 1], kind: column.kind))
      }
      records.append(Record(id: id, values: values))
    }
    return records
  }

  /// The object for a row: the same object every time for the same row, with its values
  /// brought up to date.
  func materialize(_ record: Record) throws(StoreError) -> AnyObject {
    let existing = state.withLock { $0.objects[record.id] }
    let object: AnyObject =
      existing ?? entity.definition.makeObject()
      ?? DocumentObject(
        .dictionary(ValueDictionary(entity.columns.map { ($0.name, Value.null) })))
    let kvc = try keyValueCoding(object)
    for (index, column) in entity.columns.enumerated() {
      let value = record.values[index]
      if let current = try? kvc.value(forKey: column.name), current == value { continue }
      do { try kvc.setValue(value, forKey: column.name) } catch {
        throw .invalidItem("\(entity.table) row \(record.id): \(error.description)")
      }
    }
    if existing == nil {
      state.withLock { state in
        state.objects[record.id] = object
        state.keys[ObjectIdentifier(object)] = record.id
      }
    }
    return object
  }
}
