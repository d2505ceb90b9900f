import Trellis
import TrellisSQL
import TrellisValues

/// What every read of an entity's rows derives from the entity, made the first time a read
/// asks and kept for as long as the entity is unchanged: the `SELECT` of its rows, its order,
/// and its faults' layout.
///
/// An ``SQLiteEntity`` holds one and replaces it whenever one of its properties changes, so
/// copies of an entity share what was derived from it and an entity changed after a read
/// derives it again. Opening a list (or a chooser's related store) then costs no string
/// building or layout making after the first.
final class SQLiteEntityReads: Sendable {
  /// What was derived.
  struct Derived: Sendable {
    /// `SELECT` of the rows' columns (``RelationalEntity/selectedColumns(child:)``) from the
    /// table, without a condition.
    let select: String
    /// The order rows come in, quoted: position (when the entity keeps one), then key.
    let order: String
    /// The names of a fault's values: columns, to-ones, many-to-manys, the children read
    /// with the row, then those read when it is opened.
    let layoutKeys: [String]
    /// How the entity's faults are laid out, with ``layoutKeys``.
    let layout: ObjectFaultLayout
  }

  private let derived = Locked<Derived?>(nil)

  /// What is derived from `entity`, which holds this.
  func derived(from entity: SQLiteEntity) -> Derived {
    if let known = derived.withLock({ $0 }) { return known }
    let shape = SQLiteRecordShape(entity)
    let keys =
      entity.columns.map(\.name) + shape.toOnes.map(\.name) + shape.manyToMany.map(\.name)
      + shape.eager.map(\.name) + shape.faulted.sorted()
    let select =
      "SELECT \(entity.selectedColumns().joined(separator: ", ")) FROM \(entity.table.quoted)"
    let made = Derived(
      select: select, order: entity.orderColumns.joined(separator: ", "), layoutKeys: keys,
      layout: entity.definition.faultLayout(keys: keys, documentKeys: entity.columns.map(\.name)))
    // Two first reads at once derive the same; the first one kept is the one every read uses.
    return derived.withLock { state in
      if let earlier = state { return earlier }
      state = made
      return made
    }
  }
}
