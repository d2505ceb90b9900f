import Trellis

/// The section index a table shows at its side: the titles, and the section each scrolls to.
public struct SectionIndex: Hashable, Sendable {
  /// The titles, in order.
  public var titles: [String]
  /// For each title, its section.
  public var sections: [Int]

  /// The index of `table`: the sections that have an index title.
  public init(_ table: TableSnapshot) {
    titles = []
    sections = []
    for (s, section) in table.sections.enumerated() {
      guard let title = section.model.indexTitle else { continue }
      titles.append(title)
      sections.append(s)
    }
  }

  /// The section the title at `index` scrolls to.
  public func section(forTitleAt index: Int) -> Int {
    sections.indices.contains(index) ? sections[index] : 0
  }
}
