import Testing
import TrellisDiff

@testable import TrellisWeb

private final class Holder {}

/// A long value is shown cut in a cell's label, and whole in the control that edits it: a list
/// row carries a line's worth of its title to every page that shows it, not the whole value.
@Suite("Long labels")
struct LongLabelTests {
  static let long = String(repeating: "Ä long title. ", count: 15_000)

  @Test func aListRowWithAHugeTitleSendsALabelsWorth() {
    var row = Row(id: RowID(.string("task")), kind: .object, text: Self.long)
    row.detailText = Self.long
    row.isMovable = true
    row.isDeletable = true
    row.editingStyle = .delete
    let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: true)
    // The title, the detail and four labels of edit buttons, each cut to a label's length.
    #expect(html.utf8.count < 16 * HTML.labelLimit, "\(html.utf8.count) bytes")
    #expect(html.contains(String(Self.long.prefix(HTML.labelLimit)) + "…"))
  }

  @Test func aFieldEditsTheWholeValue() {
    let holder = Holder()
    var row = Row(id: RowID(.string("notes")), kind: .textField, text: Self.long)
    row.binding = RowBinding(object: holder, name: "value") { .string(Self.long) }
    let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false)
    #expect(html.contains(HTML.escape(Self.long)))
    // Its label is cut like any other.
    #expect(html.utf8.count < Self.long.utf8.count + 4 * HTML.labelLimit)
  }

  @Test func aShortTextIsShownWhole() {
    #expect(HTML.label("Buy milk") == "Buy milk")
    let exact = String(repeating: "é", count: HTML.labelLimit)
    #expect(HTML.label(exact) == exact)
    #expect(HTML.label(exact + "x") == exact + "…")
  }

  @Test func aLongScreenTitleIsCut() {
    let html = HTMLRenderer().bar(
      ScreenSnapshot(title: Self.long, table: TableSnapshot(sections: [])))
    #expect(html.utf8.count < 4 * HTML.labelLimit)
  }
}
