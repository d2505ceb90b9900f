import Logging
import Trellis

extension PostgresStore {
  /// Gives known objects the rows read for them in the background, on the caller's domain
  /// (a list calls it before it takes what arrived): the objects of every store of the
  /// graph, since a read of one entity brings the rows of the others it points at.
  ///
  /// A row read before a later write of it through this store is dropped: the object keeps
  /// the newer values. A row whose children or references the object refuses is logged. What a committed delete's rules did to the objects that
  /// pointed at the deleted one (a to-one set to none, a many-to-many list without it) is
  /// applied here too. A value an object cannot hold stays unwritten, and the row keeps why
  /// (``problem(with:)``), so that a list shows it.
  public func applyArrivedValues() {
    // Applying a row may read the objects it points at, whose own rows then arrive: a few
    // rounds settle them all.
    for _ in 0..<8 {
      var applied = false
      for store in graph.all where store.applyOwnArrivedValues() { applied = true }
      if !applied { return }
    }
  }

  /// Applies the rows and the delete rules' effects that arrived for this store's objects;
  /// false when nothing had.
  private func applyOwnArrivedValues() -> Bool {
    let (rows, effects): ([(AnyObject, Record)], [ArrivedEffect]) = state.withLock { state in
      defer {
        state.arrived = [:]
        state.arrivedEffects = []
      }
      let rows = state.arrived.values.compactMap { record -> (AnyObject, Record)? in
        // A row with a version was the newest when it arrived; one without may have been
        // written since.
        guard let object = state.objects[record.id],
          record.version != nil || !Self.isStale(record, in: state)
        else { return nil }
        return (object, record)
      }
      return (rows, state.arrivedEffects)
    }
    for (object, record) in rows {
      var changed = false
      do throws(StoreError) {
        let kvc = try keyValueCoding(object)
        changed = try assign(record, of: entity, to: kvc)
        if try assignReferences(record, to: kvc) { changed = true }
      } catch {
        logger.warning("\(entity.table) row \(record.id) was read but not applied: \(error)")
      }
      // The row says whether its values, as read now, fit its object: a fault says it
      // itself, the store for an object the app made.
      let problem = faultLayout().problem(
        ofRow: record.id, in: entity.table, values: record.values)
      if let fault = object as? ObjectFault {
        if fault.problem(observed: false) != problem { changed = true }
        fault.noteProblem(problem)
      } else {
        let before = state.withLock { state in
          defer { state.problems[record.id] = problem }
          return state.problems[record.id]
        }
        if before != problem { changed = true }
      }
      // Lists draw rows from the store's reports, not by observing the objects
      // (``reportsEveryChange``): a row that changed is reported once it holds its values.
      if changed { observers.notify(.updated(.object(ObjectReference(object)))) }
    }
    for effect in effects { apply(effect) }
    return !rows.isEmpty || !effects.isEmpty
  }

  /// Applies one delete rule's change to an object, and reports an object still listed as
  /// changed.
  private func apply(_ effect: ArrivedEffect) {
    let object: AnyObject
    switch effect {
    case .unlink(let holder, let property, let gone):
      guard let kvc = try? keyValueCoding(holder),
        let held = (try? kvc.value(forKey: property))?.arrayValue
      else { return }
      try? kvc.setValue(
        .array(held.filter { $0 != .object(ObjectReference(gone)) }), forKey: property)
      object = holder
    case .nullify(let changed, let property):
      guard let kvc = try? keyValueCoding(changed) else { return }
      try? kvc.setValue(.null, forKey: property)
      object = changed
    case .forgetChildren(let deleted):
      // The object's row is gone, and so is every list's row of it.
      forgetChildren(of: deleted, entity: entity)
      return
    }
    observers.notify(.updated(.object(ObjectReference(object))))
  }
}
