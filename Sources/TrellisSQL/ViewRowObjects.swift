import Trellis

/// The objects of the rows of a view read recently, by what each row reads: a row that reads
/// the same as before keeps its object, so that a change to one row of a view shows as that row
/// replaced, not as the whole list drawn again.
///
/// Rows that read alike are told apart by their number among them (``ViewRowsQuery`` numbers
/// them 1, 2…), so each is an object of its own, and a list never holds one object twice.
/// At most ``limit`` objects are kept: those of the rows read most recently, in two
/// generations, the older dropped when the newer is full.
package final class ViewRowObjects: Sendable {
  /// What a row reads, and its number among the rows that read alike.
  package struct Identity: Hashable, Sendable {
    /// Every value read, the row id's too where the table has one.
    package var values: [Value]
    /// The row's number among those that read alike, from 1.
    package var ordinal: Int

    package init(values: [Value], ordinal: Int) {
      self.values = values
      self.ordinal = ordinal
    }
  }

  private struct State: Sendable {
    var recent: [Identity: Value] = [:]
    var older: [Identity: Value] = [:]
  }

  /// How many objects are kept at most.
  package let limit: Int
  private let state = Locked(State())

  /// Keeps at most `limit` objects.
  package init(limit: Int = 5_000) { self.limit = Swift.max(limit, 2) }

  /// The object of the row `identity` names: the one it had when read recently, else a new
  /// one holding `entries`.
  package func item(_ identity: Identity, entries: () -> ValueDictionary) -> Value {
    if let found = state.withLock({ Self.take(identity, from: &$0, limit: limit) }) {
      return found
    }
    let made = Value.object(ObjectReference(DocumentObject(unobserved: .dictionary(entries()))))
    return state.withLock { state in
      if let found = Self.take(identity, from: &state, limit: limit) { return found }
      Self.keep(made, for: identity, in: &state, limit: limit)
      return made
    }
  }

  /// How many objects are kept now.
  package var count: Int { state.withLock { $0.recent.count + $0.older.count } }

  /// The object kept for `identity`, kept as recent again.
  private static func take(_ identity: Identity, from state: inout State, limit: Int) -> Value? {
    if let found = state.recent[identity] { return found }
    guard let found = state.older.removeValue(forKey: identity) else { return nil }
    keep(found, for: identity, in: &state, limit: limit)
    return found
  }

  /// Keeps `item` among the recent; the older generation goes when the recent one is full.
  private static func keep(_ item: Value, for identity: Identity, in state: inout State, limit: Int)
  {
    if state.recent.count >= limit / 2 {
      state.older = state.recent
      state.recent = [:]
    }
    state.recent[identity] = item
  }
}
