import Observation
import Trellis

/// How many items an opened store holds, kept true by the store's own reports: observable, so
/// that a row showing it renders again when the number may have changed.
///
/// A store read at once is counted when the number is read after a change; an async store
/// (PostgreSQL, a web service) is counted in the background (``recount()``), and the number
/// is `nil` until the first count arrives. One counter serves every screen of a library.
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
    var observation: ObservationToken?
  }

  private let counted: Counted
  private let registrar = ObservationRegistrar()
  private let state = Locked(State())

  /// A counter of `opened`'s items, observing its changes.
  init(_ opened: ListSourceStore) {
    let observation: ObservationToken
    switch opened {
    case .store(let store, _):
      counted = .store(store)
      observation = store.observe { [weak self] _ in self?.changed() }
    case .asyncStore(let store, _):
      counted = .asyncStore(store)
      observation = store.observe { [weak self] _ in self?.changed() }
    }
    state.withLock { $0.observation = observation }
  }

  /// How many items the store holds; for an async store the last number counted, `nil` before
  /// the first count arrives. Reading it is observed.
  var number: Int? {
    registrar.access(self, keyPath: \.number)
    guard case .store(let store) = counted else { return state.withLock { $0.number } }
    let stale = state.withLock { state in
      defer { state.isStale = false }
      return state.isStale
    }
    guard stale else { return state.withLock { $0.number } }
    // A change reported while counting marks the counter stale again: the next read counts.
    let number = try? store.count(FetchOptions())
    state.withLock { $0.number = number }
    return number
  }

  /// Whether an async store's number is to be counted again and no count is under way; when
  /// true, the caller runs ``recount()``.
  func beginsCounting() -> Bool {
    guard case .asyncStore = counted else { return false }
    return state.withLock { state in
      guard state.isStale, !state.isCounting else { return false }
      state.isStale = false
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

  /// The store changed: the rows that show the number render again, and count.
  private func changed() {
    state.withLock { $0.isStale = true }
    registrar.withMutation(of: self, keyPath: \.number) {}
  }
}
