import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisWeb

/// Header and footer views and heights, UIKit's cell styles, control tints, selected
/// backgrounds, control layout and fixed text views, as the page draws them.
@Suite("Looks on the page")
struct LooksHTMLTests {
  /// The Looks example's page, its model shown by a headless host as well.
  func page() throws -> (String, HeadlessApp) {
    let app = HeadlessApp(navigator: try LooksExample.navigator(rowCount: 300))
    return (HTMLRenderer().screen(app.top.snapshot()), app)
  }

  @Test func headerViewsAndHeights() throws {
    let (html, app) = try page()
    // The theme's banner: an image at the theme's height, the title as its text.
    #expect(
      html.contains(
        #"<h2 class="section-header has-view sized" style="height: 66px;"><img class="header-view" src="/images/looks_banner" alt="Header view"></h2>"#
      ))
    #expect(html.contains("The header is an image the theme names."))
    // The section's own ribbon and heights.
    #expect(html.contains(#"src="/images/looks_ribbon" alt="Cell styles""#))
    #expect(
      html.contains(
        #"<div class="section-footer sized" style="height: 44px;">The section sets its own header view.</div>"#
      ))
    // A section with a plain title keeps its plain header.
    #expect(html.contains(#"<h2 class="section-header">Tinted controls</h2>"#))
    #expect(app.host.violations.isEmpty)
  }

  @Test func cellStylesAsUIKitDrawsThem() throws {
    let (html, _) = try page()
    #expect(
      html.contains(
        #"<span class="text value2-title">email</span><span class="value2-detail">ada@example.com</span>"#
      ))
    // The default style shows its image and title, never its detail.
    #expect(html.contains(#"src="/images/avatar_ada"><span class="text">Default</span></button>"#))
    #expect(!html.contains("not shown"))
    #expect(html.contains(#"<span class="text">Value 1</span><span class="detail">On the right"#))
    #expect(html.contains(#"<span class="subtitle">Under the text</span>"#))
  }

  @Test func tintsSelectedBackgroundsAndLayoutBecomeCSS() throws {
    let (html, _) = try page()
    let orange = try #require(ThemeColor(named: "orangeColor")).cssRGBA
    #expect(html.contains("--switch-tint: \(orange);"))
    #expect(html.contains("--slider-thumb-tint: \(orange);"))
    #expect(html.contains("--segment-tint: rgba(10, 132, 255, 1);"))
    #expect(html.contains("--selected-background: rgba(255, 255, 0, 1);"))
    #expect(
      html.contains(
        "--control-margin: 20px; --control-indentation: 150px; --text-max-width: 130px;"))
    // The slider's thumb sits at 40 % of its track.
    #expect(html.contains(#"style="--fill: 40%""#))
  }

  @Test func aTextViewKeepsItsHeightWhenItsRowOrThemeSaysSo() throws {
    let (html, _) = try page()
    #expect(html.contains(#"data-type="text" rows="2" data-fixed="""#))
    let model = TableModel(title: "Notes")
    model.theme = try Theme(parsing: "Fixed { autoResize: NO; }")
    let section = Section(id: "s")
    var themed = Row(id: RowID("themed"), kind: .textView, text: "Themed")
    themed.themeStyle = "Fixed"
    section.addRow(themed)
    section.addRow(Row(id: RowID("grows"), kind: .textView, text: "Grows"))
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    let rows = app.top.snapshot().table.sections[0].items
    let renderer = HTMLRenderer()
    #expect(renderer.row(rows[0], index: 0, editing: false).contains("data-fixed"))
    #expect(!renderer.row(rows[1], index: 1, editing: false).contains("data-fixed"))
  }

  @Test func aLongListNumbersOnlyTheRowsItDraws() throws {
    let counter = DisplayCounter()
    let screen = try LooksExample.screen(values: LooksValues(), counter: counter, rowCount: 300)
    let app = HeadlessApp(navigator: Navigator(root: screen))
    let html = HTMLRenderer().screen(app.top.snapshot())
    // A virtual section draws its first window; the rest waits to be scrolled to.
    let window = HTMLRenderer().initialWindow
    #expect(counter.total == window)
    #expect(html.contains("shown #1<") && html.contains("shown #\(window)<"))
    #expect(!html.contains("shown #\(window + 1)<"))
  }
}

/// A list shared between windows keeps its section's own header and footer views and heights.
@Suite("Shared lists' headers")
struct SharedListHeaderTests {
  @Test func aSharedCopyKeepsTheHeaderViewAndItsSignatureNamesIt() throws {
    let (store, definition) = try ThemeExample.store()
    let section = ArrayOfObjectsSection(
      id: "days", header: "Week days", store: store, definition: definition)
    let plain = section.sharingSignature
    section.headerView = ThemeImage(name: "banner")
    section.headerHeight = 60
    section.footerHeight = 20
    let copy = section.makeCopy()
    #expect(copy.headerView == ThemeImage(name: "banner"))
    #expect(copy.headerHeight == 60 && copy.footerHeight == 20 && copy.footerView == nil)
    // Windows whose sections differ only in their header view share no list.
    #expect(section.sharingSignature != plain)
    #expect(copy.sharingSignature == section.sharingSignature)
  }
}
