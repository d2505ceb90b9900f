import Foundation
import Testing

@testable import Trellis

/// What hosts get: CSS for the web, ANSI codes for terminals, JSON, and theme text back.
@Suite("Theme output")
struct ThemeOutputTests {
  func style(_ body: String) -> ResolvedStyle {
    Theme.parse("S { \(body) }").theme.style(named: "S") ?? .empty
  }

  @Test func cssForTheSeedRows() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
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
        #"background-image: url("bubble.png");"#,
        #"border-image: url("bubble.png") 1 4 3 2 fill;"#,
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
        "--tint-color: rgba(0, 0, 255, 1);",
        "border-bottom: 1px solid rgba(128, 128, 128, 1);",
        "min-height: 60px;",
        "opacity: 0.8;",
        "display: none;",
        "overflow: hidden;",
        "border-radius: 6px;",
      ])
  }

  @Test func cssSeparatorsAndPatterns() {
    #expect(style("separatorStyle: none;").cssText == "border-bottom: none;")
    #expect(
      style("separatorStyle: UITableViewCellSeparatorStyleSingleLineEtched;").cssText
        == "border-bottom: 1px groove currentColor;")
    #expect(
      style(#"backgroundColor: "tile.png";"#).cssText == #"background-image: url("tile.png");"#)
    #expect(
      style(#"backgroundView: "a\"b.png";"#).cssText == #"background-image: url("a\"b.png");"#)
    #expect(style("textLabel.text: \"x\"; oddCellsThemeStyle: A;").cssDeclarations.isEmpty)
  }

  @Test func ansiNearestColours() throws {
    func nearest(_ name: String) throws -> ANSIColor? {
      ANSIColor(nearestTo: try #require(ThemeColor(named: name)))
    }
    #expect(try nearest("cyanColor") == .brightCyan)
    #expect(try nearest("redColor") == .brightRed)
    #expect(try nearest("greenColor") == .brightGreen)
    #expect(try nearest("blackColor") == .black)
    #expect(try nearest("whiteColor") == .brightWhite)
    #expect(try nearest("orangeColor") == .yellow)
    #expect(try nearest("grayColor") == .brightBlack)
    #expect(try nearest("clearColor") == nil)
    #expect(ANSIColor(nearestTo: ThemeColor(patternImage: "p.png")) == nil)
    #expect(ANSIColor.red.foregroundCode == 31)
    #expect(ANSIColor.brightCyan.backgroundCode == 106)
    #expect(ANSIColor.white.backgroundCode == 47)
  }

  @Test func ansiForTheSeedRows() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
    let odd = theme.resolvedStyle(forRowKind: .plain, rowIndex: 0)
    #expect(odd.ansiBackground == 106)
    #expect(odd.ansiForeground == nil)
    #expect(odd.ansiEscape == "\u{1B}[106m")
    let red = theme.resolvedStyle(forRowKind: .plain, themeStyle: "RedCell", rowIndex: 1)
    #expect(red.ansiBackground == 101)
    let bold = style(
      "textLabel.font: Courier-Bold 12; textLabel.textColor: blueColor; backgroundColor: whiteColor;"
    )
    #expect(bold.ansiCodes == [1, 34, 107])
    #expect(ResolvedStyle.empty.ansiEscape == "")
  }

  @Test func resolvedStyleRoundTripsThroughJSON() throws {
    let theme = try ThemeTestSupport.fixtureTheme()
    let row = theme.resolvedStyle(forRowKind: .plain, themeStyle: "RedCell", rowIndex: 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = try encoder.encode(row)
    #expect(try JSONDecoder().decode(ResolvedStyle.self, from: json) == row)
    let text = try #require(String(data: json, encoding: .utf8))
    #expect(text.contains(#""textLabel.font":{"font":{"name":"Chalkduster","size":14}}"#))
    #expect(text.contains(#""backgroundColor":{"color":{"alpha":1,"blue":0,"green":0,"red":1}}"#))
    let all = style(
      #"a: "s"; b: 1; c: YES; d: "i.png" capInsets(1,2,3,4); separatorStyle: none; e: Name;"#)
    #expect(try JSONDecoder().decode(ResolvedStyle.self, from: encoder.encode(all)) == all)
  }

  @Test func themeValueJSONRejectsAmbiguousObjects() {
    let json = Data(#"{"number": 1, "bool": true}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ThemeValue.self, from: json) }
  }

  @Test func formattedThemeReadsBackTheSame() throws {
    let text = """
      /* lead */ A { backgroundColor: rgb( 1, 2, 3 ) ; textLabel.font: "Avenir Next" 11 }
      B{tintColor:#abc;backgroundImage:'x.png' capInsets(1,2,3,4);detailTextLabel.text:"a\\"b";}
      section { oddCellThemeStyle: A; evenCellsThemeStyle: B; }
      """
    let first = Theme.parse(text)
    #expect(first.diagnostics.isEmpty)
    let formatted = first.theme.formatted()
    #expect(
      formatted == """
        A
        {
            backgroundColor: rgb( 1, 2, 3 );
            textLabel.font: "Avenir Next" 11;
        }

        B
        {
            tintColor: #abc;
            backgroundImage: 'x.png' capInsets(1,2,3,4);
            detailTextLabel.text: "a\\"b";
        }

        section
        {
            oddCellsThemeStyle: A;
            evenCellsThemeStyle: B;
        }

        """)
    let second = Theme.parse(formatted)
    #expect(second.diagnostics.isEmpty)
    #expect(ThemeTestSupport.content(second.theme) == ThemeTestSupport.content(first.theme))
    #expect(second.theme.formatted() == formatted)
  }

  @Test func valueDescriptionsAreCanonicalThemeText() {
    #expect(ThemeValue.color(ThemeColor(red: 1, green: 0.5, blue: 0)).description == "orangeColor")
    #expect(
      ThemeValue.color(ThemeColor(red255: 1, green255: 2, blue255: 3, alpha: 0.5)).description
        == "#01020380")
    #expect(
      ThemeValue.font(ThemeFont(name: "Helvetica Neue", size: 13)).description
        == "Helvetica Neue 13")
    #expect(
      ThemeValue.font(ThemeFont(name: "Odd  Name", size: 13)).description == #""Odd  Name" 13"#)
    #expect(ThemeValue.string("a\"b\n").description == #""a\"b\n""#)
    #expect(ThemeValue.bool(false).description == "NO")
    #expect(ThemeValue.number(0.25).description == "0.25")
    #expect(ThemeValue.separatorStyle(.singleLineEtched).description == "singleLineEtched")
    #expect(
      ThemeValue.image(
        ThemeImage(name: "a.png", capInsets: ThemeEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
      )
      .description == #""a.png" capInsets(1, 2, 3, 4)"#)
    // Descriptions parse back to the same values.
    for (key, value) in [
      ("textLabel.font", ThemeValue.font(ThemeFont(name: "Helvetica Neue", size: 13))),
      (
        "backgroundColor",
        .color(ThemeColor(red255: 1, green255: 2, blue255: 3, alpha: 128.0 / 255))
      ),
      ("textLabel.text", .string("a\"b\n")),
      (
        "backgroundImage",
        .image(
          ThemeImage(
            name: "a.png", capInsets: ThemeEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
      ),
    ] {
      #expect(ThemeTestSupport.parseValue(value.description, for: key).0 == value)
    }
  }

  @Test func programmaticThemeFormatsFromValues() {
    let theme = Theme(styles: [
      ThemeStyle(
        name: "cell",
        declarations: [
          ThemeDeclaration(keyPath: "backgroundColor", value: .color(ThemeColor(white: 1))),
          ThemeDeclaration(keyPath: "height", value: .number(50)),
        ])
    ])
    #expect(theme.formatted() == "cell\n{\n    backgroundColor: whiteColor;\n    height: 50;\n}\n")
    #expect(theme.resolvedStyle(forRowKind: .date).height == 50)
  }
}
