import Foundation
import PostgresNIO
import Trellis
import TrellisSQL

extension PostgresStore {
  /// One page: `options.batchSize` rows (all when `nil`) from the offset `token` names, in
  /// `options.sort`'s order (else the store's), filtered in SQL, or in memory over the rows
  /// SQL selected for the parts of the filter SQL cannot answer alike.
  public func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    let start = try options.start(at: token, of: "a PostgreSQL store")
    let query = try self.query(options)
    guard query.memoryFilter == nil else {
      let all = PostgresStatement(try entity.pageRead(query))
      return try await filteredPage(all, options, start: start)
    }
    let limit = options.batchSize.map { Swift.max($0, 0) + 1 }
    let statement = PostgresStatement(try entity.pageRead(query, limit: limit, offset: start))
    let rows = try await records(statement)
    if let pause = state.withLock({ $0.afterPageRead }) { await pause() }
    var items: [Value] = []
    // A row deleted since the read began stays deleted.
    for record in rows.prefix(options.batchSize ?? rows.count) {
      guard let object = try listedObject(record) else { continue }
      items.append(.object(ObjectReference(object)))
    }
    await readListedRowsAgain()
    let next: PageToken? =
      if let size = options.batchSize, rows.count > size { .offset(start + size) } else { nil }
    return StorePage(items: items, next: next)
  }

  /// A page of the rows `statement` selects that pass `options.filter` in memory.
  private func filteredPage(_ statement: PostgresStatement, _ options: FetchOptions, start: Int)
    async throws(StoreError) -> StorePage
  {
    let matching = try await filteredObjects(statement, options.filter)
    let from = Swift.min(start, matching.count)
    let end = options.batchSize.map { Swift.min(from + Swift.max($0, 0), matching.count) }
    let items = matching[from..<(end ?? matching.count)].map { Value.object(ObjectReference($0)) }
    let next: PageToken? =
      if let end, end < matching.count { .offset(end) } else { nil }
    return StorePage(items: items, next: next)
  }

  /// The objects of the rows `statement` selects that pass `filter` in memory.
  private func filteredObjects(_ statement: PostgresStatement, _ filter: ItemFilter?)
    async throws(StoreError) -> [AnyObject]
  {
    var objects: [AnyObject] = []
    for record in try await records(statement) {
      guard let object = try listedObject(record) else { continue }
      if let filter,
        !filter(entity.definition.reader(for: .object(ObjectReference(object))))
      {
        continue
      }
      objects.append(object)
    }
    await readListedRowsAgain()
    return objects
  }

  /// How many rows match `options.filter`: counted in SQL, or in memory when part of the
  /// filter runs there.
  public func count(_ options: FetchOptions) async throws(StoreError) -> Int {
    // A count has no order.
    var unsorted = options
    unsorted.sort = []
    let query = try self.query(unsorted)
    guard query.memoryFilter == nil else {
      let select = PostgresStatement(try entity.pageRead(query))
      return try await filteredObjects(select, options.filter).count
    }
    let count = PostgresStatement(entity.countRead(query)).query
    return try await perform { connection in
      var total = 0
      for try await (count) in try await connection.query(count, logger: self.logger)
        .decode(Int64.self)
      {
        total = Int(count)
      }
      return total
    }
  }

  /// How many objects the store holds in memory (every row it has read or inserted).
  package var materializedCount: Int { state.withLock { $0.objects.count } }

  /// The quoted table name.
  var table: String { get throws(StoreError) { try PostgresIdentifier.quoted(entity.table) } }

  /// `options`' filter and sort as SQL for this store's table.
  func query(_ options: FetchOptions) throws(StoreError) -> SQLQuery {
    try SQLQuery(options, of: entity, keys: objectKeys)
  }

  /// ` WHERE …` for a filter, when there is one; whether it holds the whole filter.
  @discardableResult
  func appendWhere(_ filter: ItemFilter?, to statement: inout PostgresStatement)
    throws(StoreError) -> Bool
  {
    guard let filter else { return true }
    let query = try SQLQuery(
      FetchOptions(filter: filter), of: entity, placeholderOffset: statement.binds.count,
      keys: objectKeys)
    if let condition = query.condition {
      statement.append(" WHERE \(condition)")
      for argument in query.arguments { statement.appendArgument(argument) }
    }
    return query.memoryFilter == nil
  }

  /// The row key of an object of any store of the graph, for predicates comparing a to-one
  /// with an object.
  var objectKeys: (AnyObject) -> Int64? {
    { [graph] object in graph.all.lazy.compactMap { $0.key(of: object) }.first }
  }

  /// The rows `statement` selects, with their children, each knowing when the read began.
  func records(_ statement: PostgresStatement) async throws(StoreError) -> [Record] {
    let query = statement.query
    let began = state.withLock { $0.writeClock }
    let clocks = try referenceClocks()
    var records = try await perform { connection in
      var records = try await Self.records(
        connection.query(query, logger: self.logger), of: self.entity)
      try await Self.loadChildren(
        of: &records, entity: self.entity, connection: connection, logger: self.logger)
      try await Self.loadReferences(
        of: &records, entity: self.entity, connection: connection, logger: self.logger)
      return records
    }
    noteReferences(of: records)
    for index in records.indices {
      records[index].readBegan = began
      for relationship in entity.references {
        let clock = clocks[relationship.entity.table]
        for row in records[index].related[relationship.name]?.indices ?? 0..<0 {
          records[index].related[relationship.name]?[row].readBegan = clock
        }
      }
    }
    return records
  }

  /// One row as read: its key, its columns' values and its children.
  struct Record: Sendable {
    var id: Int64
    var values: [Value]
    /// The children's rows, by relationship name, in their order.
    var children: [String: [Record]] = [:]
    /// The key each to-one holds, by relationship name; none when NULL.
    var references: [String: Int64] = [:]
    /// The keys each many-to-many list holds, in order, by relationship name.
    var held: [String: [Int64]] = [:]
    /// The rows the to-one and many-to-many relationships point at, by relationship name.
    var related: [String: [Record]] = [:]
    /// Whether `related` was read: otherwise the object's relationships are left as they are.
    var referencesLoaded = false
    /// The store's write clock when the read began: a row written since then through this
    /// store (or announced by another) keeps its newer values in memory. `nil` for a read
    /// that is newer than any write.
    var readBegan: Int?
    /// The row's version (``PostgresStore/versionColumn``); none for a child row.
    var version: Int64?

    /// This row, holding the relationships `waiting` read when this read none: a row read as
    /// another row's target (a tag's product) comes without its own keys and pairs, and must
    /// not take away those its own read brought, while both wait for the object
    /// (``applyArrivedValues()``).
    func keepingReferences(of waiting: Record?) -> Record {
      guard !referencesLoaded, let waiting, waiting.referencesLoaded else { return self }
      var merged = self
      merged.references = waiting.references
      merged.held = waiting.held
      merged.related = waiting.related
      merged.referencesLoaded = true
      return merged
    }
  }

  /// Notes that row `id` is being written now, so that a read begun earlier does not bring
  /// its object's old values back.
  func noteWrite(_ id: Int64) {
    state.withLock { $0.noteWrite(id) }
  }

  /// The rows of a read of this entity's rows.
  static func records(_ rows: PostgresRowSequence, of entity: PostgresEntity) async throws
    -> [Record]
  {
    var records: [Record] = []
    let shape = RecordShape(entity)
    for try await row in rows {
      records.append(try record(row, shape: shape, from: 0))
    }
    return records
  }

  /// The row whose key is the cell at `first` of `cells`, followed by the columns of `shape`'s
  /// entity, its to-one keys and perhaps its version.
  static func record<Cells: Sequence<PostgresCell>>(
    _ cells: Cells, shape: RecordShape, from first: Int
  ) throws -> Record {
    var id: Int64?
    var values: [Value] = []
    values.reserveCapacity(shape.kinds.count)
    var references: [String: Int64] = [:]
    var version: Int64?
    let columnsEnd = first + 1 + shape.kinds.count
    let referencesEnd = columnsEnd + shape.toOnes.count
    for (index, cell) in cells.enumerated() {
      switch index {
      case ..<first: continue
      case first: id = try cell.decode(Int64.self)
      case ..<columnsEnd:
        values.append(try PostgresValues.value(cell, kind: shape.kinds[index - first - 1]))
      case ..<referencesEnd:
        if let key = try cell.decode(Int64?.self) {
          references[shape.toOnes[index - columnsEnd]] = key
        }
      case referencesEnd: version = try cell.decode(Int64?.self)
      default: break
      }
    }
    guard let id, values.count == shape.kinds.count else {
      throw StoreError.failed("a row of \(shape.table) came with too few columns")
    }
    var record = Record(id: id, values: values)
    record.references = references
    record.version = version
    return record
  }

  /// What a row of one entity holds after its key, taken out of the entity once per read
  /// rather than once per row: its columns' kinds and its to-ones' names.
  struct RecordShape {
    let table: String
    let kinds: [PostgresColumn.Kind]
    let toOnes: [String]

    init(_ entity: PostgresEntity) {
      table = entity.table
      kinds = entity.columns.map(\.kind)
      toOnes = entity.toOneRelationships.map(\.name)
    }
  }

  /// The object for a row: the same object every time for the same row.
  ///
  /// A new object takes the row's values at once: no host has it yet. A known one may be
  /// on screen, read by a host's domain meanwhile, so the row waits in `arrived` until that
  /// domain applies it (``applyArrivedValues()``); a newer read replaces it there.
  func materialize(_ record: Record) throws(StoreError) -> AnyObject {
    // Never nil: only a read for a list drops a deleted row.
    try materialize(record, unlessDeleted: false)!
  }

  /// The object for a row a list read; `nil` when the row was deleted since the read began.
  ///
  /// The delete is looked for under the lock that makes a new object the row's: checked
  /// before, a delete reported in between would leave a new object for a deleted row, in a
  /// list that had already been told of the delete.
  func listedObject(_ record: Record) throws(StoreError) -> AnyObject? {
    try materialize(record, unlessDeleted: true)
  }

  private func materialize(_ record: Record, unlessDeleted: Bool) throws(StoreError)
    -> AnyObject?
  {
    let (existing, waits): (AnyObject?, Bool) = state.withLock { state in
      guard let existing = state.objects[record.id] else { return (nil, false) }
      // A read older than a write of the row: the object keeps the newer values.
      if Self.isStale(record, in: state) { return (existing, false) }
      // A version newer than the object's is newer than the row waiting for it too.
      if record.version == nil, let held = state.arrived[record.id],
        Self.isNewer(held, than: record)
      {
        return (existing, false)
      }
      state.arrived[record.id] = record.keepingReferences(of: state.arrived[record.id])
      if let version = record.version { state.versions[record.id] = version }
      return (existing, true)
    }
    if let existing {
      // The rows it points at may be newer than their objects though the row is not: they
      // go to their stores (a row waiting here takes them when it is applied).
      if !waits { try materializeRelated(of: record) }
      return existing
    }
    if unlessDeleted, isDeletedSinceRead(record) { return nil }
    // The row is listed as a fault: its object is made when something asks for it.
    let layout = faultLayout()
    let read = faultValues(of: record, layout: layout)
    let object = ObjectFault(values: read.values, layout: layout, problem: read.problem)
    let kvc: KeyValueCoding = object
    // The fault holds the row's columns already: only its children are its objects' to give.
    try assignChildren(record, of: entity, to: kvc)
    // Known before its references are read: a reference back to it finds the same object.
    let known: AnyObject? = state.withLock { state in
      // Another read made the row's object meanwhile: that one stays the row's object.
      if let other = state.objects[record.id] { return other }
      if unlessDeleted, Self.isDeleted(record, since: state) { return nil }
      // A list's read begun before the row's latest write (announced while the row had no
      // object, so nothing read it again then) brings old values: it is read again.
      if unlessDeleted, Self.isStale(record, in: state) { state.staleListed.insert(record.id) }
      state.objects[record.id] = object
      if let version = record.version { state.versions[record.id] = version }
      state.keys[ObjectIdentifier(object)] = record.id
      // The new object is held here, so a sweep keeps it.
      if state.objects.count >= state.sweepAt { state.sweep() }
      return object
    }
    guard let known else { return nil }
    guard known === object else { return try materialize(record, unlessDeleted: unlessDeleted) }
    try assignReferences(record, to: kvc)
    return object
  }

  /// Whether `record` holds nothing newer than its object: a version no newer than the one
  /// the object holds, or (for a row without a version) a read begun before the latest write
  /// of the row through this store.
  static func isStale(_ record: Record, in state: State) -> Bool {
    if let version = record.version, let known = state.versions[record.id] {
      return version <= known
    }
    return state.lastWrites[record.id].map { $0 > (record.readBegan ?? .max) } ?? false
  }

  /// Whether `a` was read after `b` began (a read with no clock is the newest).
  static func isNewer(_ a: Record, than b: Record) -> Bool {
    (a.readBegan ?? .max) > (b.readBegan ?? .max)
  }
}

