import Trellis

/// The objects of the rows of a view (or of a table no store edits) read recently, by what
/// names each row: a row keeps its object while it is the same row, so that a change to one
/// row shows as that row changed (or replaced), not as the whole list drawn again.
///
/// A row of a table with a key (``ViewRowsQuery/keyPositions``) is named by its key: when it
/// reads otherwise, its object takes the new values, and those who read it (a list's row, an
/// open form) hear of it, as a table's rows' ``ObjectFault``s tell them. A row without a key
/// is named by what it reads, and its number among the rows that read alike (``ViewRowsQuery``
/// numbers them 1, 2…): a changed row is another row, and rows that read alike are each an
/// object of their own, so a list never holds one object twice.
///
/// At most ``limit`` objects are kept: those of the rows read most recently, in two
/// generations, the older dropped when the newer is full. An object something else still
/// holds (an open form) stays its row's, and a later read finds it again.
package final class ViewRowObjects: Sendable {
  /// What names a row: its key, or what it reads and its number among the rows that read
  /// alike.
  package struct Identity: Hashable, Sendable {
    /// The row's key; for a row without one, every value read.
    package var values: [Value]
    /// The row's number among those that read alike, from 1; 1 for a row with a key.
    package var ordinal: Int

    package init(values: [Value], ordinal: Int) {
      self.values = values
      self.ordinal = ordinal
    }
  }

  /// An object made, held weakly: found again while something else holds it.
  private struct Made: Sendable {
    weak var fault: ObjectFault?
  }

  private struct State: Sendable {
    var recent: [Identity: ObjectFault] = [:]
    var older: [Identity: ObjectFault] = [:]
    /// Every object made that may still live, and the identity of each.
    var made: [Identity: Made] = [:]
    var identities: [ObjectIdentifier: Identity] = [:]
    /// How many ``made`` may hold before those gone are dropped.
    var pruneAt: Int
    /// Values read in the background for rows that have an object, applied on the domain
    /// that shows them (``applyArrivedValues()``).
    var arrived: [Identity: [Value]] = [:]
  }

  /// How many objects are kept at most.
  package let limit: Int
  /// How the objects are laid out and made.
  package let layout: ObjectFaultLayout
  private let state: Locked<State>

  /// Keeps at most `limit` objects, laid out by `layout`.
  package init(layout: ObjectFaultLayout, limit: Int = 5_000) {
    self.layout = layout
    self.limit = Swift.max(limit, 2)
    state = Locked(State(pruneAt: Swift.max(limit, 2) * 2))
  }

  /// The object of the row `identity` names, holding `values` (one per key of ``layout``):
  /// the one it had when read before, else a new one. An object that holds other values
  /// takes these now, or, when `arriving` (read in the background, while a host may read
  /// the object), at the next ``applyArrivedValues()``.
  package func item(_ identity: Identity, values: [Value], arriving: Bool = false) -> Value {
    if let found = state.withLock({ Self.take(identity, from: &$0, limit: limit) }) {
      settle(found, identity: identity, values: values, arriving: arriving)
      return .object(ObjectReference(found))
    }
    let made = ObjectFault(values: values, layout: layout)
    let kept = state.withLock { state -> ObjectFault? in
      if let found = Self.take(identity, from: &state, limit: limit) { return found }
      Self.keep(made, for: identity, in: &state, limit: limit)
      state.made[identity] = Made(fault: made)
      state.identities[ObjectIdentifier(made)] = identity
      Self.pruneIfFull(&state, limit: limit)
      return nil
    }
    if let kept {
      settle(kept, identity: identity, values: values, arriving: arriving)
      return .object(ObjectReference(kept))
    }
    return .object(ObjectReference(made))
  }

  /// What names the row of `item`, one of the objects made here; `nil` for any other.
  package func identity(of item: Value) -> Identity? {
    guard case .object(let reference) = item, let fault = reference.fault else { return nil }
    return state.withLock { state in
      guard let identity = state.identities[ObjectIdentifier(fault)],
        state.made[identity]?.fault === fault
      else { return nil }
      return identity
    }
  }

  /// Gives the objects the values read for them in the background, on the caller's domain.
  package func applyArrivedValues() {
    let arrived = state.withLock { state -> [(ObjectFault, [Value])] in
      defer { state.arrived = [:] }
      return state.arrived.compactMap { identity, values in
        state.made[identity]?.fault.map { ($0, values) }
      }
    }
    for (fault, values) in arrived { update(fault, with: values) }
  }

  /// How many objects are kept now.
  package var count: Int { state.withLock { $0.recent.count + $0.older.count } }

  /// The root of a row's object: each key's value.
  package static func root(_ keys: [String], _ values: [Value]) -> Value {
    .dictionary(ValueDictionary(Array(zip(keys, values))))
  }

  /// Gives `fault` `values` now, or once they may be applied.
  private func settle(_ fault: ObjectFault, identity: Identity, values: [Value], arriving: Bool) {
    guard fault.values != values else { return }
    if arriving {
      state.withLock { $0.arrived[identity] = values }
    } else {
      update(fault, with: values)
    }
  }

  /// Gives `fault` values read again: the fault takes them while its object is not made,
  /// else the object does; either way those who read the row hear of it.
  private func update(_ fault: ObjectFault, with values: [Value]) {
    if fault.refresh(values) { return }
    guard let document = fault.madeObject as? DocumentObject else { return }
    let root = Self.root(layout.keys, values)
    guard document.root != root else { return }
    document.replaceRoot(root)
    fault.objectDidChange()
  }

  /// The object kept for `identity`, kept as recent again: found among the recent, the older,
  /// or those something else still holds.
  private static func take(_ identity: Identity, from state: inout State, limit: Int)
    -> ObjectFault?
  {
    if let found = state.recent[identity] { return found }
    guard let found = state.older.removeValue(forKey: identity) ?? state.made[identity]?.fault
    else { return nil }
    keep(found, for: identity, in: &state, limit: limit)
    return found
  }

  /// Keeps `fault` among the recent; the older generation goes when the recent one is full.
  private static func keep(
    _ fault: ObjectFault, for identity: Identity, in state: inout State, limit: Int
  ) {
    if state.recent.count >= limit / 2 {
      state.older = state.recent
      state.recent = [:]
    }
    state.recent[identity] = fault
  }

  /// Forgets the objects gone, once those made have doubled since the last time.
  private static func pruneIfFull(_ state: inout State, limit: Int) {
    guard state.made.count >= state.pruneAt else { return }
    state.made = state.made.filter { $0.value.fault != nil }
    state.identities = state.identities.filter { object, identity in
      state.made[identity]?.fault.map(ObjectIdentifier.init) == object
    }
    state.pruneAt = Swift.max(limit * 2, state.made.count * 2)
  }
}
