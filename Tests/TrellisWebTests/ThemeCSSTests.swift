import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisWeb

/// The web host's translation of resolved theme styles into CSS declarations.
@Suite("Themes as CSS")
struct ThemeCSSTests {
  func style(_ body: String) -> ResolvedStyle {
    Theme.parse("S { \(body) }").theme.style(named: "S") ?? .empty
  }

  @Test func cssForTheSeedRows() throws {
    let theme = try TestFixtures.seedTheme()
    let row = theme.resolvedStyle(forRowKind: .plain, rowIndex: 0)
    #expect(
      row.cssText
        == #"background-color: rgba(0, 255, 255, 1); font-family: "Chalkduster", system-ui; font-size: 14px;"#
    )
    #expect(
      theme.tableStyle().cssDeclarations == [
        CSSDeclaration("background-color", "rgba(0, 255, 0, 1)")
      ])
    #expect(
      theme.navigationBarStyle().cssDeclarations == [
        CSSDeclaration("--tint-color", "rgba(255, 128, 0, 1)")
      ])
  }

  @Test func cssForEveryMappedAttribute() {
    let css = style(
      """
      backgroundColor: rgb(10, 20, 30, 0.5); textLabel.textColor: #FFF;
      textLabel.font: Georgia-BoldItalic 12.5; detailTextLabel.font: boldSystemFont 10;
      detailTextLabel.textColor: redColor; tintColor: blueColor;
      separatorStyle: singleLine; separatorColor: grayColor; height: 60; alpha: 0.8;
      hidden: YES; clipsToBounds: TRUE; layer.cornerRadius: 6;
      backgroundImage: "bubble.png" capInsets(1, 2, 3, 4);
      """
    ).cssDeclarations.map(\.description)
    #expect(
      css == [
        "background-color: rgba(10, 20, 30, 0.5);",
        #"background-image: url("/images/bubble.png");"#,
        #"border-image: url("/images/bubble.png") 1 4 3 2 fill;"#,
        "border-style: solid;",
        "border-width: 1px 4px 3px 2px;",
        "color: rgba(255, 255, 255, 1);",
        #"font-family: "Georgia", system-ui;"#,
        "font-size: 12.5px;",
        "font-weight: bold;",
        "font-style: italic;",
        "--detail-color: rgba(255, 0, 0, 1);",
        "--detail-font-family: system-ui;",
        "--detail-font-size: 10px;",
        "--detail-font-weight: bold;",
        "--text-color: rgba(255, 255, 255, 1);",
        "--tint-color: rgba(0, 0, 255, 1);",
        "border-bottom: 1px solid rgba(128, 128, 128, 1);",
        "min-height: 60px;",
        "opacity: 0.8;",
        "display: none;",
        "overflow: hidden;",
        "border-radius: 6px;",
      ])
  }

  @Test func aTablesRowHeightAndSeparatorsAreItsRows() {
    let table = style("rowHeight: 70; separatorColor: #FF0000; backgroundColor: #000;")
    #expect(
      table.tableCSSDeclarations.map(\.description) == [
        "background-color: rgba(0, 0, 0, 1);", "--row-height: 70px;",
        "--separator: rgba(255, 0, 0, 1);",
      ])
    #expect(
      style("separatorStyle: none;").tableCSSDeclarations.map(\.description) == [
        "--separator: transparent;"
      ])
  }

  @Test func aTextFieldsColourAndFontAndTheTextsBackground() {
    let css = style(
      """
      textField.textColor: #00FF00; textField.font: Courier 20; textLabel.backgroundColor: #0000FF;
      """
    ).cssDeclarations.map(\.description)
    #expect(
      css == [
        "--text-background: rgba(0, 0, 255, 1);", "--field-color: rgba(0, 255, 0, 1);",
        #"--field-font-family: "Courier", system-ui;"#, "--field-font-size: 20px;",
      ])
  }

  @Test func cssSeparatorsAndPatterns() {
    #expect(style("separatorStyle: none;").cssText == "border-bottom: none;")
    #expect(
      style("separatorStyle: UITableViewCellSeparatorStyleSingleLineEtched;").cssText
        == "border-bottom: 1px groove currentColor;")
    #expect(
      style(#"backgroundColor: "tile.png";"#).cssText
        == #"background-image: url("/images/tile.png");"#)
    #expect(
      style(#"backgroundView: "a\"b.png";"#).cssText == #"background-image: url("a\"b.png");"#)
    #expect(style("textLabel.text: \"x\"; oddCellsThemeStyle: A;").cssDeclarations.isEmpty)
  }

  @Test func cssTextAlignment() {
    #expect(
      style("textLabel.textAlignment: NSTextAlignmentCenter;").cssText == "text-align: center;")
    #expect(style("textLabel.textAlignment: UITextAlignmentRight;").cssText == "text-align: right;")
    #expect(style("textAlignment: justified;").cssText == "text-align: justify;")
    #expect(style("textLabel.textAlignment: sideways;").cssDeclarations.isEmpty)
  }

}

