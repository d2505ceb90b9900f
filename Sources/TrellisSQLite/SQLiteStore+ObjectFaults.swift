import Trellis
import TrellisSQL

/// Rows listed as faults: their values as read, and their objects made only when something
/// asks for one (a detail screen, an edit, code that reads `ObjectReference.object`).
extension SQLiteStore {
  /// How the faults of `shape`'s entity are laid out: columns, to-ones, many-to-manys, the
  /// children read with the row, then the children read when it is opened (empty until
  /// then). Made once per table and shared by every store over the database.
  func faultLayout(_ shape: SQLiteRecordShape) -> ObjectFaultLayout {
    let entity = shape.entity
    let derived = entity.reads.derived(from: entity)
    // Stores of one table may describe it differently (a compatible entity, a related
    // store's): a layout is shared only by those that agree.
    return state.withLock { state in
      if let known = state.layouts[entity.table], known.keys == derived.layoutKeys {
        return known
      }
      state.layouts[entity.table] = derived.layout
      return derived.layout
    }
  }

  /// The objects already read that the to-ones and then the many-to-manys of `records` point
  /// at, one table per relationship: one lock for a batch instead of one per reference.
  func knownTargets(of records: [RawRecord], shape: SQLiteRecordShape) -> [[Int64: AnyObject]] {
    guard !shape.toOnes.isEmpty || !shape.manyToMany.isEmpty else { return [] }
    return state.withLock { state in
      var found: [[Int64: AnyObject]] = []
      for (index, relationship) in shape.toOnes.enumerated() {
        var known: [Int64: AnyObject] = [:]
        if let table = state.objects[relationship.entity.table] {
          for case let id? in records.lazy.map({ $0.references[index] }) {
            known[id] = table[id]
          }
        }
        found.append(known)
      }
      for (index, relationship) in shape.manyToMany.enumerated() {
        var known: [Int64: AnyObject] = [:]
        if let table = state.objects[relationship.entity.table] {
          for record in records where record.related.indices.contains(index) {
            for id in record.related[index] { known[id] = table[id] }
          }
        }
        found.append(known)
      }
      return found
    }
  }

  /// The values of `record` in its fault's layout; relationships hold the identities of the
  /// rows they point at, looked up in `targets` (``knownTargets(of:shape:)``) and read when missing.
  /// With them, the first column value the entity's class cannot hold, named with its row, as
  /// ``ObjectFault/problem`` says it.
  func faultValues(
    of record: RawRecord, shape: SQLiteRecordShape, layout: ObjectFaultLayout,
    targets: [[Int64: AnyObject]]
  ) throws(StoreError) -> (values: [Value], problem: String?) {
    // A row of columns only shares the values as read; relationships follow them in a copy.
    var values = record.values
    if layout.keys.count > values.count { values.reserveCapacity(layout.keys.count) }
    let problem = layout.problem(ofRow: record.id, in: shape.entity.table, values: values)
    // Relationships are reached by index: each holds its target's entity, which a loop over
    // them would copy for every row.
    for index in shape.toOnes.indices {
      let target = try record.references[index].flatMap { id throws(StoreError) in
        if let known = targets[index][id] { return known }
        return try referencedObject(id, of: shape.toOnes[index].entity)
      }
      values.append(target.map { .object(ObjectReference($0)) } ?? .null)
    }
    for index in shape.manyToMany.indices {
      let known = targets[shape.toOnes.count + index]
      var held: [Value] = []
      for id in record.related.indices.contains(index) ? record.related[index] : [] {
        if let object = known[id] {
          held.append(.object(ObjectReference(object)))
        } else if let object = try referencedObject(id, of: shape.manyToMany[index].entity) {
          held.append(.object(ObjectReference(object)))
        }
      }
      values.append(.array(held))
    }
    for relationship in shape.eager {
      let children = try materialize(
        record.children[relationship.name] ?? [], of: relationship.entity)
      values.append(.array(children.map { .object(ObjectReference($0)) }))
    }
    for _ in shape.faulted { values.append(.array([])) }
    return (values, problem)
  }
}
