import Testing
import Trellis
import TrellisExamples

@testable import TrellisWeb

/// What a screen reader is told of lists and their sections: a choice says whether it is
/// chosen, the Edit button whether the table is editing, a list counts only its items, the
/// section index follows the list, a footer describes its section's fields, and a game's
/// messages are text, not buttons.
@Suite("Accessibility of lists, choices and sections in HTML")
struct AccessibleListHTMLTests {
  /// The rows of a table of one section.
  func rows(_ section: Section) -> [RowSnapshot] {
    let model = TableModel(title: "Colour")
    model.addSection(section)
    return model.processChanges().target.sections.flatMap(\.items)
  }

  @Test func aChoiceSaysWhetherItIsChosenUnderOneName() throws {
    let colours = SelectionSection(
      id: "colours", items: ["Red", "Green"], read: { "Red" }, write: { _ in nil })
    let rows = rows(colours)
    let renderer = HTMLRenderer()
    let red = renderer.row(rows[0], index: 0, editing: false, key: "a")
    let green = renderer.row(rows[1], index: 1, editing: false, key: "b")
    #expect(red.contains(#"<button type="button" class="cell select" aria-pressed="true">"#))
    #expect(green.contains(#"<button type="button" class="cell select" aria-pressed="false">"#))
    // The mark is drawn, not said: the name stays "Red" whether it is chosen or not.
    #expect(red.contains(#"<span class="accessory check" aria-hidden="true">✓</span>"#))
    #expect(!red.contains("aria-label"))
  }

  @Test func aPlainRowIsNoToggle() {
    let row = RowSnapshot(Row(id: RowID(.string("p")), kind: .plain, text: "Call mum"))
    #expect(!HTMLRenderer().row(row, index: 0, editing: false).contains("aria-pressed"))
  }

  @Test func theEditButtonSaysWhetherTheTableIsEditing() {
    var screen = ScreenSnapshot(title: "Tasks", table: TableSnapshot(sections: []))
    screen.barButtons = [BarButton(.edit, .right)]
    #expect(HTMLRenderer().bar(screen).contains(#"aria-pressed="false">Edit</button>"#))
    screen.isEditing = true
    #expect(HTMLRenderer().bar(screen).contains(#"aria-pressed="true">Done</button>"#))
  }

