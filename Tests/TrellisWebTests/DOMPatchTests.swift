import Testing
import TrellisDiff
import TrellisTesting

@testable import TrellisWeb

/// An item with an identity and a text: a text change reloads its row.
private struct Item: Identifiable, Hashable {
  var id: Int
  var text: String
}

/// A page as the client holds it, patched step by step.
private struct SimulatedPage {
  var sections: [SnapshotSection<SectionSnapshot, RowSnapshot>]

  mutating func apply(_ patches: [DOMPatch]) {
    for patch in patches {
      switch patch {
      case .deleteRow(let s, let r): sections[s].items.remove(at: r)
      case .insertRow(let s, let r, let row): sections[s].items.insert(row, at: r)
      case .replaceRow(let s, let r, let row): sections[s].items[r] = row
      case .deleteSection(let s): sections.remove(at: s)
      case .insertSection(let s, let section): sections.insert(section, at: s)
      case .replaceSection(let s, let section): sections[s] = section
      }
    }
  }
}

@Suite("DOM patches from staged changesets")
struct DOMPatchTests {
  private func makeModel(_ contents: [[Item]]) -> (TableModel, [ContentSection<Item>]) {
    let model = TableModel()
    var sections: [ContentSection<Item>] = []
    for (index, content) in contents.enumerated() {
      let section = ContentSection<Item>(id: "s\(index)", header: "S\(index)", content: content) {
        item, row in row.text = item.text
      }
      section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true)
      sections.append(section)
      model.addSection(section)
    }
    return (model, sections)
  }

  /// Applies every stage's patches to the page and checks it equals the stage's data.
  private func check(
    _ model: TableModel, from old: TableSnapshot, threshold: Int = .max,
    _ change: () throws -> Void
  ) rethrows {
    var changesets: [TableChangeset] = []
    let token = model.observe { changesets.append($0) }
    try change()
    model.processChanges()
    token.cancel()
    var shown = old
    var page = SimulatedPage(sections: old.sections)
    for changeset in changesets {
      #expect(changeset.fullReload == nil)
      for stage in changeset.stages {
        let patches = DOMPatch.patches(from: shown, stage: stage, isVirtual: { $0 > threshold })
        page.apply(patches)
        for (index, section) in stage.data.sections.enumerated()
        where section.items.count <= threshold {
          #expect(page.sections[index].model == section.model)
          #expect(page.sections[index].items == section.items)
        }
        #expect(page.sections.count == stage.data.sections.count)
        shown = stage.data
      }
    }
  }

  @Test func insertsDeletesMovesAndReloadsInOneSection() throws {
    let (model, sections) = makeModel([(0..<8).map { Item(id: $0, text: "Item \($0)") }])
    let old = model.processChanges().target
    check(model, from: old) {
      var content = sections[0].content
      content.remove(at: 2)
      content.insert(Item(id: 100, text: "New"), at: 0)
      content.swapAt(3, 6)
      content[1].text = "Renamed"
      sections[0].content = content
    }
  }

  @Test func sectionsAreInsertedRemovedAndRowsMoveBetweenSections() throws {
    let (model, sections) = makeModel([
      (0..<4).map { Item(id: $0, text: "A\($0)") }, (10..<13).map { Item(id: $0, text: "B\($0)") },
    ])
    var old = model.processChanges().target
    try check(model, from: old) {
      try model.moveRow(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 1))
    }
    old = model.processChanges().target
    check(model, from: old) {
      let extra = ContentSection<Item>(
        id: "extra", header: "Extra", content: [Item(id: 50, text: "X")]
      ) {
        item, row in row.text = item.text
      }
      model.insertSection(extra, at: 1)
      sections[1].content.removeAll()
    }
    old = model.processChanges().target
    try check(model, from: old) { try model.removeSection(at: 0) }
  }

  @Test(arguments: 0..<40)
  func randomChangesLeaveThePageEqualToTheModel(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 1)
    var next = 1000
    let (model, sections) = makeModel(
      (0..<3).map { s in
        (0..<Int.random(in: 0...12, using: &random)).map { Item(id: s * 100 + $0, text: "R\($0)") }
      })
    for _ in 0..<4 {
      let old = model.processChanges().target
      check(model, from: old, threshold: seed % 2 == 0 ? .max : 6) {
        for section in sections {
          var content = section.content
          for _ in 0..<Int.random(in: 0...5, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !content.isEmpty:
              content.remove(at: Int.random(in: 0..<content.count, using: &random))
            case 1:
              next += 1
              content.insert(
                Item(id: next, text: "N\(next)"),
                at: Int.random(in: 0...content.count, using: &random))
            case 2 where content.count > 1:
              let a = Int.random(in: 0..<content.count, using: &random)
              content.swapAt(a, Int.random(in: 0..<content.count, using: &random))
            case 3 where !content.isEmpty:
              content[Int.random(in: 0..<content.count, using: &random)].text += "'"
            default: break
            }
          }
          section.content = content
        }
      }
    }
  }

  @Test func virtualSectionsAreReplacedWholeNeverRowByRow() {
    let (model, sections) = makeModel([(0..<50).map { Item(id: $0, text: "V\($0)") }])
    let old = model.processChanges().target
    var changesets: [TableChangeset] = []
    let token = model.observe { changesets.append($0) }
    sections[0].content.remove(at: 10)
    sections[0].content[3].text = "changed"
    model.processChanges()
    token.cancel()
    let stages = changesets.flatMap(\.stages)
    #expect(!stages.isEmpty)
    var shown = old
    for stage in stages {
      let patches = DOMPatch.patches(from: shown, stage: stage, isVirtual: { $0 > 20 })
      for patch in patches {
        switch patch {
        case .replaceSection(0, let section):
          #expect(section.items.count == stage.data.sections[0].items.count)
        default: Issue.record("a row step in a virtual section: \(patch)")
        }
      }
      shown = stage.data
    }
  }

  @Test func aReloadInAVirtualSectionReplacesOnlyThatRow() {
    let (model, sections) = makeModel([(0..<50).map { Item(id: $0, text: "V\($0)") }])
    let old = model.processChanges().target
    var changesets: [TableChangeset] = []
    let token = model.observe { changesets.append($0) }
    sections[0].content[30].text = "changed"
    model.processChanges()
    token.cancel()
    var shown = old
    var replaced: [Int] = []
    for stage in changesets.flatMap(\.stages) {
      for patch in DOMPatch.patches(from: shown, stage: stage, isVirtual: { $0 > 20 }) {
        guard case .replaceRow(0, let row, let snapshot) = patch else {
          Issue.record("expected one row replaced, got \(patch)")
          continue
        }
        #expect(snapshot.text == "changed")
        replaced.append(row)
      }
      shown = stage.data
    }
    #expect(replaced == [30])
  }
}
