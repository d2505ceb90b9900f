/// The property key each column of a table is bound to, and the column each key reads and
/// writes: the one place where a key and an SQL column name meet.
///
/// A column whose name can be a key (letters, digits and `_`, not starting with a digit) is
/// bound to the property of that name, and is not recorded. Any other ("First Name",
/// "unit-price", "2nd line") is bound to a key made of its name (``key(for:)``:
/// `First_Name`, `unit_price`, `_2nd_line`), unique among the table's keys; the store's SQL
/// names the column itself, quoted, and its form titles the field with the column's name.
package struct ColumnKeys: Hashable, Sendable {
  /// The key of each column whose name is not a key, by column name.
  private var keysByColumn: [String: String] = [:]
  /// The column of each key made for a column, by key.
  private var columnsByKey: [String: String] = [:]

  /// No column but those whose names are their keys.
  package init() {}

  /// The keys of `columns` (SQL names, in the table's order): each name that can be a key is
  /// its own; each other becomes ``key(for:)``, with `_2`, `_3`… appended when it is among
  /// `taken` (the table's relationships' names), another column's name or an earlier key.
  package init(columns: [String], taken: Set<String> = []) {
    var used = taken.union(columns.filter(Self.isKey))
    for column in columns where !Self.isKey(column) {
      let base = Self.key(for: column)
      var key = base
      var number = 2
      while used.contains(key) {
        key = base + "_\(number)"
        number += 1
      }
      used.insert(key)
      keysByColumn[column] = key
      columnsByKey[key] = column
    }
  }

  /// The property key bound to the column `name`.
  package func key(of name: String) -> String { keysByColumn[name] ?? name }

  /// The SQL name of the column bound to the property `key`.
  package func column(of key: String) -> String { columnsByKey[key] ?? key }

  /// The column of `key` when its name is not the key itself ("First Name" for
  /// `First_Name`), the title its field shows; `nil` for a column named by its key.
  package func differentColumn(of key: String) -> String? { columnsByKey[key] }

  /// Whether `name` can be a key of a form (a names string's, a key path's): letters, digits
  /// and `_`, not starting with a digit.
  package static func isKey(_ name: String) -> Bool {
    !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      && !(name.first?.isNumber ?? true)
  }

  /// A key made of the column name `name`: each run of other characters than letters,
  /// digits and `_` becomes one `_` (none at either end), with `_` before a leading digit;
  /// `column` when nothing is left (a name of punctuation only).
  package static func key(for name: String) -> String {
    var key = ""
    var pendingSeparator = false
    for character in name {
      if character.isLetter || character.isNumber || character == "_" {
        if pendingSeparator, !key.isEmpty { key.append("_") }
        pendingSeparator = false
        key.append(character)
      } else {
        pendingSeparator = true
      }
    }
    if key.isEmpty { return "column" }
    if key.first?.isNumber == true { key = "_" + key }
    return key
  }
}
