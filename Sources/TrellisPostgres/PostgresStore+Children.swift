import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// Reading to-many relationships: the children of a page of parents come in one query per
/// relationship (and per level below it), and become the same objects every time.
extension PostgresStore {
  /// Reads the children of `records` for every relationship of `entity`, recursively.
  static func loadChildren(
    of records: inout [Record], entity: PostgresEntity, connection: PostgresConnection,
    logger: Logger
  ) async throws {
    guard !records.isEmpty else { return }
    for relationship in entity.toManyRelationships {
      let child = relationship.entity
      let reads = try entity.childrenRead(relationship, parents: records.map(\.id))
      var parents: [Int64] = []
      var found: [Record] = []
      let shape = RecordShape(child)
      for read in reads {
        let query = PostgresStatement(read).query
        for try await row in try await connection.query(query, logger: logger) {
          // The parent's key, then the child's row.
          var cells = row.makeIterator()
          guard let parent = cells.next() else {
            throw StoreError.failed("a row of \(child.table) came without its parent's key")
          }
          parents.append(try parent.decode(Int64.self))
          found.append(try record(row, shape: shape, from: 1))
        }
      }
      try await loadChildren(of: &found, entity: child, connection: connection, logger: logger)
      var byParent: [Int64: [Record]] = [:]
      for (parent, record) in zip(parents, found) { byParent[parent, default: []].append(record) }
      for index in records.indices {
        records[index].children[relationship.name] = byParent[records[index].id] ?? []
      }
    }
  }

  /// Gives an object the values of its row, and its children the objects of theirs; values
  /// already equal are left alone, and so is a list of children that is already those
  /// objects in that order. Whether anything the object or its children hold changed.
  @discardableResult
  func assign(_ record: Record, of entity: PostgresEntity, to kvc: KeyValueCoding)
    throws(StoreError) -> Bool
  {
    var changed = false
    for (index, column) in entity.columns.enumerated() {
      let value = record.values[index]
      if let current = try? kvc.value(forKey: column.name), current == value { continue }
      // A value the object cannot hold stays unwritten, and the others are written: the
      // row's problem says why (``PostgresStore/problem(with:)``).
      if (try? kvc.setValue(value, forKey: column.name)) != nil { changed = true }
    }
    return try assignChildren(record, of: entity, to: kvc) || changed
  }

  /// Gives an object's to-many relationships the objects of its children's rows, unless they
  /// are those objects in that order already; whether the children or their values changed.
  @discardableResult
  func assignChildren(_ record: Record, of entity: PostgresEntity, to kvc: KeyValueCoding)
    throws(StoreError) -> Bool
  {
    var changed = false
    for relationship in entity.toManyRelationships {
      var children: [Value] = []
      for child in record.children[relationship.name] ?? [] {
        let (object, childChanged) = try childObject(child, of: relationship.entity)
        if childChanged { changed = true }
        children.append(.object(ObjectReference(object)))
      }
      let current = (try? kvc.value(forKey: relationship.name))?.arrayValue ?? []
      if Self.sameObjects(current, children) { continue }
      do { try kvc.setValue(.array(children), forKey: relationship.name) } catch {
        throw .invalidItem(
          "\(entity.table) row \(record.id), \(relationship.name): \(error.description)")
      }
      changed = true
    }
    return changed
  }

  /// The object of a child row, the same object every time for the same row, and whether an
  /// object read before changed.
  private func childObject(_ record: Record, of entity: PostgresEntity) throws(StoreError)
    -> (object: AnyObject, changed: Bool)
  {
    let existing = state.withLock { $0.childObjects[entity.table]?[record.id] }
    let object: AnyObject =
      existing ?? entity.definition.makeObject()
      ?? DocumentObject(.dictionary(ValueDictionary(entity.columns.map { ($0.name, Value.null) })))
    guard let kvc = entity.definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
    else { throw .invalidItem("a \(type(of: object)) is not a \(entity.definition.name)") }
    let changed = try assign(record, of: entity, to: kvc)
    if existing == nil { rememberChild(object, key: record.id, table: entity.table) }
    return (object, existing != nil && changed)
  }

  /// Records that `object` is the child row `key` of `table`.
  func rememberChild(_ object: AnyObject, key: Int64, table: String) {
    state.withLock { state in
      state.childObjects[table, default: [:]][key] = object
      state.childKeys[ObjectIdentifier(object)] = key
    }
  }

  /// The key of a child object the store read or wrote.
  func childKey(of object: AnyObject) -> Int64? {
    state.withLock { $0.childKeys[ObjectIdentifier(object)] }
  }

  /// Forgets the children of a deleted parent (their rows went with it); on the domain that
  /// shows the parent, since it reads the parent (``ArrivedEffect/forgetChildren(_:)``).
  func forgetChildren(of object: AnyObject, entity: PostgresEntity) {
    guard let kvc = entity.definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
    else { return }
    for relationship in entity.toManyRelationships {
      for item in (try? kvc.value(forKey: relationship.name))?.arrayValue ?? [] {
        guard case .object(let ref) = item else { continue }
        forgetChildren(of: ref.object, entity: relationship.entity)
        state.withLock { state in
          guard let key = state.childKeys.removeValue(forKey: ObjectIdentifier(ref.object))
          else { return }
          state.childObjects[relationship.entity.table]?[key] = nil
        }
      }
    }
  }

  /// Whether two lists hold the same objects (by identity, a row's fault and its object as
  /// one) in the same order.
  static func sameObjects(_ first: [Value], _ second: [Value]) -> Bool {
    guard first.count == second.count else { return false }
    for (a, b) in zip(first, second) {
      guard case .object(let x) = a, case .object(let y) = b, x == y else {
        return false
      }
    }
    return true
  }
}