  @Test func theNewRowIsNoItemOfItsList() {
    let renderer = HTMLRenderer()
    for kind in [RowKind.addItem, .loadMore, .placeholder] {
      let row = RowSnapshot(Row(id: RowID(.string("n")), kind: kind, text: "New Task"))
      #expect(
        renderer.row(row, index: 3, editing: false).hasPrefix(
          #"<li class="row k-\#(kind.rawValue)" data-kind="\#(kind.rawValue)" role="none""#))
    }
    let task = RowSnapshot(Row(id: RowID(.string("t")), kind: .plain, text: "Call mum"))
    #expect(!renderer.row(task, index: 0, editing: false).contains("role="))
  }

  /// A section of `count` items between rows of `before` and `after` kinds.
  func virtualSection(count: Int, before: [RowKind] = [], after: [RowKind] = [])
    -> SnapshotSection<SectionSnapshot, RowSnapshot>
  {
    func row(_ kind: RowKind, _ name: String) -> RowSnapshot {
      RowSnapshot(Row(id: RowID(.string(name)), kind: kind, text: name))
    }
    let items = (0..<count).map { row(.plain, "Item \($0)") }
    return SnapshotSection(
      SectionSnapshot(id: "items"),
      items: before.map { row($0, "\($0)") } + items + after.map { row($0, "\($0)") })
  }

  /// A long list's page holds a window of its rows, each placed among the list's items by
  /// what the list says: New… and Load more are no items, so the list of 50 is one of 50.
  @Test func aVirtualListCountsOnlyItsItems() {
    let renderer = HTMLRenderer(virtualThreshold: 20, initialWindow: 10)
    let list = renderer.section(
      virtualSection(count: 50, after: [.loadMore, .addItem]), index: 0, editing: false)
    #expect(list.contains(#"data-count="52" data-items="50" data-virtual"#))
    #expect(!list.contains("data-lead"))
    // New… at the top: the items' places start after it.
    let led = renderer.section(
      virtualSection(count: 50, before: [.addItem], after: [.loadMore]), index: 0,
      editing: false)
    #expect(led.contains(#"data-count="52" data-items="50" data-lead="1" data-virtual"#))
    // A short list is counted by the browser itself, which skips rows that are no items.
    let short = HTMLRenderer(virtualThreshold: 200).section(
      virtualSection(count: 50, after: [.addItem]), index: 0, editing: false)
    #expect(!short.contains("data-items"))
  }

  @Test func theSectionIndexFollowsTheList() throws {
    let model = TableModel(title: "Contacts")
    for letter in ["A", "B"] {
      let section = Section(id: letter, header: letter)
      section.indexTitle = letter
      section.addRow("\(letter)da")
      model.addSection(section)
    }
    let table = model.processChanges().target
    let html = HTMLRenderer().screen(ScreenSnapshot(title: "Contacts", table: table))
    let index = try #require(html.range(of: #"<nav class="section-index""#))
    let lastRow = try #require(html.range(of: "Bda", options: .backwards))
    #expect(lastRow.upperBound < index.lowerBound)
    #expect(html.hasSuffix("</nav></div>"))
  }

  /// A field, a text and another field.
  func notedRows() -> [Row] {
    let profile = DocumentObject(["nick": "", "public": true])
    var nick = Row(id: RowID(.string("nick")), kind: .textField, text: "Nickname")
    nick.binding = RowBinding(profile, keyPath: "nick")
    var open = Row(id: RowID(.string("public")), kind: .switch, text: "Public")
    open.binding = RowBinding(profile, keyPath: "public")
    return [nick, Row(id: RowID(.string("about")), kind: .label, text: "About"), open]
  }

  /// A section of ``notedRows()`` under a footer.
  func notedSection() -> Section {
    let section = Section(id: "profile", footer: "Shown to everyone.")
    section.setRows(notedRows())
    return section
  }

  @Test func aFooterDescribesEveryFieldOfItsSection() throws {
    let model = TableModel(title: "Profile")
    model.addSection(notedSection())
    let table = model.processChanges().target
    let html = HTMLRenderer().screen(
      ScreenSnapshot(title: "Profile", table: table), rowKey: RowKeys.key)
    let note = "note-" + RowKeys.key(for: table.sections[0].items[0].id)
    #expect(html.contains(#"<div class="section-footer" id="\#(note)">Shown to everyone.</div>"#))
    #expect(html.components(separatedBy: #"aria-describedby="\#(note)""#).count == 3)
  }

  @Test func aFieldsValidationMessageComesBeforeItsFooter() {
    var row = Row(id: RowID(.string("n")), kind: .textField, text: "Name")
    row.binding = RowBinding(DocumentObject(["name": ""]), keyPath: "name")
    row.validationMessage = "Name is required"
    let html = HTMLRenderer().row(
      RowSnapshot(row), index: 0, editing: false, key: "r1", footnote: "note-r1")
    #expect(html.contains(#"aria-describedby="validation-r1 note-r1""#))
  }

  @Test func aFooterOfNoFieldDescribesNothing() {
    let section = Section(id: "about", footer: "Version 2.")
    section.addRow("Licence")
    let model = TableModel(title: "About")
    model.addSection(section)
    let html = HTMLRenderer().screen(
      ScreenSnapshot(title: "About", table: model.processChanges().target), rowKey: RowKeys.key)
    #expect(html.contains(#"<div class="section-footer">Version 2.</div>"#))
    #expect(!html.contains("aria-describedby"))
  }

  /// A new first field renames the footer: the section is drawn again whole, its footer and
  /// fields agreeing on the new name.
  @Test func aNewFirstFieldDrawsItsSectionAgain() throws {
    let model = TableModel(title: "Profile")
    let section = notedSection()
    model.addSection(section)
    let old = model.processChanges().target
    var changesets: [TableChangeset] = []
    let token = model.observe { changesets.append($0) }
    var first = Row(id: RowID(scope: "test", .string("email")), kind: .textField, text: "Email")
    first.binding = RowBinding(DocumentObject(["email": ""]), keyPath: "email")
    section.setRows([first] + notedRows())
    model.processChanges()
    token.cancel()
    let stage = try #require(changesets.first?.stages.first)
    let drawing = PageDrawing(renderer: HTMLRenderer(), rowHTML: RowHTMLCache())
    let steps = drawing.steps(from: old, stage: stage, editing: false)
    let note = "note-" + RowKeys.key(for: first.id)
    let whole = try #require(
      steps.map(drawing.op).last { $0.op == "replaceSection" }?.html)
    #expect(whole.contains(#"id="\#(note)""#))
    #expect(whole.components(separatedBy: #"aria-describedby="\#(note)""#).count == 4)
  }

  @Test func goFishSaysWhatHappenedAsText() throws {
    let game = GoFishGame.seedExample()
    let navigator = GoFishTable.playableNavigator(for: game)
    game.playTurn()
    let sections = navigator.top.model.processChanges().target.sections
    let renderer = HTMLRenderer()
    for id in ["turn", "books", "opponents"] {
      let section = try #require(sections.first { $0.model.id == id })
      for (index, row) in section.items.enumerated() {
        #expect(!renderer.row(row, index: index, editing: false).contains("<button"))
      }
    }
    let cards = try #require(sections.first { $0.model.id == "cards" })
    let card = try #require(cards.items.first)
    #expect(renderer.row(card, index: 0, editing: false).contains("<button"))
  }
}
