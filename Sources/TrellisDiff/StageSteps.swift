/// One stage of a changeset as single steps, each applied to the list as the steps before it
/// left it.
///
/// A ``Changeset`` speaks UITableView's batch language: deletes at old indices, inserts at new
/// ones, all at once. A host that edits a plain list (a page's elements, a terminal's lines)
/// needs the same update as steps it can take one after another; this is that translation, done
/// once for every such host.
///
/// The steps come in this order:
/// 1. Items leave (deleted or moved away), last first, at their old paths.
/// 2. Sections leave (deleted or moved away), last first, at their old indices.
/// 3. Sections arrive (inserted or moved here), first first, at their new indices, each with
///    its items from ``Changeset/data``.
/// 4. Items arrive (inserted or moved here), first first, at their new paths.
/// 5. Sections whose own content changed are replaced, at their new indices.
/// 6. Items whose content changed are replaced, at their new paths.
///
/// A moved item or section leaves and arrives again. Items of a section that leaves or arrives
/// are not listed on their own. Taking the steps in order, with the values of
/// ``Changeset/data``, turns the stage's source into its data
/// (`Snapshot.apply(_:from:)` does exactly that).
///
/// ```swift
/// for step in stage.sequentialSteps {
///   switch step {
///   case .deleteItem(let path): page.removeRow(at: path)
///   case .insertItem(let path): page.insertRow(stage.data[safe: path], at: path)
///   case .reloadItem(let path): page.replaceRow(at: path, with: stage.data[safe: path])
///   …
///   }
/// }
/// ```
public struct StageSteps: Hashable, Sendable {
  /// The steps, in the order they must be taken.
  public var steps: [StageStep]
  /// For each section that stays in place (neither deleted nor moved), its new index, keyed by
  /// its old index.
  public var sectionTargets: [Int: Int]

  /// The steps of `stage`, which must be valid for one batch update (as every stage of a
  /// ``StagedChangeset`` is).
  public init<Section, Item>(_ stage: Changeset<Section, Item>) {
    let newCount = stage.data.sections.count
    let oldCount = newCount - stage.sectionInserts.count + stage.sectionDeletes.count
    let leavingSections = Set(stage.sectionDeletes).union(stage.sectionMoves.map(\.source))
    let arrivingSections = Set(stage.sectionInserts).union(stage.sectionMoves.map(\.target))
    let survivorsOld = (0..<max(oldCount, 0)).filter { !leavingSections.contains($0) }
    let survivorsNew = (0..<newCount).filter { !arrivingSections.contains($0) }
    sectionTargets = Dictionary(
      zip(survivorsOld, survivorsNew).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })

    // Items leaving and arriving, per section, in sections that stay.
    var leaving: [Int: [Int]] = [:]
    for path in stage.itemDeletes + stage.itemMoves.map(\.source)
    where !leavingSections.contains(path.section) {
      leaving[path.section, default: []].append(path.item)
    }
    var arriving: [Int: [Int]] = [:]
    for path in stage.itemInserts + stage.itemMoves.map(\.target)
    where !arrivingSections.contains(path.section) {
      arriving[path.section, default: []].append(path.item)
    }
    for key in leaving.keys { leaving[key]?.sort() }
    for key in arriving.keys { arriving[key]?.sort() }

    var steps: [StageStep] = []
    steps.reserveCapacity(stage.changeCount + stage.sectionMoves.count + stage.itemMoves.count)
    for section in leaving.keys.sorted(by: >) {
      for item in (leaving[section] ?? []).reversed() {
        steps.append(.deleteItem(ItemPath(item: item, section: section)))
      }
    }
    for index in leavingSections.sorted(by: >) { steps.append(.deleteSection(index)) }
    for index in arrivingSections.sorted() { steps.append(.insertSection(index)) }
    for section in arriving.keys.sorted() {
      for item in arriving[section] ?? [] {
        steps.append(.insertItem(ItemPath(item: item, section: section)))
      }
    }
    var reloadedSections = Set<Int>()
    for index in stage.sectionReloads.sorted() {
      guard let target = sectionTargets[index] else { continue }
      reloadedSections.insert(target)
      steps.append(.reloadSection(target))
    }
    for path in stage.itemReloads.sorted() {
      guard let target = sectionTargets[path.section], !reloadedSections.contains(target) else {
        continue
      }
      let item = Self.newIndex(
        of: path.item, leaving: leaving[path.section] ?? [], arriving: arriving[target] ?? [])
      steps.append(.reloadItem(ItemPath(item: item, section: target)))
    }
    self.steps = steps
  }

  /// Where an item that stays lands: its old index less the items that left before it, then
  /// pushed past every arriving item at or before that position.
  private static func newIndex(of old: Int, leaving: [Int], arriving: [Int]) -> Int {
    var index = old - leaving.prefix { $0 < old }.count
    for position in arriving {
      guard position <= index else { break }
      index += 1
    }
    return index
  }
}

/// One sequential step of a stage; see ``StageSteps`` for the order and the indices they use.
public enum StageStep: Hashable, Sendable, CustomStringConvertible {
  /// Removes the item at the path.
  case deleteItem(ItemPath)
  /// Removes the section at the index, with its items.
  case deleteSection(Int)
  /// Inserts the stage data's section at the index, with its items.
  case insertSection(Int)
  /// Inserts the stage data's item at the path.
  case insertItem(ItemPath)
  /// Replaces the section at the index, its items included, with the stage data's.
  case reloadSection(Int)
  /// Replaces the item at the path with the stage data's.
  case reloadItem(ItemPath)

  public var description: String {
    switch self {
    case .deleteItem(let path): "deleteItem \(path)"
    case .deleteSection(let index): "deleteSection \(index)"
    case .insertSection(let index): "insertSection \(index)"
    case .insertItem(let path): "insertItem \(path)"
    case .reloadSection(let index): "reloadSection \(index)"
    case .reloadItem(let path): "reloadItem \(path)"
    }
  }
}

extension Changeset {
  /// This stage as single steps to take one after another; see ``StageSteps``.
  public var sequentialSteps: [StageStep] { StageSteps(self).steps }
}
