import Foundation
import TrellisDiff
import TrellisTesting

/// A rand5 element: an integer identifier and a heap-allocated title.
struct TitledElement: Diffable, Hashable {
  var id: Int
  var title: String
  var diffID: Int { id }

  init(id: Int) {
    self.id = id
    // Longer than 15 UTF-8 bytes, so the string lives on the heap.
    title = "Element number \(id), with a title"
  }
}

/// A section of the sectioned case.
struct BenchSection: Diffable, Hashable {
  var id: Int
  var diffID: Int { id }
}

extension UUID: Diffable {}

/// Builds the seeded inputs of each case.
enum DiffBenchInputs {
  /// dk100k: 100,000 UUIDs; delete 20000..<30000, insert 10,000 new at 30000, shuffle 0..<2000.
  static func dk100k() -> (old: [UUID], new: [UUID]) {
    var random = SeededRandom(seed: 100_000)
    func uuid() -> UUID {
      let a = random.next()
      let b = random.next()
      return withUnsafeBytes(of: (a, b)) { bytes in
        UUID(uuid: bytes.load(as: uuid_t.self))
      }
    }
    let old = (0..<100_000).map { _ in uuid() }
    var new = old
    new.removeSubrange(20_000..<30_000)
    new.insert(contentsOf: (0..<10_000).map { _ in uuid() }, at: 30_000)
    new[0..<2_000].shuffle(using: &random)
    return (old, new)
  }

  /// rand5: delete 5 % at random, move 5 % at random, insert 5 % new at random positions.
  static func rand5(count: Int, seed: UInt64) -> (old: [TitledElement], new: [TitledElement]) {
    var random = SeededRandom(seed: seed)
    let old = (0..<count).map(TitledElement.init(id:))
    var nextID = count
    let new = churn(old, random: &random) {
      defer { nextID += 1 }
      return TitledElement(id: nextID)
    }
    return (old, new)
  }

  /// sectioned: 100 sections × 1,000 rows, rand5 churn over the rows (moves may cross
  /// sections), 2 section deletes, 2 section inserts and 5 section moves.
  static func sectioned() -> (
    old: Snapshot<BenchSection, TitledElement>, new: Snapshot<BenchSection, TitledElement>
  ) {
    var random = SeededRandom(seed: 424_242)
    let sectionCount = 100
    let rows = 1_000
    let old = Snapshot(
      sections: (0..<sectionCount).map { s in
        SnapshotSection(
          BenchSection(id: s), items: (0..<rows).map { TitledElement(id: s * rows + $0) })
      })
    // Row churn over the flattened rows, then cut back into sections of the churned sizes.
    let flat = old.sections.flatMap(\.items)
    var nextID = sectionCount * rows
    let churned = churn(flat, random: &random) {
      defer { nextID += 1 }
      return TitledElement(id: nextID)
    }
    var sections: [SnapshotSection<BenchSection, TitledElement>] = []
    var start = 0
    for s in 0..<sectionCount {
      let end = s == sectionCount - 1 ? churned.count : min(start + rows, churned.count)
      sections.append(SnapshotSection(BenchSection(id: s), items: Array(churned[start..<end])))
      start = end
    }
    // Section churn: 2 deletes, 2 inserts, 5 moves.
    for _ in 0..<2 { sections.remove(at: Int.random(in: 0..<sections.count, using: &random)) }
    for k in 0..<2 {
      let items = (0..<rows).map { TitledElement(id: 10_000_000 + k * rows + $0) }
      sections.insert(
        SnapshotSection(BenchSection(id: sectionCount + k), items: items),
        at: Int.random(in: 0...sections.count, using: &random))
    }
    for _ in 0..<5 {
      let moved = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
      sections.insert(moved, at: Int.random(in: 0...sections.count, using: &random))
    }
    return (old, Snapshot(sections: sections))
  }

  /// Deletes 5 %, moves 5 % and inserts 5 % new elements, each at random positions, in
  /// O(n log n): moved and new elements are dealt into random gaps of what stays.
  static func churn<E>(
    _ old: [E], random: inout SeededRandom, makeNew: () -> E
  ) -> [E] {
    let fraction = max(old.count / 20, 1)
    var fate = [UInt8](repeating: 0, count: old.count)  // 0 stays, 1 deleted, 2 moved
    var indices = Array(old.indices)
    indices.shuffle(using: &random)
    for k in indices.prefix(fraction) { fate[k] = 1 }
    for k in indices.dropFirst(fraction).prefix(fraction) { fate[k] = 2 }
    var base: [E] = []
    var dealt: [(gap: Int, element: E)] = []
    base.reserveCapacity(old.count)
    for k in old.indices where fate[k] == 0 { base.append(old[k]) }
    for k in old.indices where fate[k] == 2 {
      dealt.append((Int.random(in: 0...base.count, using: &random), old[k]))
    }
    for _ in 0..<fraction {
      dealt.append((Int.random(in: 0...base.count, using: &random), makeNew()))
    }
    dealt.sort { $0.gap < $1.gap }
    var result: [E] = []
    result.reserveCapacity(base.count + dealt.count)
    var next = 0
    for gap in 0...base.count {
      while next < dealt.count, dealt[next].gap == gap {
        result.append(dealt[next].element)
        next += 1
      }
      if gap < base.count { result.append(base[gap]) }
    }
    return result
  }
}
