import Foundation
import GRDB
import Trellis

extension SQLiteStore {
  public func create() throws(StoreError) -> Value {
    guard let object = entity.definition.makeObject() else {
      throw .unsupported("the definition of \(entity.definition.name) cannot make new objects")
    }
    return .object(ObjectReference(object))
  }

  /// Inserts an object, with its children, in one transaction.
  public func insert(_ item: Value, at index: Int?) throws(StoreError) {
    let object = try storedObject(item)
    if key(of: object, in: entity) != nil {
      throw .invalidItem("this \(entity.definition.name) is already in the store")
    }
    let entity = entity
    var mappings: [Mapping] = []
    try write { db throws in
      let (first, count) = try order(of: entity, db: db)
      let index = index ?? count
      guard index >= 0, index <= count else {
        throw StoreError.indexOutOfRange(index, count: count)
      }
      guard entity.positionColumn != nil || index == count else {
        throw StoreError.unsupported(
          "inserting in the middle of '\(entity.table)', which has no order")
      }
      let previous = try key(before: index, first: first, db: db)
      let position = try makeRoom(at: index, first: first, count: count, db: db)
      _ = try save(
        object, entity: entity, id: nil, parent: nil, position: position, db: db,
        mappings: &mappings)
      describe(insertion(of: item, after: previous))
      describeReset(of: relatedTables(mappings))
    }
    record(mappings)
    shared.changes.flush()
  }

  /// The change that inserts `item` after the row with key `previous` (first when `nil`).
  ///
  /// A row no list has read is named by an ``UnreadRow``: no list holds it, so a list showing
  /// the first rows of a long order leaves the new row to a later page, and a list that should
  /// hold every row reads again. Each append to a long list would otherwise make every list of
  /// the table read its rows again.
  private func insertion(of item: Value, after previous: Int64?) -> StoreChange {
    .inserted(item, after: previous.map(row(withKey:)))
  }

  /// Inserts many objects at the end in one transaction, then reports one
  /// ``StoreChange/reset``.
  public func insertAll(_ items: [Value]) throws(StoreError) {
    var objects: [AnyObject] = []
    for item in items {
      let object = try storedObject(item)
      if key(of: object, in: entity) != nil {
        throw .invalidItem("this \(entity.definition.name) is already in the store")
      }
      objects.append(object)
    }
    let entity = entity
    var mappings: [Mapping] = []
    try write { db throws in
      let end = try endPosition(of: entity, db: db)
      for (offset, object) in objects.enumerated() {
        _ = try save(
          object, entity: entity, id: nil, parent: nil, position: end + offset, db: db,
          mappings: &mappings)
      }
      describe(.reset)
      describeReset(of: relatedTables(mappings))
    }
    record(mappings)
    shared.changes.flush()
  }

