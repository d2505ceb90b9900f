import Foundation
import Testing
import TrellisExamples
import TrellisSettings
import TrellisTesting

@testable import Trellis

/// Expand/collapse rows: selecting one shows or hides the rows after it, through ordinary
/// changesets that the headless table view replays.
@Suite("Expand/collapse rows")
struct ExpandCollapseRowTests {
  private func row(_ text: String, expanding children: Int? = nil, open: Bool = false) -> Row {
    var row = Row(id: RowID(.string(text)), text: text)
    if let children {
      row.expansion = RowExpansion(childRowCount: children, isInitiallyExpanded: open)
    }
    return row
  }

  /// "Top", then "More" over "A" and "Nested", which itself is over "B"; then "Last".
  private func app(theme: Theme? = nil) -> (HeadlessApp, Section) {
    let model = TableModel(title: "Rows")
    model.theme = theme
    let section = Section(id: "rows")
    section.themeStyle = theme == nil ? nil : "Striped"
    for row in [
      row("Top"), row("More", expanding: 3), row("A"), row("Nested", expanding: 1, open: true),
      row("B"), row("Last"),
    ] {
      section.addRow(row)
    }
    model.addSection(section)
    return (HeadlessApp(navigator: Navigator(root: Screen(model: model))), section)
  }

  private func select(_ text: String, in app: HeadlessApp) throws {
    let path = try #require(app.path(of: text))
    try app.send(.select(app.rowID(at: path)))
  }

  @Test func aCollapsedRowHidesItsChildrenUntilSelected() throws {
    let (app, _) = app()
    #expect(app.texts == [["Top", "More", "Last"]])
    #expect(app.row("More")?.isExpanded == false)
    #expect(app.row("Top")?.isExpanded == nil)
    try select("More", in: app)
    #expect(app.texts == [["Top", "More", "A", "Nested", "B", "Last"]])
    #expect(app.row("More")?.isExpanded == true)
    try select("More", in: app)
    #expect(app.texts == [["Top", "More", "Last"]])
    #expect(app.top.model.snapshot == app.top.model.freshSnapshot())
  }

  @Test func aNestedRowKeepsItsOwnState() throws {
    let (app, _) = app()
    try select("More", in: app)
    try select("Nested", in: app)
    #expect(app.texts == [["Top", "More", "A", "Nested", "Last"]])
    // Folding the parent hides the nested row; opening it again shows it as it was left.
    try select("More", in: app)
    try select("More", in: app)
    #expect(app.texts == [["Top", "More", "A", "Nested", "Last"]])
    try select("Nested", in: app)
    #expect(app.texts == [["Top", "More", "A", "Nested", "B", "Last"]])
  }

  @Test func theToggleInsertsAndDeletesOnlyTheChildRows() throws {
    let (app, _) = app()
    let before = app.host.totals
    try select("More", in: app)
    var totals = app.host.totals
    #expect(totals.itemInserts - before.itemInserts == 3)
    #expect(totals.itemDeletes - before.itemDeletes == 0)
    try select("More", in: app)
    totals = app.host.totals
    #expect(totals.itemDeletes - before.itemDeletes == 3)
    // The toggled row itself is reloaded (its marker turns); nothing else is touched.
    #expect(totals.itemReloads - before.itemReloads == 2)
    #expect(totals.itemMoves == before.itemMoves)
  }

  @Test func theAppCanExpandARowAndTheStateSurvivesARefresh() throws {
    let (app, section) = app()
    section.setRowExpanded(true, id: RowID(.string("More")))
    try app.host.check()
    #expect(app.texts == [["Top", "More", "A", "Nested", "B", "Last"]])
    section.headerTitle = "Renamed"
    try app.host.check()
    #expect(app.texts == [["Top", "More", "A", "Nested", "B", "Last"]])
  }

  @Test func oddAndEvenStylesFollowTheVisibleRows() throws {
    let theme = try Theme(
      parsing: """
        Striped { oddCellsThemeStyle: A; evenCellsThemeStyle: B; }
        A { backgroundColor: yellowColor; }
        B { backgroundColor: blueColor; }
        """)
    let (app, _) = app(theme: theme)
    func colours() -> [String?] {
      app.host.rows(inSection: 0).map { $0.style?.backgroundColor?.uiColorName }
    }
    #expect(colours() == ["yellowColor", "blueColor", "yellowColor"])
    try select("More", in: app)
    #expect(
      colours() == [
        "yellowColor", "blueColor", "yellowColor", "blueColor", "yellowColor", "blueColor",
      ])
    try select("More", in: app)
    #expect(colours() == ["yellowColor", "blueColor", "yellowColor"])
    #expect(app.top.model.snapshot == app.top.model.freshSnapshot())
  }

  @Test func theSettingsDemoFoldsItsAcknowledgements() throws {
    let store = try UserDefaultsStore(
      suiteName: TemporaryConfigHome.url.appendingPathComponent("expand-\(UUID().uuidString)")
        .path)
    let app = HeadlessApp(
      navigator: Navigator(root: try SettingsApp.screen(for: SettingsApp.settings(in: store))))
    #expect(app.texts.last == ["Acknowledgements"])
    try select("Acknowledgements", in: app)
    #expect(app.texts.last == ["Acknowledgements"] + SettingsApp.acknowledgements.map(\.0))
  }
}
