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
