import Trellis

/// The names rows go by on the wire: a short, opaque key per row identity, the same in every
/// session of an app for as long as the server runs.
///
/// A key says nothing about where a row is, so a message that names one reaches the row it
/// meant wherever other windows have moved it; and nothing about what the row holds (object
/// addresses, database keys) either. Keys are handed out from any thread: the hub names rows
/// it reads messages about, the sockets' event loops name the rows they draw.
final class RowKeys: Sendable {
  private struct State {
    var keys: [RowID: String] = [:]
    var ids: [String: RowID] = [:]
    var next = 0
  }

  private let state = Locked(State())

  /// The key of `id`, made on first use.
  func key(for id: RowID) -> String {
    state.withLock { state in
      if let key = state.keys[id] { return key }
      state.next += 1
      let key = "r" + String(state.next, radix: 36)
      state.keys[id] = key
      state.ids[key] = id
      return key
    }
  }

  /// The identity a key stands for, if this app ever gave it out.
  func id(forKey key: String) -> RowID? { state.withLock { $0.ids[key] } }
}
