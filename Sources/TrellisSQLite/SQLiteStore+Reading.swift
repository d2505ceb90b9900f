import Foundation
import GRDB
import Trellis
import TrellisSQL

/// A row as read, before it becomes an object: its key, its column values, its children.
struct RawRecord {
  var id: Int64
  var values: [DatabaseValue]
  /// The keys of its to-one relationships' objects, in the entity's order; `nil` for none.
  var references: [Int64?] = []
  /// The keys of its many-to-many relationships' objects, per relationship in the entity's
  /// order, in the order they were added.
  var related: [[Int64]] = []
  var children: [String: [RawRecord]] = [:]

  /// Reads a row selected by ``SQLiteStore/selectList(_:prefix:)``, whose primary key is at
  /// `offset`.
  init(_ row: GRDB.Row, shape: SQLiteRecordShape, offset: Int = 0) {
    id = row[offset]
    let width = shape.width
    values = []
    values.reserveCapacity(width)
    for index in 0..<width { values.append(row[offset + 1 + index]) }
    let toOnes = shape.toOnes.count
    if toOnes > 0 {
      references = (0..<toOnes).map { row[offset + 1 + width + $0] as Int64? }
    }
  }
}

extension SQLiteStore {
  public func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    let query = try SQLQuery(options, of: entity, keys: objectKeys)
    if let filter = query.memoryFilter {
      let all = try objects(matching: query, limit: nil, offset: 0).filter {
        filter(entity.definition.reader(for: .object(ObjectReference($0))))
      }
      let start = Swift.min(Swift.max(options.offset, 0), all.count)
      let end =
        options.batchSize.map { Swift.min(start + Swift.max($0, 0), all.count) } ?? all.count
      return all[start..<end].map { .object(ObjectReference($0)) }
    }
    if options.batchSize.map({ $0 <= 0 }) == true { return [] }
    return try objects(
      matching: query, limit: options.batchSize, offset: Swift.max(options.offset, 0)
    )
    .map { .object(ObjectReference($0)) }
  }

  public func count(_ options: FetchOptions) throws(StoreError) -> Int {
    let query = try SQLQuery(options, of: entity, keys: objectKeys)
    if query.memoryFilter != nil {
      var all = options
      all.batchSize = nil
      all.offset = 0
      return try fetch(all).count
    }
    let arguments = try SQLiteValues.arguments(query.arguments)
    let sql = "SELECT COUNT(*) FROM \(entity.table.quoted)\(query.whereSQL)"
    return try read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
  }

  /// The objects of the rows `query` selects, in its order, with their children.
  func objects(matching query: SQLQuery, limit: Int?, offset: Int) throws(StoreError)
    -> [AnyObject]
  {
    var sql =
      "SELECT \(Self.selectList(entity)) FROM \(entity.table.quoted)\(query.whereSQL) "
      + "ORDER BY \(query.order)"
    var values = query.arguments
    if let limit {
      sql += " LIMIT ? OFFSET ?"
      values += [.int(limit), .int(offset)]
    } else if offset > 0 {
      sql += " LIMIT -1 OFFSET ?"
      values.append(.int(offset))
    }
    let arguments = try SQLiteValues.arguments(values)
    let entity = entity
    let records = try read { db in
      try Self.records(of: entity, db: db, sql: sql, arguments: arguments)
    }
    try preloadReferences(of: records, entity: entity)
    return try materialize(records, of: entity)
  }

  /// The primary key, every column, then every to-one's key, in the entity's order.
  static func selectList(_ entity: SQLiteEntity, prefix: [String] = []) -> String {
    (prefix + [entity.primaryKey] + entity.columns.map(\.name)
      + entity.toOneRelationships.map(\.foreignKey)).map(\.quoted).joined(separator: ", ")
  }

  /// Reads rows selected by `sql` (primary key, then columns) and their children.
  static func records(
    of entity: SQLiteEntity, db: Database, sql: String, arguments: StatementArguments
  ) throws -> [RawRecord] {
    var records: [RawRecord] = []
    let shape = SQLiteRecordShape(entity)
    let cursor = try GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments)
    while let row = try cursor.next() {
      records.append(RawRecord(row, shape: shape))
    }
    try loadChildren(of: &records, entity: entity, db: db)
    try loadJoins(of: &records, entity: entity, db: db)
    return records
  }

  /// Reads the keys each of `records` holds through every many-to-many relationship.
  static func loadJoins(of records: inout [RawRecord], entity: SQLiteEntity, db: Database) throws {
    let relationships = entity.manyToManyRelationships
    guard !records.isEmpty, !relationships.isEmpty else { return }
    let ids = records.map(\.id)
    for index in records.indices { records[index].related = [] }
    for relationship in relationships {
      let join = relationship.joinTableName(of: entity).quoted
      let source = relationship.joinSourceColumn.quoted
      let target = relationship.joinTargetColumn.quoted
      var bySource: [Int64: [Int64]] = [:]
      for start in stride(from: 0, to: ids.count, by: 500) {
        let chunk = Array(ids[start..<Swift.min(start + 500, ids.count)])
        let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
        let cursor = try GRDB.Row.fetchCursor(
          db,
          sql: "SELECT \(source), \(target) FROM \(join) WHERE \(source) IN (\(marks)) "
            + "ORDER BY rowid",
          arguments: StatementArguments(chunk))
        while let row = try cursor.next() {
          bySource[row[0], default: []].append(row[1])
        }
      }
      for index in records.indices {
        records[index].related.append(bySource[records[index].id] ?? [])
      }
    }
  }

  /// Reads the children of `records` for every relationship, in their order.
  static func loadChildren(of records: inout [RawRecord], entity: SQLiteEntity, db: Database)
    throws
  {
    guard !records.isEmpty else { return }
    for relationship in entity.eagerToManyRelationships {
      let child = relationship.entity
      let shape = SQLiteRecordShape(child)
      var byParent: [Int64: [RawRecord]] = [:]
      let ids = records.map(\.id)
      for start in stride(from: 0, to: ids.count, by: 500) {
        let chunk = Array(ids[start..<Swift.min(start + 500, ids.count)])
        let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
        let sql =
          "SELECT \(selectList(child, prefix: [relationship.foreignKey])) "
          + "FROM \(child.table.quoted) WHERE \(relationship.foreignKey.quoted) IN (\(marks)) "
          + "ORDER BY \(child.defaultOrder)"
        let cursor = try GRDB.Row.fetchCursor(db, sql: sql, arguments: StatementArguments(chunk))
        var found: [(Int64, RawRecord)] = []
        while let row = try cursor.next() {
          found.append((row[0], RawRecord(row, shape: shape, offset: 1)))
        }
        var children = found.map(\.1)
        try loadChildren(of: &children, entity: child, db: db)
        try loadJoins(of: &children, entity: child, db: db)
        for (index, pair) in found.enumerated() {
          byParent[pair.0, default: []].append(children[index])
        }
      }
      for index in records.indices {
        records[index].children[relationship.name] = byParent[records[index].id] ?? []
      }
    }
  }

  /// The identities of rows of `entity`, in their order: the same one every time for the
  /// same row (its ``ObjectFault``, or the object the app inserted), with the values read now.
  func materialize(_ records: [RawRecord], of entity: SQLiteEntity) throws(StoreError)
    -> [AnyObject]
  {
    guard !records.isEmpty else { return [] }
    let shape = SQLiteRecordShape(entity)
    let layout = faultLayout(shape)
    var values: [[Value]] = []
    values.reserveCapacity(records.count)
    for record in records {
      values.append(try faultValues(of: record, shape: shape, layout: layout))
    }
    // One lock for the batch: a row keeps the identity it has, or takes a new fault. The
    // table's entries are taken out while they change, so each row hashes only its key.
    let faulted = shape.faulted
    let identities = state.withLock { state -> [(identity: AnyObject, isNew: Bool)] in
      var table = state.objects.removeValue(forKey: entity.table) ?? [:]
      defer { state.objects[entity.table] = table }
      var identities: [(identity: AnyObject, isNew: Bool)] = []
      identities.reserveCapacity(records.count)
      for (index, record) in records.enumerated() {
        if let existing = table[record.id] {
          identities.append((existing, false))
          continue
        }
        let made = ObjectFault(values: values[index], layout: layout)
        table[record.id] = made
        state.keys[ObjectIdentifier(made)] = record.id
        // Children read when the row is opened are unread until then.
        if !faulted.isEmpty { state.unreadChildren[ObjectIdentifier(made)] = faulted }
        identities.append((made, true))
      }
      return identities
    }
    // The rows just read are held here, so a sweep keeps them.
    state.withLock { state in
      if state.keys.count >= state.sweepAt { state.sweep() }
    }
    for (index, entry) in identities.enumerated() where !entry.isNew {
      try update(entry.identity, row: records[index].id, with: values[index], layout, shape)
    }
    return identities.map(\.identity)
  }

  /// The identity of one row of `entity`; see ``materialize(_:of:)-([RawRecord],_)``.
  func materialize(_ record: RawRecord, of entity: SQLiteEntity) throws(StoreError) -> AnyObject {
    try materialize([record], of: entity)[0]
  }

  /// Brings a row listed before up to date: a fault takes the values; an object that exists
  /// has them written.
  private func update(
    _ identity: AnyObject, row id: Int64, with values: [Value], _ layout: ObjectFaultLayout,
    _ shape: SQLiteRecordShape
  ) throws(StoreError) {
    let fault = identity as? ObjectFault
    if let fault, fault.layout === layout, fault.refresh(values) { return }
    let object = fault?.madeObject ?? fault?.object ?? identity
    // Those who read the row through its fault hear of a change to its object.
    if try fill(object, row: id, with: values, layout, shape) { fault?.objectDidChange() }
  }

  /// Writes a row's values, in `layout`, into `object`, its row's object; whether any differed.
  private func fill(
    _ object: AnyObject, row id: Int64, with values: [Value], _ layout: ObjectFaultLayout,
    _ shape: SQLiteRecordShape
  ) throws(StoreError) -> Bool {
    let entity = shape.entity
    guard let kvc = entity.definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
    else {
      throw .invalidItem(
        "\(entity.definition.name) objects cannot be read through their definition")
    }
    var changed = false
    for (index, key) in layout.keys.enumerated() where !shape.faulted.contains(key) {
      // An object already read keeps a value that did not change, so that nothing observing
      // it hears of a change.
      if let current = try? kvc.value(forKey: key), current == values[index] { continue }
      do { try kvc.setValue(values[index], forKey: key) } catch {
        throw .invalidItem("\(entity.table) row \(id): \(error.description)")
      }
      changed = true
    }
    return changed
  }
}
