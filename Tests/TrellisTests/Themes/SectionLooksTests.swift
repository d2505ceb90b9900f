import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// Header and footer views and heights reach the section's snapshot from the theme and from
/// the section, the section's own winning; a theme's texts fill in what rows and sections
/// leave empty; a changed header view reaches the hosts.
@Suite("Section looks")
struct SectionLooksTests {
  static let theme = """
    UITableView { sectionFooterHeight: 12; }
    Banner { headerView: "banner"; headerHeight: 66; footerTitle: "From the theme"; }
    Filled { textLabel.text: "Untitled"; detailTextLabel.text: "none"; }
    """

  func app() throws -> (HeadlessApp, Section, Section) {
    let model = TableModel(title: "Looks")
    model.theme = try Theme(parsing: Self.theme)
    let themed = Section(id: "themed", header: "Themed")
    themed.themeStyle = "Banner"
    var blank = Row(id: RowID("blank"))
    blank.themeStyle = "Filled"
    themed.addRow(blank)
    themed.addRow(Row(id: RowID("named"), text: "Named", detailText: "Own"))
    let own = Section(id: "own", header: "Own", footer: "Own footer")
    own.themeStyle = "Banner"
    own.headerView = ThemeImage(name: "ribbon")
    own.headerHeight = 44
    own.addRow(Row(id: RowID("row"), text: "Row"))
    model.addSection(themed)
    model.addSection(own)
    return (HeadlessApp(navigator: Navigator(root: Screen(model: model))), themed, own)
  }

  @Test func headerViewsAndHeightsComeFromTheThemeAndTheSection() throws {
    let (app, _, _) = try app()
    let sections = app.top.snapshot().table.sections.map(\.model)
    #expect(sections[0].style?.headerView == ThemeImage(name: "banner"))
    #expect(sections[0].style?.headerHeight == 66)
    #expect(sections[0].style?.footerHeight == 12)  // the table's
    #expect(sections[0].footer == "From the theme")
    #expect(sections[1].style?.headerView == ThemeImage(name: "ribbon"))
    #expect(sections[1].style?.headerHeight == 44)
    #expect(sections[1].footer == "Own footer")  // the section's own title wins
    #expect(app.host.violations.isEmpty)
  }

  /// Section styles by kind (`basicSection`, `arrayOfObjectsSection`, …) reach the sections of
  /// that kind only: their headers and footers, and their rows.
  @Test func sectionStylesByKindReachTheirSections() throws {
    let model = TableModel(title: "Kinds")
    model.theme = try Theme(
      parsing: """
        basicSection { footerTitle: "Basic"; }
        arrayOfObjectsSection { footerTitle: "Listed"; oddCellsThemeStyle: Red; }
        Red { backgroundColor: #FF0000; }
        """)
    let plain = Section(id: "plain")
    plain.addRow(Row(id: RowID("row"), text: "Row"))
    let definition = try DataDefinition.dictionary(keys: "name")
    let listed = ArrayOfObjectsSection(
      store: MemoryStore(objects: [DocumentObject(["name": "Ann"])], definition: definition),
      definition: definition)
    model.addSection(plain)
    model.addSection(listed)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    let sections = app.top.snapshot().table.sections
    #expect(sections.map(\.model.footer) == ["Basic", "Listed"])
    #expect(sections[0].items[0].style?.backgroundColor == nil)
    #expect(sections[1].items[0].style?.backgroundColor == ThemeColor(red: 1, green: 0, blue: 0))
    #expect(app.host.violations.isEmpty)
  }

  @Test func theThemesTextsFillEmptyRows() throws {
    let (app, _, _) = try app()
    let rows = app.top.snapshot().table.sections[0].items
    #expect(rows[0].text == "Untitled" && rows[0].detail == "none")
    #expect(rows[1].text == "Named" && rows[1].detail == "Own")
  }

  @Test func aChangedHeaderViewReachesTheHost() throws {
    let (app, themed, own) = try app()
    own.headerView = nil
    own.headerHeight = nil
    themed.themeStyle = nil
    app.top.model.processChanges()
    let sections = app.host.driver.shown.sections.map(\.model)
    #expect(sections[1].style?.headerView == ThemeImage(name: "banner"))  // the theme's again
    #expect(sections[0].style?.headerView == nil)
    #expect(sections[0].footer == nil)
    #expect(app.host.violations.isEmpty)
  }

  @Test func willDisplayRunsAsAHostReadsRowsOfALongList() throws {
    let counter = DisplayCounter()
    let screen = try LooksExample.screen(values: LooksValues(), counter: counter, rowCount: 3_000)
    screen.model.processChanges()
    let long = try #require(screen.snapshot().table.sections.last)
    #expect(long.items.count == 3_000)
    #expect(counter.total == 0)  // nothing read, nothing shown
    #expect(long.items[2_500].detail == "shown #1")
    #expect(long.items[2_500].detail == "shown #1")  // read again: shown once
    #expect(long.items[0].detail == "shown #2")
    #expect(counter.total == 2)
  }
}
