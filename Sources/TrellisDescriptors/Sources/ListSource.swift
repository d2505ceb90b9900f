import Trellis

/// Where a section's items come from: a table of an SQLite file or a PostgreSQL database, a
/// list inside a document, or a web service (the canonical schema's `source` key).
///
/// A descriptor only names the source; a ``DescriptorLibrary`` opens it, through the resolver
/// registered for its ``Kind`` in ``DescriptorLibrary/sources``.
public enum ListSource: Hashable, Sendable {
  /// The rows of `table` in the SQLite file `file` (relative to the descriptor's folder).
  /// `keys`, a names string (`"name;notes"`, or grouped: `"Task:(name,notes)"`), picks and
  /// groups the columns a detail screen shows; every column when `nil`. `name` names the
  /// items in titles ("New Task"). When `inferred`, the table's relationships, checks and
  /// read-only columns are read from the file's schema, and the file is never migrated (the
  /// sources `trellis describe` writes).
  case sqlite(file: String, table: String, keys: String?, name: String?, inferred: Bool = false)
  /// The dictionaries of the list at `keyPath` in the JSON or property-list document `file`
  /// (`""` for a document that is the list). `keys` picks and groups the keys a detail screen
  /// shows; every key the items have when `nil`.
  case document(file: String, keyPath: String, keys: String?, name: String?)
  /// The objects of a REST API. `settings` are the web-service definition's names (see the
  /// "Table Descriptors" article), as written: strings, numbers and dictionaries, `preset`
  /// among them.
  case webService(settings: [String: Value])
  /// The rows of `table` in the PostgreSQL database at `url` (`postgres://user@host/db`; the
  /// password, when the address leaves it out, from `PGPASSWORD`). The table's columns,
  /// relationships, checks and read-only columns are read from the database's catalog, and
  /// nothing in it is created or altered (the sources `trellis describe URL` writes).
  case postgres(url: String, table: String)

  /// The kinds of source.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    case sqlite, document, webService, postgres

    /// The kind in words, for messages ("web-service sources").
    var words: String {
      switch self {
      case .sqlite: "SQLite"
      case .document: "document"
      case .webService: "web-service"
      case .postgres: "PostgreSQL"
      }
    }
  }

  /// The source's kind.
  public var kind: Kind {
    switch self {
    case .sqlite: .sqlite
    case .document: .document
    case .webService: .webService
    case .postgres: .postgres
    }
  }
}
