import GRDB
import Trellis

/// Done's conflict check where the row is, inside the write's transaction. Another connection
/// to the file (another process, another server) may have changed a column since this store
/// last read it, and this store's object does not know until the store looks again; the
/// draft's check, made against that object, cannot see it.
extension SQLiteStore {
  /// What `object` holds of the columns `values` writes: what the store last read or wrote
  /// there, which the row must still hold. A value the object cannot hold (another program
  /// wrote it) is expected as read.
  func expectedValues(_ values: [String: Value], of kvc: KeyValueCoding, object: AnyObject)
    -> [String: Value]
  {
    let fault = object as? ObjectFault ?? ObjectFault.fault(of: object)
    let unfit = fault?.unfitValues ?? [:]
    var expected: [String: Value] = [:]
    for column in entity.columns where values[column.name] != nil {
      expected[column.name] = unfit[column.name] ?? (try? kvc.value(forKey: column.name)) ?? .null
    }
    return expected
  }

  /// Throws ``StoreError/conflict(_:)`` naming every column of `values` whose stored value
  /// is neither the expected one nor the new one.
  func checkConflicts(
    of id: Int64, values: [String: Value], expected: [String: Value], db: Database
  ) throws {
    let columns = entity.columns.filter { expected[$0.name] != nil }
    guard !columns.isEmpty else { return }
    let names = columns.map { entity.sqlColumn($0.name) }.joined(separator: ", ")
    guard
      let row = try GRDB.Row.fetchOne(
        db,
        sql: "SELECT \(names) FROM \(entity.table.quoted) WHERE \(entity.primaryKey.quoted) = ?",
        arguments: [id])
    else { return }  // Gone: the write says so.
    var conflicts: [FieldConflict] = []
    for (index, column) in columns.enumerated() {
      guard let yours = values[column.name], let expected = expected[column.name] else {
        continue
      }
      // Compared as stored, so that a value's round trip through its column is no conflict.
      let stored: DatabaseValue = row[index]
      let layout = column.dateLayout
      if stored
        == (try? SQLiteValues.column(
          expected, column: column.name, kind: column.kind, layout: layout))
        || stored
          == (try? SQLiteValues.column(
            yours, column: column.name, kind: column.kind, layout: layout))
      {
        continue
      }
      conflicts.append(
        FieldConflict(
          name: column.name, theirs: SQLiteValues.value(stored, kind: column.kind), yours: yours))
    }
    if !conflicts.isEmpty { throw StoreError.conflict(conflicts) }
  }

  /// What the object holds of its columns and to-one relationships, to tell afterwards which
  /// of them a write of values changed.
  func rowValues(of kvc: KeyValueCoding) -> [String: Value] {
    var row: [String: Value] = [:]
    for name in entity.columns.map(\.name) + entity.toOneRelationships.map(\.name) {
      row[name] = (try? kvc.value(forKey: name)) ?? .null
    }
    return row
  }

  /// The keys an update writes: those of `values`, and any column or to-one relationship
  /// that setting them changed on the object (a property that sets another).
  func changedKeys(
    _ values: [String: Value], before: [String: Value], after: [String: Value]
  ) -> Set<String> {
    Set(values.keys).union(after.keys.filter { before[$0] != after[$0] })
  }
}
