import Foundation
import Observation
import Testing
import TrellisDiff
import TrellisTesting

@testable import Trellis

/// An observed item whose text and visibility a test changes at random.
@Observable
private final class Item {
  var text: String
  var isShown: Bool

  init(text: String, isShown: Bool) {
    self.text = text
    self.isShown = isShown
  }
}

/// Changes that only make rows stale take the row-local path: the changeset is built from the
/// changed rows alone, and must be exactly what diffing the whole table gives.
@Suite("Row-local updates")
struct RowLocalUpdateTests {
  /// Three sections of observed items; every row's text and visibility follow its item.
  private func model(_ items: [[Item]], theme: Theme? = nil) -> TableModel {
    let model = TableModel(title: "Items")
    model.theme = theme
    for (index, content) in items.enumerated() {
      model.addSection(
        ContentSection(id: "s\(index)", header: "Section \(index)", content: content) {
          item, row in
          row.text = item.text
          row.isVisible = item.isShown
        })
    }
    return model
  }

  private func items(_ random: inout SeededRandom) -> [[Item]] {
    (0..<3).map { s in
      (0..<Int.random(in: 0...12, using: &random)).map { i in
        Item(text: "\(s).\(i)", isShown: Bool.random(using: &random))
      }
    }
  }

  @Test(arguments: [false, true])
  func randomRowChangesEqualAFullDiff(themed: Bool) throws {
    let theme = themed ? try TestFixtures.seedTheme() : nil
    for seed in 0..<200 {
      var random = SeededRandom(seed: UInt64(seed) &* 31 &+ (themed ? 1 : 0))
      let content = items(&random)
      let model = model(content, theme: theme)
      let host = HeadlessHost(model: model)
      let all = content.flatMap { $0 }
      guard !all.isEmpty else { continue }
      for _ in 0..<20 {
        let before = model.shown
        // One to four items change their text, their visibility, or both.
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let item = all[Int.random(in: 0..<all.count, using: &random)]
          switch Int.random(in: 0..<3, using: &random) {
          case 0: item.text += "'"
          case 1: item.isShown.toggle()
          default:
            item.text += "*"
            item.isShown.toggle()
          }
        }
        let changeset = model.processChanges()
        let expected = TableChangeset.reconciling(from: before, to: changeset.target)
        #expect(changeset.target == model.freshSnapshot(), "seed \(seed)")
        #expect(changeset.totals == expected.totals, "seed \(seed)")
        #expect(changeset.stages.count <= 1, "seed \(seed)")
        try host.check()
      }
    }
  }

  @Test func oneEditReloadsOneRowInPlace() throws {
    let rows = (0..<1_000).map { Item(text: "Row \($0)", isShown: $0 % 3 != 0) }
    let model = model([rows])
    let host = HeadlessHost(model: model)
    rows[500].text = "Changed"
    try host.check()
    // Row 500 is the 334th visible row: 500 minus the 167 hidden rows (0, 3, …, 498) before it.
    let last = try #require(host.changesets.last)
    #expect(last.stages.count == 1)
    #expect(last.stages[0].itemReloads == [ItemPath(item: 333, section: 0)])
    #expect(last.totals.itemInserts == 0 && last.totals.itemDeletes == 0)
    #expect(host.rows(inSection: 0)[333].text == "Changed")
  }

  @Test func rowsAppearAndDisappearAtTheirVisiblePositions() throws {
    let rows = (0..<10).map { Item(text: "Row \($0)", isShown: $0 % 2 == 0) }
    let model = model([rows])
    let host = HeadlessHost(model: model)
    #expect(host.texts == [["Row 0", "Row 2", "Row 4", "Row 6", "Row 8"]])
    rows[3].isShown = true
    rows[4].isShown = false
    rows[8].text = "Eight"
    try host.check()
    let stage = try #require(host.changesets.last?.stages.first)
    #expect(stage.itemDeletes == [ItemPath(item: 2, section: 0)])
    #expect(stage.itemInserts == [ItemPath(item: 2, section: 0)])
    #expect(stage.itemReloads == [ItemPath(item: 4, section: 0)])
    #expect(host.texts == [["Row 0", "Row 2", "Row 3", "Row 6", "Eight"]])
  }

  @Test func aChangeThatShowsNothingNewDeliversNothing() throws {
    let rows = [Item(text: "A", isShown: false), Item(text: "B", isShown: true)]
    let model = model([rows])
    let host = HeadlessHost(model: model)
    rows[0].text = "Hidden change"
    let changeset = model.processChanges()
    #expect(changeset.isEmpty)
    #expect(host.changesets.isEmpty)
  }

  @Test func theChangeLimitStillTurnsALargeChangeIntoAReload() throws {
    let rows = (0..<20).map { Item(text: "Row \($0)", isShown: true) }
    let model = model([rows])
    model.diffOptions = DiffOptions(maxChangeCount: 5)
    let host = HeadlessHost(model: model)
    for row in rows { row.text += "!" }
    try host.check()
    #expect(host.changesets.last?.fullReload != nil)
    #expect(host.texts[0].allSatisfy { $0.hasSuffix("!") })
  }
}
