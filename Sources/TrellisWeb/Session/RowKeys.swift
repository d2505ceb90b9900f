import Trellis

/// The names rows go by on the wire: a short, opaque key per row identity, the same in every
/// session of an app for as long as the server runs.
///
/// A key says nothing about where a row is, so a message that names one reaches the row it
/// meant wherever other windows have moved it; and nothing about what the row holds (object
/// addresses, database keys) either.
final class RowKeys {
  private var keys: [RowID: String] = [:]
  private var ids: [String: RowID] = [:]
  private var next = 0

  /// The key of `id`, made on first use.
  func key(for id: RowID) -> String {
    if let key = keys[id] { return key }
    next += 1
    let key = "r" + String(next, radix: 36)
    keys[id] = key
    ids[key] = id
    return key
  }

  /// The identity a key stands for, if this app ever gave it out.
  func id(forKey key: String) -> RowID? { ids[key] }
}
