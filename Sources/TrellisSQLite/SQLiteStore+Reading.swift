import Foundation
import GRDB
import Trellis
import TrellisSQL

/// A row as read, before it becomes an object: its key, its column values, its children.
struct RawRecord {
  var id: Int64
  /// The column values, each read back as its column's kind.
  var values: [Value]
  /// The keys of its to-one relationships' objects, in the entity's order; `nil` for none.
  var references: [Int64?] = []
  /// The keys of its many-to-many relationships' objects, per relationship in the entity's
  /// order, in the order they were added.
  var related: [[Int64]] = []
  var children: [String: [RawRecord]] = [:]

  /// Reads the row `statement` stands on, selected with
  /// ``RelationalEntity/selectedColumns(child:)``, whose primary key is at `offset`: `kinds`
  /// are the kinds of its columns, and `toOnes` the number of keys that follow them.
  ///
  /// The values are read from SQLite's columns straight into ``Value``s: going through
  /// GRDB's generic decoding cost more than the rest of reading a row.
  init(_ statement: SQLiteStatement, kinds: [SQLiteColumn.Kind], toOnes: Int, offset: CInt = 0) {
    id = Self.key(statement, offset) ?? 0
    values = []
    values.reserveCapacity(kinds.count)
    for (index, kind) in kinds.enumerated() {
      let stored = DatabaseValue(sqliteStatement: statement, index: offset + 1 + CInt(index))
      values.append(SQLiteValues.value(stored, kind: kind))
    }
    if toOnes > 0 {
      let first = offset + 1 + CInt(kinds.count)
      references = (0..<toOnes).map { Self.key(statement, first + CInt($0)) }
    }
  }

  /// The key in column `index` of the row `statement` stands on; `nil` for NULL.
  static func key(_ statement: SQLiteStatement, _ index: CInt) -> Int64? {
    let stored = DatabaseValue(sqliteStatement: statement, index: index)
    if case .int64(let key) = stored.storage { return key }
    return Int64.fromDatabaseValue(stored)
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
    // A count has no order.
    var unsorted = options
    unsorted.sort = []
    let query = try SQLQuery(unsorted, of: entity, keys: objectKeys)
    if query.memoryFilter != nil {
      var all = unsorted
      all.batchSize = nil
      all.offset = 0
      return try fetch(all).count
    }
    let count = entity.countRead(query)
    let arguments = try count.statementArguments()
    return try read { db in try Int.fetchOne(db, sql: count.sql, arguments: arguments) ?? 0 }
  }

  /// The objects of the rows `query` selects, in its order, with their children.
  func objects(matching query: SQLQuery, limit: Int?, offset: Int) throws(StoreError)
    -> [AnyObject]
  {
    let page = try entity.pageRead(query, limit: limit, offset: offset)
    let entity = entity
    let records = try read { db in try Self.records(of: entity, db: db, [page]) }
    try preloadReferences(of: records, entity: entity)
    return try materialize(records, of: entity)
  }

  /// Reads the rows `reads` select, each with the entity's
  /// ``RelationalEntity/selectedColumns(child:)``, and their children and pairs.
  static func records(of entity: SQLiteEntity, db: Database, _ reads: [SQLRowRead]) throws
    -> [RawRecord]
  {
    var records: [RawRecord] = []
    // Taken out of the shape once per read: a shape passed to each row is copied each time.
    let shape = SQLiteRecordShape(entity)
    let kinds = shape.kinds
    let toOnes = shape.toOnes.count
    try forEachRow(of: reads, db: db) { statement in
      records.append(RawRecord(statement, kinds: kinds, toOnes: toOnes))
    }
    try loadChildren(of: &records, entity: entity, db: db)
    try loadJoins(of: &records, entity: entity, db: db)
    return records
  }

  /// Calls `body` with the statement standing on each row that `reads` select, in order, so
  /// that the row's columns are read from it in place. Statements are kept by the connection
  /// for the next read of the same SQL.
  static func forEachRow(
    of reads: [SQLRowRead], db: Database, _ body: (SQLiteStatement) throws -> Void
  ) throws {
    for read in reads {
      let statement = try db.cachedStatement(sql: read.sql)
      let cursor = try GRDB.Row.fetchCursor(statement, arguments: try read.statementArguments())
      while try cursor.next() != nil { try body(statement.sqliteStatement) }
    }
  }

  /// Reads the rows of `entity` whose keys are `keys`, with their children and pairs.
  func records(of entity: SQLiteEntity, keys: [Int64]) throws(StoreError) -> [RawRecord] {
    let reads = try entity.rowsRead(keys: keys)
    return try read { db in try Self.records(of: entity, db: db, reads) }
  }

