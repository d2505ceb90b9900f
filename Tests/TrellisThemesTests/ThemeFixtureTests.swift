import Foundation
import Testing
import TrellisValues
import TrellisTesting

@testable import TrellisThemes

/// The seed's Themes chapter, end to end: the final Theme.sct and the week-days table.
@Suite("Theme fixture")
struct ThemeFixtureTests {
  let weekDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  @Test func fixtureParsesWithoutDiagnostics() throws {
    let result = Theme.parse(try ThemeTestSupport.fixtureText(), file: "Theme.sct")
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.theme.styleNames == [
        "UINavigationBar", "UITableView", "SCTableViewSection", "CyanCell", "OrangeCell", "RedCell",
      ])
  }

  @Test func navigationBarTintIsOrange() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
    let bar = theme.navigationBarStyle()
    #expect(bar.tintColor == ThemeColor(red: 1, green: 0.5, blue: 0))
    #expect(bar.tintColor == ThemeColor(named: "orangeColor"))
    #expect(bar.appliedStyles == ["UINavigationBar"])
  }

  @Test func tableBackgroundIsGreen() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
    #expect(theme.tableStyle().backgroundColor == ThemeColor(red: 0, green: 1, blue: 0))
    #expect(theme.style(for: .table).appliedStyles == ["UITableView"])
  }

  @Test func sectionNamesTheAlternatingStyles() throws {
    let section = try ThemeTestSupport.fixtureTheme().sectionStyle()
    #expect(section.oddCellsThemeStyle == "CyanCell")
    #expect(section.evenCellsThemeStyle == "OrangeCell")
  }

  @Test func rowsAlternateCyanAndOrangeWithChalkduster() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
    let cyan = try #require(ThemeColor(named: "cyanColor"))
    let orange = try #require(ThemeColor(named: "orangeColor"))
    for index in weekDays.indices {
      let style = theme.resolvedStyle(forRowKind: .plain, rowIndex: index)
      // Mon (index 0) is the 1st row: odd, so cyan.
      #expect(style.backgroundColor == (index % 2 == 0 ? cyan : orange), "row \(index)")
      #expect(style.font == ThemeFont(name: "Chalkduster", size: 14))
      #expect(style.appliedStyles == [index % 2 == 0 ? "CyanCell" : "OrangeCell"])
    }
  }

  @Test func willStyleRedCellOnSecondRow() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
    let red = try #require(ThemeColor(named: "redColor"))
    let styles = weekDays.indices.map { index in
      // A willStyle action that sets themeStyle = "RedCell" when indexPath.row == 1.
      theme.resolvedStyle(
        forRowKind: .plain, themeStyle: index == 1 ? "RedCell" : nil, rowIndex: index)
    }
    #expect(styles[1].backgroundColor == red)
    #expect(styles[1].appliedStyles == ["OrangeCell", "RedCell"])
    let backgrounds = styles.map { $0.backgroundColor.flatMap(\.uiColorName) }
    #expect(
      backgrounds == [
        "cyanColor", "redColor", "cyanColor", "orangeColor", "cyanColor", "orangeColor",
        "cyanColor",
      ])
    #expect(styles.allSatisfy { $0.font == ThemeFont(name: "Chalkduster", size: 14) })
  }

  @Test func fixtureFormatsBackToItself() throws {
    let text = try ThemeTestSupport.fixtureText()
    let theme = try Theme(parsing: text)
    #expect(theme.formatted() == text.trimmingCharacters(in: .newlines) + "\n")
  }

  @Test func readsFromFileURL() throws {
    let url = TestFixtures.url("Theme.sct")
    let theme = try Theme(contentsOf: url)
    #expect(theme == (try ThemeTestSupport.fixtureTheme()))
    #expect(theme.styles.first?.location?.file == "Theme.sct")
  }
}