  /// Writes `values` to the object, then the whole object and its children to the database in
  /// one transaction. On any error the object is as it was and nothing is written; a column
  /// of `values` that another connection changed since the object read it is a
  /// ``StoreError/conflict(_:)``, after which the object holds what is stored.
  public func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    let object = try storedObject(item)
    guard let id = key(of: object, in: entity) else { throw .notFound(item.displayText) }
    let kvc = try keyValueCoding(object, entity)
    let expected = expectedValues(values, of: kvc, object: object)
    let before = rowValues(of: kvc)
    // The app's "updated at" moves with every change; it is written, never compared, so that
    // two people changing different values of a row do not conflict over it.
    let stamped = entity.stampingUpdate(values)
    let undo: ValuesUndo
    do { undo = try kvc.setValues(stamped) } catch { throw .invalidItem(error.description) }
    let changing = changedKeys(stamped, before: before, after: rowValues(of: kvc))
    let entity = entity
    var mappings: [Mapping] = []
    do {
      try write { db throws in
        try checkConflicts(of: id, values: values, expected: expected, db: db)
        _ = try save(
          object, entity: entity, id: id, parent: nil, position: nil, db: db,
          mappings: &mappings, changing: changing)
        describe(.updated(item))
        describeReset(of: relatedTables(mappings))
      }
    } catch {
      undo.run()
      reloadObject(id)
      throw error
    }
    // A row that held values its object could not hold (now fixed) is read again, so that
    // the row says so.
    if (object as? ObjectFault ?? ObjectFault.fault(of: object))?.problem(observed: false) != nil {
      reloadObject(id)
    }
    record(mappings)
    shared.changes.flush()
  }

  public func delete(_ item: Value) throws(StoreError) {
    let object = try storedObject(item)
    guard let id = key(of: object, in: entity) else { throw .notFound(item.displayText) }
    let entity = entity
    var effects = DeleteEffects()
    try write { db throws in
      let position = try self.position(of: id, db: db)
      effects = try applyDeleteRules(deleting: id, of: entity, db: db)
      try db.run(entity.rowDelete(id))
      if effects.tables.contains(entity.table), let renumbering = entity.renumbering {
        // A cascade back into this table moved this row's place: the order is made whole.
        try db.execute(sql: renumbering)
      } else if let position {
        try closeGap(at: position, db: db)
      }
      describeReset(of: effects.tables)
      // A cascade back into this table moved other rows too.
      describe(effects.tables.contains(entity.table) ? .reset : .deleted(item))
    }
    // The lists that held the object lose it while it can still be found, then it is gone.
    apply(effects)
    state.withLock { state in
      state.objects[entity.table]?[id] = nil
      state.keys[ObjectIdentifier(object)] = nil
      state.unreadChildren[ObjectIdentifier(object)] = nil
      state.problems[ObjectIdentifier(object)] = nil
      if !(object is ObjectFault) { state.gone.remember(object) }
    }
    shared.changes.flush()
  }

  // MARK: Helpers

  /// A row key the store learned during a transaction, recorded once it commits.
  struct Mapping {
    var table: String
    var id: Int64
    var object: AnyObject
  }

  func record(_ mappings: [Mapping]) {
    state.withLock { state in
      for mapping in mappings {
        let identity = ObjectFault.identity(of: mapping.object)
        state.objects[mapping.table, default: [:]][mapping.id] = identity
        state.keys[ObjectIdentifier(identity)] = mapping.id
      }
    }
  }

  /// The tables of other entities a write added rows to: objects created in place through a
  /// to-one (a new category chosen for a task) join the lists of their own entity, which read
  /// theirs again.
  func relatedTables(_ mappings: [Mapping]) -> Set<String> {
    let own = Set(entity.tree.map(\.entity.table))
    return Set(mappings.map(\.table)).subtracting(own)
  }

  /// The primary key of `object` in `entity`'s table, if the store knows it.
  func key(of object: AnyObject, in entity: SQLiteEntity) -> Int64? {
    let identity = ObjectFault.identity(of: object)
    return state.withLock { state in
      guard let id = state.keys[ObjectIdentifier(identity)],
        state.objects[entity.table]?[id] === identity
      else { return nil }
      return id
    }
  }

  /// The identity of the row `item` is: its fault, whose object need not exist, or the
  /// object the app inserted.
  func storedObject(_ item: Value) throws(StoreError) -> AnyObject {
    guard case .object(let ref) = item else {
      throw .invalidItem("an SQLite store holds objects, not \(item.type) values")
    }
    return ref.identity
  }

  func keyValueCoding(_ object: AnyObject, _ entity: SQLiteEntity) throws(StoreError)
    -> KeyValueCoding
  {
    guard let kvc = entity.definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
    else {
      throw .invalidItem("a \(type(of: object)) is not a \(entity.definition.name)")
    }
    return kvc
  }

  /// The position of row `id` in an ordered table, `nil` in a table without order; throws
  /// when the row is gone.
  func position(of id: Int64, db: Database) throws -> Int? {
    let table = entity.table.quoted
    let primaryKey = entity.primaryKey.quoted
    let column = entity.positionColumn?.quoted
    guard
      let row = try GRDB.Row.fetchOne(
        db, sql: "SELECT \(column ?? "NULL") FROM \(table) WHERE \(primaryKey) = ?",
        arguments: [id])
    else { throw StoreError.notFound("row \(id) of '\(entity.table)'") }
    return row[0]
  }

  /// The key of the row an insert at `index` of the order comes after, in a table whose
  /// first position is `first`; `nil` at the start.
  func key(before index: Int, first: Int, db: Database) throws -> Int64? {
    guard index > 0 else { return nil }
    let table = entity.table.quoted
    let primaryKey = entity.primaryKey.quoted
    if let column = entity.positionColumn?.quoted {
      return try Int64.fetchOne(
        db, sql: "SELECT \(primaryKey) FROM \(table) WHERE \(column) = ?",
        arguments: [first + index - 1])
    }
    // Without an order of its own, the table's order is its keys'; inserts go at the end.
    return try Int64.fetchOne(db, sql: "SELECT MAX(\(primaryKey)) FROM \(table)")
  }

  /// Writes an object's columns and, recursively, its children; returns its primary key.
  ///
  /// With `changing`, an update writes only those columns, to-one and many-to-many
  /// relationships of the object, so that what another connection wrote to the others since
  /// this store read them stays.
  func save(
    _ object: AnyObject, entity: SQLiteEntity, id: Int64?, parent: (String, Int64)?,
    position: Int?, db: Database, mappings: inout [Mapping], changing: Set<String>? = nil
  ) throws -> Int64 {
    let kvc = try keyValueCoding(object, entity)
    let writes = { (name: String) in changing?.contains(name) ?? true }
    let purpose: SQLRowWrite.Purpose = id == nil ? .insert : parent == nil ? .update : .rewrite
    // The store's own table, outside a parent: the row the form edits.
    let ownRow = parent == nil && entity.table == self.entity.table
    let values = try entity.writtenValues(purpose, only: changing, ownRow: ownRow) {
      (try? kvc.value(forKey: $0)) ?? .null
    }
    var keyColumns: [String] = []
    var keys: [Int64?] = []
    if let parent {
      keyColumns.append(parent.0)
      keys.append(parent.1)
    }
    if let column = entity.positionColumn, let position {
      keyColumns.append(column)
      keys.append(Int64(position))
    }
    for relationship in entity.toOneRelationships where writes(relationship.name) {
      keyColumns.append(relationship.foreignKey)
      keys.append(try referenceKey(kvc, relationship, in: entity, db: db, mappings: &mappings))
    }
    var key = id
    if let id {
      var update = entity.updateWrite(values, keyColumns: keyColumns)
      update.arguments += keys.map { .key($0) } + [.key(id)]
      try db.execute(sql: update.sql, arguments: try update.statementArguments(entity))
      if db.changesCount == 0 {
        guard parent != nil else { throw StoreError.notFound("row \(id) of '\(entity.table)'") }
        key = nil
      }
    }
    if key == nil {
      var insert = entity.insertWrite(values, keyColumns: keyColumns)
      insert.arguments += keys.map { .key($0) }
      try db.execute(sql: insert.sql, arguments: try insert.statementArguments(entity))
      key = db.lastInsertedRowID
      mappings.append(Mapping(table: entity.table, id: db.lastInsertedRowID, object: object))
    }
    let parentKey = key ?? db.lastInsertedRowID
    for relationship in entity.manyToManyRelationships where writes(relationship.name) {
      try saveJoins(kvc, relationship, of: entity, key: parentKey, db: db, mappings: &mappings)
    }
    let faulted = state.withLock { $0.unreadChildren[ObjectIdentifier(object)] } ?? []
    // Children never read are left as they are.
    // Children are always written: a form edits them in place, as objects of their own.
    for relationship in entity.toManyRelationships where !faulted.contains(relationship.name) {
      let child = relationship.entity
      var kept: [Int64] = []
      let children = try Self.heldItems(kvc, relationship.name, of: entity)
      for (index, item) in children.enumerated() {
        guard case .object(let ref) = item else {
          throw StoreError.invalidItem("\(relationship.name) holds \(item.type), not objects")
        }
        let known = self.key(of: ref.identity, in: child)
        kept.append(
          try save(
            ref.identity, entity: child, id: known, parent: (relationship.foreignKey, parentKey),
            position: index, db: db, mappings: &mappings))
      }
      try db.run(
        child.childrenDelete(
          foreignKey: relationship.foreignKey, parent: parentKey, keeping: kept))
    }
    return parentKey
  }

  /// Reads row `id` again into its object, after a failed write.
  func reloadObject(_ id: Int64) {
    guard let record = try? records(of: entity, keys: [id]).first else { return }
    _ = try? materialize(record, of: entity)
  }
}
