/// One stage of a staged changeset: the updates of one `performBatchUpdates` call.
///
/// Deletes and reloads use the indices of the stage's source, inserts use the indices of
/// ``data``, and a move goes from a source index to a target index. ``data`` is the state
/// after the stage: a host swaps its data source to it inside the batch.
public struct Changeset<Section: Diffable, Item: Diffable> {
  /// The data after this stage.
  public var data: Snapshot<Section, Item>
  /// Sections deleted, by source index.
  public var sectionDeletes: [Int] = []
  /// Sections inserted, by target index.
  public var sectionInserts: [Int] = []
  /// Sections whose own content changed, by source index. Their rows are reloaded with them.
  public var sectionReloads: [Int] = []
  /// Sections moved, from source index to target index.
  public var sectionMoves: [Move<Int>] = []
  /// Items deleted, by source path.
  public var itemDeletes: [ItemPath] = []
  /// Items inserted, by target path.
  public var itemInserts: [ItemPath] = []
  /// Items whose content changed in place, by source path.
  public var itemReloads: [ItemPath] = []
  /// Items moved, within a section or across sections.
  public var itemMoves: [Move<ItemPath>] = []

  /// Creates a stage that leads to `data`.
  public init(data: Snapshot<Section, Item>) {
    self.data = data
  }

  /// The number of updates in this stage.
  public var changeCount: Int {
    sectionDeletes.count + sectionInserts.count + sectionReloads.count + sectionMoves.count
      + itemDeletes.count + itemInserts.count + itemReloads.count + itemMoves.count
  }

  /// Whether the stage holds no update.
  public var isEmpty: Bool { changeCount == 0 }
}

extension Changeset: Sendable where Section: Sendable, Item: Sendable {}

extension Changeset: CustomStringConvertible {
  public var description: String {
    var parts: [String] = []
    func add<T>(_ name: String, _ values: [T]) {
      if !values.isEmpty { parts.append("\(name): \(values)") }
    }
    add("sectionDeletes", sectionDeletes)
    add("sectionInserts", sectionInserts)
    add("sectionReloads", sectionReloads)
    add("sectionMoves", sectionMoves)
    add("itemDeletes", itemDeletes)
    add("itemInserts", itemInserts)
    add("itemReloads", itemReloads)
    add("itemMoves", itemMoves)
    return "Changeset(" + parts.joined(separator: ", ") + ")"
  }
}
