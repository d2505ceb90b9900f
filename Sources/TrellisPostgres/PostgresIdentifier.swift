import Trellis
import TrellisSQL

/// Table and column names as SQL identifiers: any name PostgreSQL can hold is double-quoted
/// with its quotes doubled, so that no name can change what a statement does; and the names
/// Trellis derives from a table's (channels, triggers), which stay plain.
enum PostgresIdentifier {
  /// PostgreSQL's longest identifier, in bytes (`NAMEDATALEN` - 1): a longer one is cut.
  static let limit = 63

  /// `name` double-quoted, its quotes doubled (``SQLDialect/quoted(_:)``), or an error when
  /// PostgreSQL cannot hold it as it is: empty, with a NUL, or longer than 63 bytes (which
  /// PostgreSQL would cut, naming another table or column).
  static func quoted(_ name: String) throws(StoreError) -> String {
    guard !name.isEmpty, name.utf8.count <= limit, !name.utf8.contains(0) else {
      throw .invalidItem(
        "'\(name)' is not a name PostgreSQL can hold (1 to 63 bytes, no NUL character)")
    }
    return SQLDialect.postgres.quoted(name)
  }

  /// `name` double-quoted, or an error when it is not plain (``isPlain(_:)``): the names of
  /// tables and columns a program declares, which its store creates.
  static func plainQuoted(_ name: String) throws(StoreError) -> String {
    guard isPlain(name) else {
      throw .invalidItem(
        "'\(name)' is not a plain SQL name (letters, digits and underscores, "
          + "not starting with a digit, at most 63 characters)")
    }
    return "\"" + name + "\""
  }

  /// Whether `name` is a plain identifier: `[A-Za-z_][A-Za-z0-9_]*`, at most 63 bytes.
  static func isPlain(_ name: String) -> Bool {
    name.utf8.count <= limit && hasPlainCharacters(name)
  }

  /// Whether `name`, however long, is made of ASCII letters, digits and `_`, not starting with
  /// a digit.
  static func hasPlainCharacters(_ name: String) -> Bool {
    guard let first = name.utf8.first, letter(first) else { return false }
    return name.utf8.allSatisfy { letter($0) || digit($0) }
  }

  /// A name made of `prefix` and the table name `name` (a channel's, a trigger's) that is
  /// plain, fits `limit` bytes, and is the same in every process.
  ///
  /// A plain `name` that fits is kept as it is (`trellis_` + `contact`). Any other gets the
  /// 64-bit FNV-1a hash of the whole of `name` after it in hexadecimal, so that two names
  /// that differ only in case or punctuation ("Order Items", "order_items", "Order-Items")
  /// never give the same one: a plain one that is too long keeps its first `kept`
  /// characters; one that needs quoting is lowercased, each run of other characters than
  /// ASCII letters and digits made one `_`, and cut to fit.
  static func derived(_ prefix: String, _ name: String, limit: Int = limit, kept: Int = 38)
    -> String
  {
    let plain = hasPlainCharacters(name)
    if plain, prefix.utf8.count + name.utf8.count <= limit { return prefix + name }
    let hash = String(fnv1a(name), radix: 16)
    var base: String
    if plain {
      base = String(name.prefix(kept))
    } else {
      base = ""
      var pendingSeparator = false
      for byte in name.utf8 {
        if letter(byte) && byte != 95 || digit(byte) {
          if pendingSeparator, !base.isEmpty { base.append("_") }
          pendingSeparator = false
          base.append(Character(Unicode.Scalar(byte)).lowercased())
        } else {
          pendingSeparator = true
        }
      }
    }
    let room = max(0, limit - prefix.utf8.count - hash.utf8.count - 1)
    if base.utf8.count > room { base = String(base.prefix(room)) }
    return prefix + (base.isEmpty ? "" : base + "_") + hash
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Whether `byte` is an ASCII letter or `_`.
  private static func letter(_ byte: UInt8) -> Bool {
    (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
  }

  /// Whether `byte` is an ASCII digit.
  private static func digit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
