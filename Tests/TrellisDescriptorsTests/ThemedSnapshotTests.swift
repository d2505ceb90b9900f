import Foundation
import Testing
import Trellis
import TrellisTerminal
import TrellisTesting

@testable import TrellisDescriptors

/// Theme styles resolved into screen snapshots, as seed 000's Theme.sct examples show.
@Suite("Themed snapshots")
struct ThemedSnapshotTests {
  let weekDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  func weekModel(theme: Theme, redSecondRow: Bool = true) -> TableModel {
    let model = TableModel(title: "Week")
    model.theme = theme
    let section = Section(header: "Days")
    for day in weekDays { section.addRow(day) }
    if redSecondRow {
      // The seed's willStyle action: the second row takes the RedCell style.
      section.rowActions.willStyle = { context in
        context.rowID.description.hasSuffix("/Tue") ? "RedCell" : nil
      }
    }
    model.addSection(section)
    return model
  }

  @Test func alternatingCyanAndOrangeWithRedSecondRow() throws {
    let theme = try TestFixtures.seedTheme()
    let snapshot = weekModel(theme: theme).drawn()
    let rows = snapshot.table.sections[0].items
    #expect(
      rows.map { $0.style?.backgroundColor?.uiColorName } == [
        "cyanColor", "redColor", "cyanColor", "orangeColor", "cyanColor", "orangeColor",
        "cyanColor",
      ])
    #expect(rows.allSatisfy { $0.style?.font == ThemeFont(name: "Chalkduster", size: 14) })
    #expect(rows[1].style?.appliedStyles == ["OrangeCell", "RedCell"])
    #expect(snapshot.tableStyle?.backgroundColor?.uiColorName == "greenColor")
    #expect(snapshot.navigationBarStyle?.tintColor?.uiColorName == "orangeColor")
  }

  @Test func namedStyleKeepsTheElementFont() throws {
    let theme = try Theme(
      parsing: """
        SCSwitchCell { textLabel.font: Courier 12; backgroundColor: whiteColor; }
        RedCell { backgroundColor: redColor; }
        """)
    let model = TableModel()
    model.theme = theme
    let section = Section()
    var row = Row(id: RowID("a"), kind: .switch, text: "On")
    row.themeStyle = "RedCell"
    section.addRow(row)
    section.addRow(Row(id: RowID("b"), kind: .switch, text: "Off"))
    model.addSection(section)
    let rows = model.drawn().table.sections[0].items
    #expect(rows[0].style?.font == ThemeFont(name: "Courier", size: 12))
    #expect(rows[0].style?.backgroundColor?.uiColorName == "redColor")
    #expect(rows[1].style?.backgroundColor?.uiColorName == "whiteColor")
    #expect(rows[0].style?.appliedStyles == ["SCSwitchCell", "RedCell"])
  }

  @Test func sectionNamedStyleGivesItsOwnAlternation() throws {
    let theme = try Theme(
      parsing: """
        Striped { oddCellsThemeStyle: A; evenCellsThemeStyle: B; }
        A { backgroundColor: yellowColor; }
        B { backgroundColor: blueColor; }
        """)
    let model = TableModel()
    model.theme = theme
    let plain = Section(id: "plain")
    plain.addRow("x")
    let striped = Section(id: "striped")
    striped.themeStyle = "Striped"
    striped.addRow("y")
    striped.addRow("z")
    model.addSection(plain)
    model.addSection(striped)
    let sections = model.drawn().table.sections
    #expect(sections[0].items[0].style?.isEmpty == true)
    #expect(
      sections[1].items.map { $0.style?.backgroundColor?.uiColorName } == [
        "yellowColor", "blueColor",
      ])
  }

  @Test func stylesFollowVisiblePositionAndReachHosts() throws {
    let theme = try TestFixtures.seedTheme()
    let model = weekModel(theme: theme, redSecondRow: false)
    let host = HeadlessHost(model: model)
    model.sections[0].updateRow(RowID(scope: model.sections[0].scope, .string("Mon"))) {
      $0.isVisible = false
    }
    model.processChanges()
    try host.check()
    let rows = host.rows(inSection: 0)
    #expect(rows.first?.text == "Tue")
    #expect(rows.first?.style?.backgroundColor?.uiColorName == "cyanColor")
  }

  @Test func jsonCarriesStylesOnlyWithATheme() throws {
    let theme = try TestFixtures.seedTheme()
    let themed = weekModel(theme: theme).drawn()
    let json = try #require(
      JSONSerialization.jsonObject(with: themed.jsonData()) as? [String: Any])
    let rows = try #require(
      (json["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
    let style = try #require(rows[1]["style"] as? [String: Any])
    #expect(style["styles"] as? [String] == ["OrangeCell", "RedCell"])
    let attributes = try #require(style["attributes"] as? [String: String])
    #expect(attributes == ["backgroundColor": "redColor", "textLabel.font": "Chalkduster 14"])
    #expect((json["tableStyle"] as? [String: Any])?["styles"] as? [String] == ["UITableView"])

    let plain = TableModel()
    let section = Section()
    section.addRow("x")
    plain.addSection(section)
    let plainJSON = try #require(
      JSONSerialization.jsonObject(with: plain.drawn().jsonData()) as? [String: Any])
    #expect(plainJSON["tableStyle"] == nil)
    let plainRow = try #require(
      (plainJSON["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
    #expect(plainRow[0]["style"] == nil)
  }

  @Test func terminalColoursThemedRows() throws {
    let theme = try TestFixtures.seedTheme()
    let snapshot = weekModel(theme: theme).drawn()
    let colored = TextRenderer(width: 30, usesColor: true).render(snapshot)
    let lines = colored.split(separator: "\n").map(String.init)
    let mon = try #require(lines.first { $0.contains("Mon") })
    let tue = try #require(lines.first { $0.contains("Tue") })
    // Bright cyan background (106), bright red background (101), reset after each.
    #expect(mon.hasPrefix("  | \u{1B}[106mMon"))
    #expect(tue.hasPrefix("  | \u{1B}[101mTue"))
    #expect(mon.hasSuffix("\u{1B}[0m |"))
    let plainText = TextRenderer(width: 30).render(snapshot)
    #expect(!plainText.contains("\u{1B}"))
  }

  @Test func descriptorThemeStyleAndLibraryTheme() throws {
    let descriptor = try DescriptorTestSupport.descriptor("GoFish.json")
    let data = try DescriptorTestSupport.data("gofish-data.json")
    let library = DescriptorLibrary(theme: try TestFixtures.seedTheme())
    let snapshot = try descriptor.makeScreen(root: data, library: library).drawn()
    let barney = snapshot.table.sections[2].items
    #expect(barney[0].style?.appliedStyles == ["CyanCell"])
    #expect(barney[1].style?.appliedStyles == ["OrangeCell", "RedCell"])
    #expect(barney[1].style?.backgroundColor?.uiColorName == "redColor")
  }
}