/// Themes on the page: the renderer draws each resolved style where it belongs.
@Suite("Themed pages")
struct ThemedPageTests {
  /// The week days' first screen, drawn as the web host draws it.
  func weekDaysHTML() throws -> (html: String, navigator: Navigator) {
    let (navigator, _) = try ThemeExample.navigator()
    navigator.processChanges()
    let html = HTMLRenderer().screen(navigator.top.snapshot())
    return (html, navigator)
  }

  @Test func rowsTableAndBarCarryTheirStyles() throws {
    let (html, _) = try weekDaysHTML()
    let cyan = #"background-color: rgba(0, 255, 255, 1)"#
    let red = #"background-color: rgba(255, 0, 0, 1)"#
    let orange = #"background-color: rgba(255, 128, 0, 1)"#
    let rows = html.components(separatedBy: "<li ").dropFirst().map { String($0) }
    #expect(rows.count == 7)
    let colours = rows.map { row in
      [cyan, red, orange].first { row.contains(HTML.escape($0)) } ?? "none"
    }
    #expect(colours == [cyan, red, cyan, orange, cyan, orange, cyan])
    #expect(rows.allSatisfy { $0.contains("class=\"row k-") && $0.contains(" themed") })
    #expect(rows[1].contains("style-RedCell"))
    // The theme sets no text colour: each row's text is the one that reads on its background,
    // black on these, whatever the page's own (white in dark mode).
    #expect(rows.allSatisfy { $0.contains(HTML.escape("color: rgba(0, 0, 0, 1);")) })
    #expect(html.contains(#"<div class="screen" data-pane="top""#))
    // Its headers and footers read on the theme's green, which fills the window.
    #expect(
      html.contains(
        HTML.attribute(
          "style",
          "background-color: rgba(0, 255, 0, 1); --secondary: rgba(0, 0, 0, 1); "
            + "min-height: 100vh;")))
    #expect(rows.allSatisfy { $0.contains(HTML.escape("--chevron: rgba(0, 0, 0, 1);")) })
    #expect(
      html.contains(
        "<header class=\"bar\"" + HTML.attribute("style", "--tint-color: rgba(255, 128, 0, 1);")))
  }

  @Test func anUnthemedScreenHasNoStyleAttributes() throws {
    let (navigator, _) = try TasksApp.navigator(tasks: [TaskItem(name: "Plain")])
    navigator.processChanges()
    let html = HTMLRenderer().screen(navigator.top.snapshot())
    #expect(!html.contains(" style=\""))
    #expect(!html.contains(" themed"))
  }

  @Test func virtualRowsKeepTheirPositionAndTheirStyle() throws {
    let theme = try TestFixtures.seedTheme()
    var row = RowSnapshot(Row(id: RowID(.int(3)), kind: .plain, text: "Four"))
    row.style = theme.resolvedStyle(forRowKind: .plain, rowIndex: 3)
    let html = HTMLRenderer().row(row, index: 3, editing: false, virtual: true)
    #expect(html.contains(#"style="--i:3;background-color: rgba(255, 128, 0, 1);"#))
  }
}
