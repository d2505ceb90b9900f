import Trellis
import TrellisDiff

/// One step of patching the page, applied in order to the page as it is after the steps before.
///
/// A staged changeset's stage speaks UITableView's batch language (deletes at old indices,
/// inserts at new ones); ``DOMPatch/patches(from:stage:renderer:)`` turns it into these
/// sequential steps, which a page applies one after another.
public enum DOMPatch: Hashable, Sendable {
  /// Removes the row at an index of a section.
  case deleteRow(section: Int, row: Int)
  /// Inserts a row so that it ends at the index.
  case insertRow(section: Int, row: Int, RowSnapshot)
  /// Replaces the row at the index.
  case replaceRow(section: Int, row: Int, RowSnapshot)
  /// Removes a section.
  case deleteSection(Int)
  /// Inserts a section so that it ends at the index.
  case insertSection(Int, SnapshotSection<SectionSnapshot, RowSnapshot>)
  /// Replaces a whole section (its header, footer and rows).
  case replaceSection(Int, SnapshotSection<SectionSnapshot, RowSnapshot>)
}

extension DOMPatch {
  /// The sequential patches that carry a page from `old` through one stage of a changeset.
  ///
  /// Row steps in virtual sections (too many rows for the page to hold) are left out: such a
  /// section is replaced as a whole, and the client asks again for the rows in view.
  static func patches(
    from old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>,
    isVirtual: (Int) -> Bool
  ) -> [DOMPatch] {
    let new = stage.data
    let removedSections = Set(stage.sectionDeletes).union(stage.sectionMoves.map(\.source))
    let addedSections = Set(stage.sectionInserts).union(stage.sectionMoves.map(\.target))
    let oldVirtual = Set(old.sections.indices.filter { isVirtual(old.sections[$0].items.count) })
    let newVirtual = Set(new.sections.indices.filter { isVirtual(new.sections[$0].items.count) })
    var result: [DOMPatch] = []

    // 1. Rows leave (old paths, last first).
    let leaving = Set(stage.itemDeletes).union(stage.itemMoves.map(\.source))
      .filter { !removedSections.contains($0.section) && !oldVirtual.contains($0.section) }
    for path in leaving.sorted(by: >) {
      result.append(.deleteRow(section: path.section, row: path.item))
    }
    // 2. Sections leave, last first; 3. sections arrive, first first.
    for index in removedSections.sorted(by: >) { result.append(.deleteSection(index)) }
    for index in addedSections.sorted() where new.sections.indices.contains(index) {
      result.append(.insertSection(index, new.sections[index]))
    }
    // 4. Rows arrive (new paths, first first).
    let arriving = Set(stage.itemInserts).union(stage.itemMoves.map(\.target))
      .filter { !addedSections.contains($0.section) && !newVirtual.contains($0.section) }
    for path in arriving.sorted() {
      guard let row = new[safe: path] else { continue }
      result.append(.insertRow(section: path.section, row: path.item, row))
    }
    // Surviving sections: old index → new index.
    let survivorsOld = old.sections.indices.filter { !removedSections.contains($0) }
    let survivorsNew = new.sections.indices.filter { !addedSections.contains($0) }
    var newIndex: [Int: Int] = [:]
    for (o, n) in zip(survivorsOld, survivorsNew) { newIndex[o] = n }

    // 5. Section reloads, and virtual sections whose rows changed, are replaced whole.
    var replaced = Set<Int>()
    for index in stage.sectionReloads { if let n = newIndex[index] { replaced.insert(n) } }
    var touched = Set<Int>()
    // A reload keeps the count, so a virtual section takes it row by row; anything else that
    // changes a virtual section's rows replaces it whole.
    for path in stage.itemDeletes + stage.itemMoves.map(\.source) {
      if let n = newIndex[path.section] { touched.insert(n) }
    }
    for path in stage.itemInserts + stage.itemMoves.map(\.target) { touched.insert(path.section) }
    let wasVirtual = Set(oldVirtual.compactMap { newIndex[$0] })
    for n in touched where !addedSections.contains(n) {
      if newVirtual.contains(n) || wasVirtual.contains(n) { replaced.insert(n) }
    }
    // 6. Row reloads: the row keeps its identity; find where it is now.
    for path in stage.itemReloads {
      guard let n = newIndex[path.section], !replaced.contains(n),
        let id = old[safe: path]?.id, new.sections.indices.contains(n)
      else { continue }
      let items = new.sections[n].items
      let index =
        items.indices.contains(path.item) && items[path.item].id == id
        ? path.item : items.firstIndex { $0.id == id }
      if let index {
        result.append(.replaceRow(section: n, row: index, items[index]))
      }
    }
    for n in replaced.sorted() where new.sections.indices.contains(n) {
      result.append(.replaceSection(n, new.sections[n]))
    }
    return result
  }
}
