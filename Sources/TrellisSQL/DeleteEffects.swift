/// What a delete did beyond its own row, by the delete rules of what pointed at it, to be
/// applied to the objects in memory once its transaction commits.
package struct DeleteEffects: Sendable {
  /// A row of another table (or the deleted row's) that changed or went.
  package struct Row: Hashable, Sendable {
    package var table: String
    package var id: Int64

    /// Names row `id` of `table`.
    package init(table: String, id: Int64) {
      self.table = table
      self.id = id
    }
  }

  /// Rows whose to-one was set to none, with the property.
  package var nullified: [(row: Row, property: String)] = []
  /// Rows deleted by a cascade.
  package var deleted: [Row] = []
  /// Rows whose many-to-many list lost the deleted object: the holder, the property and the
  /// row it held.
  package var unlinked: [(row: Row, property: String, target: Row)] = []

  /// No effects yet.
  package init() {}

  /// The tables whose rows changed.
  package var tables: Set<String> {
    Set(nullified.map(\.row.table) + deleted.map(\.table) + unlinked.map(\.row.table))
  }
}
