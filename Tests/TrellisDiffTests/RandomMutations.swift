import TrellisDiff
import TrellisTesting

/// One random edit of a snapshot, as a user or a store would make it.
enum Mutation: CaseIterable {
  case deleteItem, insertItem, moveItem, moveItemAcrossSections, reloadItem
  case deleteSection, insertSection, insertEmptySection, moveSection, reloadSection
  case clearSection, clearEverything
}

/// Makes seeded random snapshots and random mutation sequences over them.
///
/// Identifiers are unique by construction: every new item or section takes the next number
/// from a counter, so a failure is always the engine's, never the generator's.
struct MutationGenerator {
  var random: SeededRandom
  private var nextItem = 10_000
  private var nextSection = 100

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// A snapshot of up to `maxSections` sections of up to `maxItems` items each.
  mutating func snapshot(maxSections: Int = 5, maxItems: Int = 12) -> TestSnapshot {
    let sectionCount = Int.random(in: 0...maxSections, using: &random)
    var sections: [SnapshotSection<TestSection, TestItem>] = []
    for _ in 0..<sectionCount {
      let itemCount = Int.random(in: 0...maxItems, using: &random)
      sections.append(SnapshotSection(newSection(), items: (0..<itemCount).map { _ in newItem() }))
    }
    return Snapshot(sections: sections)
  }

  /// Applies `count` random mutations to `snapshot`.
  mutating func mutate(_ snapshot: TestSnapshot, count: Int) -> TestSnapshot {
    var result = snapshot
    for _ in 0..<count { apply(randomMutation(), to: &result) }
    return result
  }

  /// A random mutation, with clearing everything kept rare.
  mutating func randomMutation() -> Mutation {
    let roll = Int.random(in: 0..<100, using: &random)
    if roll == 0 { return .clearEverything }
    let common = Mutation.allCases.filter { $0 != .clearEverything }
    return common[roll % common.count]
  }

  /// Applies one mutation; one that does not fit the snapshot (a move with no item) does nothing.
  mutating func apply(_ mutation: Mutation, to snapshot: inout TestSnapshot) {
    switch mutation {
    case .deleteItem:
      guard let path = randomItemPath(in: snapshot) else { return }
      snapshot.sections[path.section].items.remove(at: path.item)
    case .insertItem:
      guard let section = randomSection(in: snapshot) else { return }
      let index = Int.random(in: 0...snapshot.sections[section].items.count, using: &random)
      snapshot.sections[section].items.insert(newItem(), at: index)
    case .moveItem:
      guard let path = randomItemPath(in: snapshot) else { return }
      let item = snapshot.sections[path.section].items.remove(at: path.item)
      let index = Int.random(in: 0...snapshot.sections[path.section].items.count, using: &random)
      snapshot.sections[path.section].items.insert(item, at: index)
    case .moveItemAcrossSections:
      guard let path = randomItemPath(in: snapshot), let target = randomSection(in: snapshot)
      else { return }
      let item = snapshot.sections[path.section].items.remove(at: path.item)
      let index = Int.random(in: 0...snapshot.sections[target].items.count, using: &random)
      snapshot.sections[target].items.insert(item, at: index)
    case .reloadItem:
      guard let path = randomItemPath(in: snapshot) else { return }
      snapshot.sections[path.section].items[path.item].version += 1
    case .deleteSection:
      guard let section = randomSection(in: snapshot) else { return }
      snapshot.sections.remove(at: section)
    case .insertSection, .insertEmptySection:
      let itemCount = mutation == .insertEmptySection ? 0 : Int.random(in: 1...6, using: &random)
      let index = Int.random(in: 0...snapshot.sections.count, using: &random)
      snapshot.sections.insert(
        SnapshotSection(newSection(), items: (0..<itemCount).map { _ in newItem() }), at: index)
    case .moveSection:
      guard let section = randomSection(in: snapshot) else { return }
      let moved = snapshot.sections.remove(at: section)
      let index = Int.random(in: 0...snapshot.sections.count, using: &random)
      snapshot.sections.insert(moved, at: index)
    case .reloadSection:
      guard let section = randomSection(in: snapshot) else { return }
      snapshot.sections[section].model.header += "'"
    case .clearSection:
      guard let section = randomSection(in: snapshot) else { return }
      snapshot.sections[section].items.removeAll()
    case .clearEverything:
      snapshot.sections.removeAll()
    }
  }

  private mutating func newItem() -> TestItem {
    nextItem += 1
    return TestItem(id: nextItem)
  }

  private mutating func newSection() -> TestSection {
    nextSection += 1
    return TestSection(id: nextSection)
  }

  private mutating func randomSection(in snapshot: TestSnapshot) -> Int? {
    snapshot.sections.isEmpty ? nil : Int.random(in: 0..<snapshot.sections.count, using: &random)
  }

  private mutating func randomItemPath(in snapshot: TestSnapshot) -> ItemPath? {
    let filled = snapshot.sections.indices.filter { !snapshot.sections[$0].items.isEmpty }
    guard let section = filled.randomElement(using: &random) else { return nil }
    let item = Int.random(in: 0..<snapshot.sections[section].items.count, using: &random)
    return ItemPath(item: item, section: section)
  }
}

/// The fewest moves any valid diff needs for a one-section list: matched items minus the
/// longest run of matched items that keeps its relative order. Written independently of the
/// engine (quadratic, for small inputs) so that it can check it.
func optimalMoveCount(from old: [Int], to new: [Int]) -> Int {
  let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
  let positions = new.compactMap { oldIndex[$0] }
  guard !positions.isEmpty else { return 0 }
  var longest = Array(repeating: 1, count: positions.count)
  for i in positions.indices {
    for j in 0..<i where positions[j] < positions[i] {
      longest[i] = max(longest[i], longest[j] + 1)
    }
  }
  return positions.count - (longest.max() ?? 0)
}
