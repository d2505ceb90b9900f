import Trellis

/// The names rows go by on the wire: a short, opaque key per row identity, the same in every
/// session of an app for as long as the server runs, and kept nowhere.
///
/// A key is the row identity's hash, whose seed each server process draws afresh. It says
/// nothing about where a row is, so a message that names one reaches the row it meant wherever
/// other windows have moved it; nor about what the row holds (object addresses, database
/// keys). The server keeps no table of the keys it gave out, which would grow with every row
/// ever shown: a message's key is matched against the rows its screen shows now
/// (``TableModel/indexPath(ofRowHash:)``), and a row that is gone is refused.
enum RowKeys {
  /// The key of `id`.
  static func key(for id: RowID) -> String {
    "r" + String(UInt64(bitPattern: Int64(id.hashValue)), radix: 36)
  }

  /// The identity's hash a key stands for; `nil` for text no key has.
  static func hash(ofKey key: String) -> Int? {
    guard key.first == "r", key.utf8.count <= 14, let hash = UInt64(key.dropFirst(), radix: 36)
    else { return nil }
    return Int(Int64(bitPattern: hash))
  }
}
