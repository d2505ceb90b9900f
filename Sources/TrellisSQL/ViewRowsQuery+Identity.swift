import Trellis

/// What names a row read apart, what its object holds, and the read of one row again.
extension ViewRowsQuery {
  /// How many values a row read holds before its number among those that read alike: the
  /// columns, the titles, and the row id when there is one.
  package var identifiedCount: Int { table.columns.count + pointed.count + (rowKey == nil ? 0 : 1) }

  /// A row as ``pageRead(_:limit:offset:)`` reads it (`cells`: the columns, the titles, the
  /// row id when there is one, then its number among those that read alike): what names it
  /// (its key, else all it reads and that number), and the values of its object, one per key
  /// of ``objectKeys``.
  package func row(_ cells: [Value]) -> (identity: ViewRowObjects.Identity, values: [Value]) {
    let values = objectPositions.map { $0 < cells.count ? cells[$0] : .null }
    guard keyPositions.isEmpty else {
      let key = keyPositions.map { $0 < cells.count ? cells[$0] : .null }
      return (ViewRowObjects.Identity(values: key, ordinal: 1), values)
    }
    let count = Swift.min(identifiedCount, cells.count)
    let ordinal = cells.count > count ? cells[count].intValue ?? 1 : 1
    return (ViewRowObjects.Identity(values: Array(cells.prefix(count)), ordinal: ordinal), values)
  }

  /// The query of the rows that may be the row `identity` names, in the order a page reads
  /// them: those that read the same in the columns SQL compares exactly as read (text, and
  /// the row id; on PostgreSQL integers too), so that no row `identity` names is left out;
  /// the caller compares the rest as read.
  package func query(reading identity: ViewRowObjects.Identity) throws(StoreError) -> SQLQuery {
    var sql = try query(FetchOptions())
    let positions =
      keyPositions.isEmpty ? Array(0..<(table.columns.count + pointed.count)) : keyPositions
    var parts: [String] = []
    for (position, value) in zip(positions, identity.values) {
      let alias = dialect.quoted(alias(at: position))
      func bound() -> String {
        sql.arguments.append(value)
        return dialect.placeholder(sql.arguments.count, for: value)
      }
      switch (dialect, value) {
      case (.sqlite, .null):
        // Only a NULL reads as nothing.
        parts.append("\(alias) IS NULL")
      case (.sqlite, .string):
        // Only stored text reads as text; compared as text whatever the column's affinity.
        parts.append("CAST(\(alias) AS TEXT) = \(bound())")
      case (.sqlite, .int) where rowKey != nil && position == identifiedCount - 1:
        parts.append("\(alias) = \(bound())")
      case (.postgres, .string), (.postgres, .int):
        // Read as text or as a bigint, as bound.
        parts.append("\(alias) = \(bound())")
      default:
        continue
      }
    }
    if !parts.isEmpty { sql.condition = parts.joined(separator: " AND ") }
    return sql
  }

  /// How the objects of the rows are laid out and made: documents of ``objectKeys``, which
  /// take the values read whatever their types (a column of SQLite may hold any).
  package func objectLayout(name: String) -> ObjectFaultLayout {
    let keys = objectKeys
    return ObjectFaultLayout(
      name: name, keys: keys, kinds: keys.map { _ in .any },
      make: { DocumentObject(.dictionary(ValueDictionary(keys.map { ($0, Value.null) }))) },
      fill: { object, values in
        (object as? DocumentObject)?.replaceRoot(ViewRowObjects.root(keys, values))
      },
      coding: { $0 as? KeyValueCoding })
  }
}