extension PostgresStore {
  /// Reads again the rows a list's page made new objects for from a read begun before their
  /// latest write, and tells the lists they changed: their values wait for the list's domain
  /// (``applyArrivedValues()``), as another server's update of a shown row does.
  func readListedRowsAgain() async {
    let ids = state.withLock { state in
      defer { state.staleListed = [] }
      return state.staleListed
    }
    for id in ids.sorted() {
      do {
        guard let record = try await record(id) else {
          reportGone(id)
          continue
        }
        let object = try materialize(record)
        observers.notify(.updated(.object(ObjectReference(object))))
      } catch {
        // The row could not be read: the lists read theirs again.
        observers.notify(.reset)
      }
    }
  }

  /// Runs `body` between each page's query and the objects it makes, for a test that writes
  /// meanwhile.
  package func runAfterPageRead(_ body: (@Sendable () async -> Void)?) {
    state.withLock { $0.afterPageRead = body }
  }
}

extension PostgresStore {
  /// Whether the table still has `item`'s row, read now: false once another server or
  /// program deleted it, whether or not this server heard (a form open on it then says so at
  /// once). An object not in the table yet counts as held.
  ///
  /// The row read brings what it holds now, which the object takes at the next
  /// ``applyArrivedValues()`` and the lists are told of: a form asks at a reset, when writes
  /// may have gone unannounced (the link was down), and shows them then.
  public func holds(_ item: Value) async throws(StoreError) -> Bool {
    let object = try storedObject(item)
    guard let id = key(of: object) else { return !isGone(object) }
    guard let record = try await record(id) else { return false }
    _ = try materialize(record)
    observers.notify(.updated(item))
    return true
  }
}
