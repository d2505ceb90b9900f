import Trellis

/// Table and column names as SQL identifiers: only plain names are accepted, so that no name
/// can change what a statement does.
enum PostgresIdentifier {
  /// `name` double-quoted, or an error when it is not `[A-Za-z_][A-Za-z0-9_]*` (at most 63
  /// characters, PostgreSQL's limit).
  static func quoted(_ name: String) throws(StoreError) -> String {
    guard isPlain(name) else {
      throw .invalidItem(
        "'\(name)' is not a plain SQL name (letters, digits and underscores, "
          + "not starting with a digit, at most 63 characters)")
    }
    return "\"" + name + "\""
  }

  /// Whether `name` is a plain identifier.
  static func isPlain(_ name: String) -> Bool {
    guard let first = name.utf8.first, name.utf8.count <= 63 else { return false }
    func letter(_ byte: UInt8) -> Bool {
      (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }
    guard letter(first) else { return false }
    return name.utf8.allSatisfy { letter($0) || ($0 >= 48 && $0 <= 57) }
  }
}
