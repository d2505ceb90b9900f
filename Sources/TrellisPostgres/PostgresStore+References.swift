import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisSQL

/// Reading to-one and many-to-many relationships: a page of rows reads the pairs of its
/// many-to-many lists in one query per relationship, and every object they point at in one
/// query per target table; those objects are the target stores' own.
extension PostgresStore: AsyncRelationalStore {}

extension PostgresStore {
  /// The store of the objects the to-one or many-to-many relationship `name` points at: it
  /// shares this store's connections, and its objects are the ones this store's objects point
  /// at.
  ///
  /// - Throws: A name that is not a to-one or many-to-many relationship of the entity.
  public func relatedStore(for name: String) throws(StoreError) -> any AsyncDataStore {
    guard let relationship = entity.relationship(name), relationship.kind != .toMany else {
      throw .invalidItem(
        "'\(entity.table)' has no to-one or many-to-many relationship '\(name)'")
    }
    return try store(for: relationship.entity.table)
  }

  /// The store of `table`, one of the graph's: made (and kept alive by the root store) when
  /// nothing has asked for it yet.
  func store(for table: String) throws(StoreError) -> PostgresStore {
    if table == entity.table { return self }
    if let store = graph.store(for: table) { return store }
    guard let root = graph.root, let target = graph.entity(table) else {
      throw .failed("the store that '\(entity.table)' came from is gone")
    }
    return root.state.withLock { state in
      if let store = state.related[table] { return store }
      let store = PostgresStore(related: target, of: root)
      state.related[table] = store
      return store
    }
  }

  /// Reads the pairs of every many-to-many relationship of `records`, then the rows of every
  /// object they or the to-one keys point at (with those rows' children), one query per
  /// relationship and per target table.
  static func loadReferences(
    of records: inout [Record], entity: PostgresEntity, connection: PostgresConnection,
    logger: Logger
  ) async throws {
    guard !records.isEmpty, !entity.references.isEmpty else { return }
    let keys = records.map(\.id)
    for relationship in entity.manyToManyRelationships {
      var held: [Int64: [Int64]] = [:]
      for read in entity.pairsRead(relationship, sources: keys) {
        for try await (source, target) in try await connection.query(
          PostgresStatement(read).query, logger: logger
        ).decode((Int64, Int64).self) {
          held[source, default: []].append(target)
        }
      }
      for index in records.indices {
        records[index].held[relationship.name] = held[records[index].id] ?? []
      }
    }
    // Every key each target table is asked for, once.
    var wanted: [String: Set<Int64>] = [:]
    for record in records {
      for relationship in entity.references {
        let ids =
          relationship.kind == .toOne
          ? record.references[relationship.name].map { [$0] } ?? []
          : record.held[relationship.name] ?? []
        wanted[relationship.entity.table, default: []].formUnion(ids)
      }
    }
    var found: [String: [Int64: Record]] = [:]
    for relationship in entity.references where found[relationship.entity.table] == nil {
      let target = relationship.entity
      let ids = wanted[target.table] ?? []
      guard !ids.isEmpty else {
        found[target.table] = [:]
        continue
      }
      var rows: [Record] = []
      for read in try target.rowsRead(keys: Array(ids)) {
        rows += try await Self.records(
          connection.query(PostgresStatement(read).query, logger: logger), of: target)
      }
      try await loadChildren(of: &rows, entity: target, connection: connection, logger: logger)
      found[target.table] = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
    for index in records.indices {
      for relationship in entity.references {
        let table = found[relationship.entity.table] ?? [:]
        // A key whose row is gone (a no-action delete) reads as none.
        let ids =
          relationship.kind == .toOne
          ? records[index].references[relationship.name].map { [$0] } ?? []
          : records[index].held[relationship.name] ?? []
        records[index].related[relationship.name] = ids.compactMap { table[$0] }
      }
      records[index].referencesLoaded = true
    }
  }

  /// The write clock of every store a read of this entity's references reaches, before the
  /// read: a row of theirs written since keeps its newer values.
  func referenceClocks() throws(StoreError) -> [String: Int] {
    var clocks: [String: Int] = [:]
    for relationship in entity.references where clocks[relationship.entity.table] == nil {
      let store = try store(for: relationship.entity.table)
      clocks[relationship.entity.table] = store.state.withLock { $0.writeClock }
    }
    return clocks
  }

  /// Points an object's to-one and many-to-many properties at the target stores' objects of
  /// the rows `record` read; a list that is already those objects in that order, and a to-one
  /// that is already that object, are left alone.
  @discardableResult
  func assignReferences(_ record: Record, to kvc: KeyValueCoding) throws(StoreError) -> Bool {
    guard record.referencesLoaded else { return false }
    var changed = false
    for relationship in entity.references {
      let store = try store(for: relationship.entity.table)
      var objects: [Value] = []
      for row in record.related[relationship.name] ?? [] {
        objects.append(.object(ObjectReference(try store.materialize(row))))
      }
      let current = (try? kvc.value(forKey: relationship.name)) ?? .null
      let value: Value
      if relationship.kind == .toOne {
        value = objects.first ?? .null
        if current == value { continue }
      } else {
        value = .array(objects)
        if Self.sameObjects(current.arrayValue ?? [], objects) { continue }
      }
      do { try kvc.setValue(value, forKey: relationship.name) } catch {
        throw .invalidItem(
          "\(entity.table) row \(record.id), \(relationship.name): \(error.description)")
      }
      changed = true
    }
    return changed
  }
}
