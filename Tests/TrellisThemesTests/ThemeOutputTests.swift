import Foundation
import Testing
import TrellisValues

@testable import TrellisThemes

/// What hosts get from a theme besides their own translations: JSON, and theme text back.
@Suite("Theme output")
struct ThemeOutputTests {
  func style(_ body: String) -> ResolvedStyle {
    Theme.parse("S { \(body) }").theme.style(named: "S") ?? .empty
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
