import Foundation
import Observation
import Testing
import TrellisDiff
import TrellisTesting

@testable import Trellis

/// An observed element whose text a test changes.
@Observable
private final class Entry {
  var text: String
  init(_ text: String) { self.text = text }
}

/// How many rows a section rendered.
private final class Counter {
  var count = 0
}

/// Sections that render rows on demand: identities at once, fields when a host reads them.
@Suite("Rows rendered on demand")
struct DeferredRowsTests {
  /// A model of one on-demand section over `entries`, counting how many rows were rendered.
  private func model(_ entries: [Entry], theme: Theme? = nil, onDemand: Bool = true) -> (
    TableModel, ContentSection<Entry>, Counter
  ) {
    let rendered = Counter()
    let model = TableModel(title: "Entries")
    model.theme = theme
    let section = ContentSection(id: "entries", header: "Entries", content: entries) {
      entry, row in
      rendered.count += 1
      row.text = entry.text
    }
    section.rendersRowsOnDemand = onDemand
    model.addSection(section)
    return (model, section, rendered)
  }

  @Test func openingRendersNoRowAndReadingOneRendersOne() throws {
    let entries = (0..<10_000).map { Entry("Entry \($0)") }
    let (model, _, rendered) = model(entries)
    let snapshot = model.shown
    #expect(snapshot.sections[0].items.count == 10_000)
    #expect(snapshot.sections[0].items[42].id == RowID(object: entries[42]))
    #expect(rendered.count == 0, "identities need no rendering")
    #expect(snapshot.sections[0].items[42].text == "Entry 42")
    #expect(snapshot.sections[0].items[42].text == "Entry 42")
    #expect(rendered.count == 1, "one row read, one row rendered, once")
  }

  @Test func aRowOnScreenIsReloadedAndARowNeverShownIsNot() throws {
    let entries = (0..<100).map { Entry("Entry \($0)") }
    let (model, _, _) = model(entries)
    let shown = model.shown
    _ = shown.sections[0].items[3].text  // a host shows row 3
    entries[3].text = "Changed"
    entries[70].text = "Changed too"  // never shown: nothing on screen is stale
    let changeset = model.processChanges()
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemReloads == [ItemPath(item: 3, section: 0)])
    #expect(changeset.target.sections[0].items[3].text == "Changed")
    #expect(changeset.target.sections[0].items[70].text == "Changed too")
  }

  @Test func structuralChangesAreDiffedByIdentityAlone() throws {
    let entries = (0..<1_000).map { Entry("Entry \($0)") }
    let (model, section, rendered) = model(entries)
    let host = HeadlessHost(model: model)
    let fresh = Entry("New")
    section.content.insert(fresh, at: 10)
    section.content.remove(at: 500)
    try host.check()
    let totals = try #require(host.changesets.last).totals
    #expect(totals.itemInserts == 1 && totals.itemDeletes == 1 && totals.itemReloads == 0)
    #expect(totals.itemMoves == 0)
    let before = rendered.count
    let texts = host.rows(inSection: 0).map { $0.text ?? "" }
    #expect(texts == section.content.map(\.text))
    #expect(rendered.count > before, "reading the rows rendered them")
  }

  /// A row a host read keeps being followed after an insert above it moves it (a host does
  /// not read a row again because it moved): a later change to its element reloads it.
  @Test func aRowReadBeforeAnInsertAboveItIsReloadedWhenItChanges() throws {
    let entries = (0..<200).map { Entry("Entry \($0)") }
    let (model, section, _) = model(entries)
    _ = model.shown.sections[0].items[50].text  // a host shows row 50
    section.content.insert(Entry("New"), at: 0)
    let insert = model.processChanges()
    #expect(insert.stages.map(\.itemInserts) == [[ItemPath(item: 0, section: 0)]])
    entries[50].text = "Changed"
    let change = model.processChanges()
    #expect(change.stages.count == 1)
    #expect(change.stages.first?.itemReloads == [ItemPath(item: 51, section: 0)])
    #expect(change.target.sections[0].items[51].text == "Changed")
  }

  @Test func anOldSnapshotKeepsShowingTheElementsItWasMadeOf() throws {
    let (model, section, _) = model([Entry("One"), Entry("Two")])
    let old = model.shown
    section.content = [Entry("Three")]
    _ = model.shown
    #expect(old.sections[0].items.map(\.text) == ["One", "Two"])
  }

  @Test func rowsCannotHideThemselves() throws {
    let model = TableModel()
    let section = ContentSection(content: ["a", "b", "c"]) { text, row in
      row.text = text
      row.isVisible = text != "b"
    }
    section.rendersRowsOnDemand = true
    model.addSection(section)
    #expect(model.shown.sections[0].items.map(\.text) == ["a", "b", "c"])
  }

  @Test(arguments: [false, true])
  func onDemandRowsEqualRowsRenderedUpFront(themed: Bool) throws {
    let theme = themed ? try TestFixtures.seedTheme() : nil
    let entries = (0..<50).map { Entry("Entry \($0)") }
    let onDemand = model(entries, theme: theme).0
    let upFront = model(entries, theme: theme, onDemand: false).0
    #expect(onDemand.shown == upFront.shown)
    entries[7].text = "Seven"
    _ = onDemand.shown.sections[0].items[7].text
    #expect(onDemand.shown == upFront.shown)
  }
}
