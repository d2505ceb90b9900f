import TrellisDiff

/// An item with an identifier and a content version: same id, other version = a reload.
struct TestItem: Diffable, Hashable, CustomStringConvertible {
  var id: Int
  var version: Int = 0
  var diffID: Int { id }
  var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// A section with an identifier and a header.
struct TestSection: Diffable, Hashable, CustomStringConvertible {
  var id: Int
  var header: String = ""
  var diffID: Int { id }
  var description: String { "S\(id)\(header)" }
}

typealias TestSnapshot = Snapshot<TestSection, TestItem>

/// Builds a snapshot from `[(sectionID, [itemID])]`.
func snapshot(_ sections: [(Int, [Int])]) -> TestSnapshot {
  Snapshot(
    sections: sections.map {
      SnapshotSection(TestSection(id: $0.0), items: $0.1.map { TestItem(id: $0) })
    })
}

/// A small, fast, seeded generator (SplitMix64), so every failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
