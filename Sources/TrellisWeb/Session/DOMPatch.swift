import Trellis
import TrellisDiff

/// One step of patching the page, applied in order to the page as it is after the steps before.
///
/// A staged changeset's stage speaks UITableView's batch language (deletes at old indices,
/// inserts at new ones); `patches(from:stage:isVirtual:)` turns it into these
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
  /// The stage's ``StageSteps`` (computed in the diff engine, shared with every host that edits
  /// a plain list) become DOM patches with the rows and sections they insert. Row steps in
  /// virtual sections (too many rows for the page to hold) are left out: such a section is
  /// replaced as a whole, and the client asks again for the rows in view.
  static func patches(
    from old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>,
    isVirtual: (Int) -> Bool
  ) -> [DOMPatch] {
    let new = stage.data
    let plan = StageSteps(stage)
    let oldVirtual = Set(old.sections.indices.filter { isVirtual(old.sections[$0].items.count) })
    let newVirtual = Set(new.sections.indices.filter { isVirtual(new.sections[$0].items.count) })
    let wasVirtual = Set(oldVirtual.compactMap { plan.sectionTargets[$0] })

    // Sections replaced whole: reloaded ones, and ones whose rows change while virtual (a
    // reload keeps the count, so a virtual section still takes it row by row).
    var replaced = Set<Int>()
    for step in plan.steps {
      switch step {
      case .reloadSection(let index): replaced.insert(index)
      case .deleteItem(let path):
        if let index = plan.sectionTargets[path.section],
          newVirtual.contains(index) || wasVirtual.contains(index)
        {
          replaced.insert(index)
        }
      case .insertItem(let path):
        if newVirtual.contains(path.section) || wasVirtual.contains(path.section) {
          replaced.insert(path.section)
        }
      default: break
      }
    }

    var result: [DOMPatch] = []
    for step in plan.steps {
      switch step {
      case .deleteItem(let path) where !oldVirtual.contains(path.section):
        result.append(.deleteRow(section: path.section, row: path.item))
      case .deleteSection(let index):
        result.append(.deleteSection(index))
      case .insertSection(let index) where new.sections.indices.contains(index):
        result.append(.insertSection(index, new.sections[index]))
      case .insertItem(let path) where !newVirtual.contains(path.section):
        if let row = new[safe: path] {
          result.append(.insertRow(section: path.section, row: path.item, row))
        }
      case .reloadItem(let path) where !replaced.contains(path.section):
        if let row = new[safe: path] {
          result.append(.replaceRow(section: path.section, row: path.item, row))
        }
      default: break
      }
    }
    for index in replaced.sorted() where new.sections.indices.contains(index) {
      result.append(.replaceSection(index, new.sections[index]))
    }
    return result
  }
}
