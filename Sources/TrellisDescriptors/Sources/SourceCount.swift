import Observation
import Trellis

/// How many items an opened store holds, kept true by the store's own reports while a screen
/// shows it: observable, so that a row or a header showing it renders again when the number
/// may have changed.
///
/// A store read at once is counted when the number is read after a change; an async store
/// (PostgreSQL, a web service) is counted in the background (``recount()``), and the number
/// is `nil` until the first count arrives. One counter serves every screen of a library.
///
/// The counter follows the store only while something shows the number (``beginShowing()``):
/// a store that looks for other programs' changes (PostgreSQL without triggers) then looks
/// only while a screen needs them. Unobserved, the number is counted afresh at every read.
final class SourceCount: Observable, Sendable {
  private enum Counted: Sendable {
    case store(any DataStore)
    case asyncStore(any AsyncDataStore)
  }

  private struct State: Sendable {
    /// The last number counted; `nil` before the first, or when counting failed.
    var number: Int?
    /// Whether the store reported a change since the last count began.
    var isStale = true
    /// Whether an async count is under way.
    var isCounting = false
    /// How many screens show the number now.
    var showings = 0
    /// The store's reports, followed while a screen shows the number.
    var observation: ObservationToken?
    /// How many changes the store reported while followed.
    var changes = 0
  }

  private let counted: Counted
  private let registrar = ObservationRegistrar()
  private let state = Locked(State())

  /// A counter of `opened`'s items.
  init(_ opened: ListSourceStore) {
    switch opened {
    case .store(let store, _): counted = .store(store)
    case .asyncStore(let store, _): counted = .asyncStore(store)
    }
  }

  /// How many items the store holds; for an async store the last number counted, `nil` before
  /// the first count arrives. Reading it is observed.
  var number: Int? {
    registrar.access(self, keyPath: \.number)
    guard case .store(let store) = counted else { return state.withLock { $0.number } }
    let stale = state.withLock { state in
      defer { state.isStale = state.observation == nil }
      return state.isStale
    }
    guard stale else { return state.withLock { $0.number } }
    // A change reported while counting marks the counter stale again: the next read counts.
    let number = try? store.count(FetchOptions())
    state.withLock { $0.number = number }
    return number
  }

  /// Says that a screen shows the number until the token is cancelled or released: while any
  /// does, the counter follows the store's reports.
  func beginShowing() -> ObservationToken {
    let starts = state.withLock { state in
      state.showings += 1
      return state.showings == 1
    }
    if starts { follow() }
    return ObservationToken { [weak self] in self?.endShowing() }
  }

  /// Whether any screen shows the number now.
  var isShown: Bool { state.withLock { $0.showings > 0 } }

  /// How many changes the store reported while a screen showed the number: a count made
  /// before the last is out of date.
  var changes: Int { state.withLock { $0.changes } }

  /// Whether the store is counted in the background, as ``recount()`` does.
  var isAsync: Bool {
    if case .asyncStore = counted { true } else { false }
  }

  /// How many items a store read at once holds that `options` list; `nil` for an async
  /// store, or when counting failed.
  func count(_ options: FetchOptions) -> Int? {
    guard case .store(let store) = counted else { return nil }
    return try? store.count(options)
  }

  /// How many items `options` list, for any store; `nil` when counting failed.
  func count(_ options: FetchOptions) async -> Int? {
    switch counted {
    case .store(let store): try? store.count(options)
    case .asyncStore(let store): try? await store.count(options)
    }
  }

  /// Whether an async store's number is to be counted again and no count is under way; when
  /// true, the caller runs ``recount()``.
  func beginsCounting() -> Bool {
    guard case .asyncStore = counted else { return false }
    return state.withLock { state in
      guard state.isStale, !state.isCounting else { return false }
      // Unobserved, nothing would say the number changed: it is counted again next time.
      state.isStale = state.observation == nil
      state.isCounting = true
      return true
    }
  }

  /// Counts an async store's items, then tells the rows that show the number.
  func recount() async {
    guard case .asyncStore(let store) = counted else { return }
    let number = try? await store.count(FetchOptions())
    state.withLock { state in
      if let number { state.number = number }
      state.isCounting = false
    }
    registrar.withMutation(of: self, keyPath: \.number) {}
  }

  /// Starts following the store's reports; what changed while nobody followed is counted
  /// again.
  private func follow() {
    let observation: ObservationToken
    switch counted {
    case .store(let store): observation = store.observe { [weak self] _ in self?.changed() }
    case .asyncStore(let store): observation = store.observe { [weak self] _ in self?.changed() }
    }
    let unused = state.withLock { state -> ObservationToken? in
      // The last screen may have gone while the store was being observed.
      guard state.showings > 0, state.observation == nil else { return observation }
      state.observation = observation
      state.isStale = true
      return nil
    }
    unused?.cancel()
  }

  /// A screen no longer shows the number: after the last, the store is no longer followed.
  private func endShowing() {
    let released = state.withLock { state -> ObservationToken? in
      state.showings = max(state.showings - 1, 0)
      guard state.showings == 0 else { return nil }
      defer { state.observation = nil }
      state.isStale = true
      return state.observation
    }
    // Cancelled outside the lock: the store may stop looking for changes.
    released?.cancel()
  }

  /// The store changed: the rows that show the number render again, and count.
  private func changed() {
    state.withLock { state in
      state.isStale = true
      state.changes += 1
    }
    registrar.withMutation(of: self, keyPath: \.number) {}
  }
}
