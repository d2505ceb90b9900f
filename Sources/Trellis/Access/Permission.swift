/// Something a person may do with the items of a definition, as an ``AccessPolicy`` grants it.
public enum Permission: String, Hashable, Sendable, CaseIterable, Codable {
  /// See the items: lists show them and their detail screens open.
  case view
  /// Add items.
  case add
  /// Change items' values, on a detail screen or in a row.
  case edit
  /// Delete items.
  case delete
  /// Reorder items.
  case move
  /// Run a named action (``RowAction/named(_:)``).
  case run

  /// The verb a refusal uses: "You may not delete tasks."
  var verb: String {
    switch self {
    case .view: "see"
    case .add: "add"
    case .edit: "change"
    case .delete: "delete"
    case .move: "reorder"
    case .run: "run"
    }
  }
}
