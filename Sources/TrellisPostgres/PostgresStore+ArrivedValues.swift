import Logging
import Trellis

extension PostgresStore {
  /// Gives known objects the rows read for them in the background, on the caller's domain
  /// (a list calls it before it takes what arrived): the objects of every store of the
  /// graph, since a read of one entity brings the rows of the others it points at.
  ///
  /// A row read before a later write of it through this store is dropped: the object keeps
  /// the newer values. A row whose values the object refuses is logged and dropped; the
  /// object keeps what it had.
  public func applyArrivedValues() {
    // Applying a row may read the objects it points at, whose own rows then arrive: a few
    // rounds settle them all.
    for _ in 0..<8 {
      var applied = false
      for store in graph.all where store.applyOwnArrivedValues() { applied = true }
      if !applied { return }
    }
  }

  /// Applies the rows that arrived for this store's objects; false when none had.
  private func applyOwnArrivedValues() -> Bool {
    let rows: [(AnyObject, Record)] = state.withLock { state in
      defer { state.arrived = [:] }
      return state.arrived.values.compactMap { record in
        guard let object = state.objects[record.id], !Self.isStale(record, in: state) else {
          return nil
        }
        return (object, record)
      }
    }
    for (object, record) in rows {
      do throws(StoreError) {
        let kvc = try keyValueCoding(object)
        try assign(record, of: entity, to: kvc)
        try assignReferences(record, to: kvc)
      } catch {
        logger.warning("\(entity.table) row \(record.id) was read but not applied: \(error)")
      }
    }
    return !rows.isEmpty
  }
}