  /// Reads the keys each of `records` holds through every many-to-many relationship.
  static func loadJoins(of records: inout [RawRecord], entity: SQLiteEntity, db: Database) throws {
    let relationships = entity.manyToManyRelationships
    guard !records.isEmpty, !relationships.isEmpty else { return }
    let ids = records.map(\.id)
    for index in records.indices { records[index].related = [] }
    for relationship in relationships {
      var bySource: [Int64: [Int64]] = [:]
      for read in entity.pairsRead(relationship, sources: ids) {
        let cursor = try GRDB.Row.fetchCursor(
          db, sql: read.sql, arguments: try read.statementArguments())
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
      var byParent: [Int64: [RawRecord]] = [:]
      for (parent, child) in try children(
        of: relationship, in: entity, parents: records.map(\.id), db: db)
      {
        byParent[parent, default: []].append(child)
      }
      for index in records.indices {
        records[index].children[relationship.name] = byParent[records[index].id] ?? []
      }
    }
  }

  /// Reads the children `relationship` of `entity` holds for the rows whose keys are
  /// `parents`, each with its parent's key, with their own children and pairs.
  static func children(
    of relationship: SQLiteRelationship, in entity: SQLiteEntity, parents: [Int64], db: Database
  ) throws -> [(parent: Int64, child: RawRecord)] {
    let child = relationship.entity
    let shape = SQLiteRecordShape(child)
    let kinds = shape.kinds
    let toOnes = shape.toOnes.count
    var parentKeys: [Int64] = []
    var found: [RawRecord] = []
    try forEachRow(of: try entity.childrenRead(relationship, parents: parents), db: db) {
      statement in
      parentKeys.append(RawRecord.key(statement, 0) ?? 0)
      found.append(RawRecord(statement, kinds: kinds, toOnes: toOnes, offset: 1))
    }
    try loadChildren(of: &found, entity: child, db: db)
    try loadJoins(of: &found, entity: child, db: db)
    return Array(zip(parentKeys, found))
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
    var problems: [String?] = []
    values.reserveCapacity(records.count)
    problems.reserveCapacity(records.count)
    try readValues(of: records, shape: shape, layout: layout, into: &values, &problems)
    // One lock for the batch: a row keeps the identity it has, or takes a new fault. The
    // table's entries are taken out while they change, so each row hashes only its key.
    let faulted = shape.faulted
    let identities = state.withLock { state -> [(identity: AnyObject, isNew: Bool)] in
      var table = state.objects.removeValue(forKey: entity.table) ?? [:]
      defer { state.objects[entity.table] = table }
      // Grown once for the batch, not step by step as its rows arrive.
      table.reserveCapacity(table.count + records.count)
      state.keys.reserveCapacity(state.keys.count + records.count)
      var identities: [(identity: AnyObject, isNew: Bool)] = []
      identities.reserveCapacity(records.count)
      for (index, record) in records.enumerated() {
        if let existing = table[record.id] {
          identities.append((existing, false))
          continue
        }
        let made = ObjectFault(values: values[index], layout: layout, problem: problems[index])
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
      try update(
        entry.identity, row: records[index].id, with: values[index], problem: problems[index],
        layout, shape)
    }
    return identities.map(\.identity)
  }

  /// The fault values of `records`, and their problems, appended to `values` and `problems`.
  private func readValues(
    of records: [RawRecord], shape: SQLiteRecordShape, layout: ObjectFaultLayout,
    into values: inout [[Value]], _ problems: inout [String?]
  ) throws(StoreError) {
    let targets = knownTargets(of: records, shape: shape)
    for record in records {
      let read = try faultValues(of: record, shape: shape, layout: layout, targets: targets)
      values.append(read.values)
      problems.append(read.problem)
    }
  }

  /// The identity of one row of `entity`; see ``materialize(_:of:)-([RawRecord],_)``.
  func materialize(_ record: RawRecord, of entity: SQLiteEntity) throws(StoreError) -> AnyObject {
    try materialize([record], of: entity)[0]
  }

  /// Brings a row listed before up to date: a fault takes the values (and their `problem`);
  /// an object that exists has written those it can hold, and the store keeps the problem.
  private func update(
    _ identity: AnyObject, row id: Int64, with values: [Value], problem: String?,
    _ layout: ObjectFaultLayout, _ shape: SQLiteRecordShape
  ) throws(StoreError) {
    let fault = identity as? ObjectFault
    if let fault, fault.layout === layout, fault.refresh(values, problem: problem) { return }
    let object = fault?.madeObject ?? fault?.object ?? identity
    // Those who read the row through its fault hear of a change to its object.
    let changed = try fill(object, row: id, with: values, layout, shape)
    if let fault {
      fault.noteProblem(problem)
    } else {
      state.withLock { $0.problems[ObjectIdentifier(identity)] = problem }
    }
    if changed { fault?.objectDidChange() }
  }

  /// Writes a row's values, in `layout`, into `object`, its row's object, but those it cannot
  /// hold; whether any differed.
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
      // A value the object cannot hold stays unwritten: the row says why (its problem).
      if entity.definition.canMakeObjects, !layout.kinds[index].accepts(values[index]) {
        continue
      }
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
