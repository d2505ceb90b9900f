import Testing
import TrellisValues

@testable import TrellisThemes

/// Every kind of value the theme format has, read as the attribute's type asks.
@Suite("Theme values")
struct ThemeValueTests {
  func parsed(_ value: String, for keyPath: String) -> ThemeValue? {
    let (result, diagnostics) = ThemeTestSupport.parseValue(value, for: keyPath)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return result
  }

  @Test func strings() {
    #expect(parsed(#""Hello World!""#, for: "detailTextLabel.text") == .string("Hello World!"))
    #expect(parsed("'single quotes'", for: "textLabel.text") == .string("single quotes"))
    #expect(
      parsed(#""say \"hi\"\n\\ it's""#, for: "textLabel.text") == .string("say \"hi\"\n\\ it's"))
    #expect(parsed(#"'a; b} c'"#, for: "textLabel.text") == .string("a; b} c"))
  }

  @Test func numbers() {
    #expect(parsed("60", for: "height") == .number(60))
    #expect(parsed("44.5", for: "rowHeight") == .number(44.5))
    #expect(parsed(".5", for: "alpha") == .number(0.5))
    #expect(parsed("-2", for: "layer.borderWidth") == .number(-2))
  }

  @Test(arguments: [
    ("YES", true), ("NO", false), ("TRUE", true), ("FALSE", false), ("yes", true), ("False", false),
    ("true", true),
  ])
  func booleans(text: String, expected: Bool) {
    #expect(parsed(text, for: "clipsToBounds") == .bool(expected))
  }

  @Test func namedColours() {
    #expect(
      parsed("blueColor", for: "backgroundColor") == .color(ThemeColor(red: 0, green: 0, blue: 1)))
    #expect(
      parsed("orange", for: "backgroundColor") == .color(ThemeColor(red: 1, green: 0.5, blue: 0)))
    #expect(parsed("clearColor", for: "backgroundColor")?.colorValue?.isClear == true)
    #expect(parsed("darkGrayColor", for: "tintColor") == .color(ThemeColor(white: 1.0 / 3)))
  }

  @Test func rgbColoursUse255ComponentsAndUnitAlpha() {
    #expect(
      parsed("rgb(100, 0, 255)", for: "backgroundColor")
        == .color(ThemeColor(red: 100.0 / 255, green: 0, blue: 1)))
    let translucent = parsed("rgb(255, 0, 0, 0.25)", for: "backgroundColor")?.colorValue
    #expect(translucent?.alpha == 0.25)
    #expect(translucent?.red == 1)
    #expect(parsed("rgba(0,0,0,1)", for: "tintColor") == .color(ThemeColor(white: 0)))
  }

  @Test func hexColours() {
    #expect(parsed("#CC33FF", for: "backgroundColor")?.colorValue?.hexString == "#CC33FF")
    #expect(parsed("#fff", for: "backgroundColor") == .color(ThemeColor(white: 1)))
    #expect(parsed("#c3f", for: "backgroundColor")?.colorValue?.hexString == "#CC33FF")
    let withAlpha = parsed("#11223380", for: "backgroundColor")?.colorValue
    #expect(withAlpha?.rgb255.red == 0x11)
    #expect(withAlpha?.rgb255.blue == 0x33)
    #expect(withAlpha?.alpha == 128.0 / 255)
    #expect(withAlpha?.hexString == "#11223380")
  }

  @Test func colourFromAnImageIsAPattern() throws {
    let color = try #require(parsed(#""background.png""#, for: "backgroundColor")?.colorValue)
    #expect(color.patternImage == "background.png")
    #expect(color.alpha == 0)
    #expect(
      parsed(#""stripes.png""#, for: "layer.borderColor")?.colorValue?.patternImage == "stripes.png"
    )
  }

  @Test func fonts() {
    #expect(
      parsed("Chalkduster 14", for: "textLabel.font")
        == .font(ThemeFont(name: "Chalkduster", size: 14)))
    #expect(
      parsed("Courier-Bold 12", for: "textLabel.font")
        == .font(ThemeFont(name: "Courier-Bold", size: 12)))
    #expect(
      parsed("Helvetica Neue 13.5", for: "detailTextLabel.font")
        == .font(ThemeFont(name: "Helvetica Neue", size: 13.5)))
    #expect(
      parsed(#""Avenir Next" 11"#, for: "textField.font")
        == .font(ThemeFont(name: "Avenir Next", size: 11)))
  }

  @Test func fontTraits() {
    let bold = ThemeFont(name: "Courier-Bold", size: 12)
    #expect(bold.family == "Courier")
    #expect(bold.isBold)
    #expect(!bold.isItalic)
    let italic = ThemeFont(name: "Georgia-BoldItalic", size: 12)
    #expect(italic.isBold && italic.isItalic)
    #expect(ThemeFont(name: "Arial Rounded MT Bold", size: 12).isBold)
    #expect(!ThemeFont(name: "Chalkduster", size: 14).isBold)
    let system = ThemeFont(name: "boldSystemFont", size: 17)
    #expect(system.isSystem && system.isBold && system.family == "System")
    #expect(ThemeFont(name: "System-Italic", size: 17).isItalic)
  }

  @Test func imagesWithAndWithoutCapInsets() {
    #expect(
      parsed(#""background.png""#, for: "backgroundImage")
        == .image(ThemeImage(name: "background.png")))
    #expect(
      parsed(#""bubble.png" capInsets(1, 2, 3.5, 4)"#, for: "backgroundImage")
        == .image(
          ThemeImage(
            name: "bubble.png", capInsets: ThemeEdgeInsets(top: 1, left: 2, bottom: 3.5, right: 4)))
    )
    #expect(
      parsed(#""background.png""#, for: "backgroundView")
        == .image(ThemeImage(name: "background.png")))
  }

  @Test(arguments: [
    ("none", ThemeSeparatorStyle.none), ("singleLine", .singleLine),
    ("singleLineEtched", .singleLineEtched), ("UITableViewCellSeparatorStyleNone", .none),
    ("UITableViewCellSeparatorStyleSingleLine", .singleLine),
    ("UITableViewCellSeparatorStyleSingleLineEtched", .singleLineEtched),
  ])
  func separatorStyles(text: String, expected: ThemeSeparatorStyle) {
    #expect(parsed(text, for: "separatorStyle") == .separatorStyle(expected))
  }

  @Test func styleNames() {
    let result = Theme.parse(
      "S { oddCellsThemeStyle: Odd; evenCellsThemeStyle: 'Even'; }\nOdd {}\nEven {}")
    #expect(result.diagnostics.isEmpty)
    #expect(result.theme.styles[0]["oddCellsThemeStyle"] == .name("Odd"))
    #expect(result.theme.styles[0]["evenCellsThemeStyle"] == .name("Even"))
  }

  @Test func seedProseSpellingOfOddEvenIsAnAlias() {
    let result = Theme.parse("S { oddCellThemeStyle: A; evenCellThemeStyle: B; }\nA {}\nB {}")
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.theme.styles[0].declarations.map(\.keyPath) == [
        "oddCellsThemeStyle", "evenCellsThemeStyle",
      ])
  }

  @Test func unknownAttributesInferTheirTypeFromTheirName() {
    let result = Theme.parse(
      """
      S {
        placeholderLabel.textColor: "dots.png";
        badge.font: Menlo 9;
        ribbonImage: "r.png";
        cornerRadius: 4;
        glow: YES;
        mood: sunny;
      }
      """)
    let style = result.theme.styles[0]
    #expect(style["placeholderLabel.textColor"]?.colorValue?.patternImage == "dots.png")
    #expect(style["badge.font"] == .font(ThemeFont(name: "Menlo", size: 9)))
    #expect(style["ribbonImage"] == .image(ThemeImage(name: "r.png")))
    #expect(style["cornerRadius"] == .number(4))
    #expect(style["glow"] == .bool(true))
    #expect(style["mood"] == .name("sunny"))
    #expect(result.warnings.count == 6)
    #expect(result.errors.isEmpty)
  }

  @Test func rawValueIsKeptAsWritten() {
    let style = Theme.parse(
      "S { backgroundColor:   rgb( 1,2 ,3 )  ; textLabel.font: Chalkduster /* big */ 14; }"
    )
    .theme.styles[0]
    #expect(style.declarations.map(\.rawValue) == ["rgb( 1,2 ,3 )", "Chalkduster /* big */ 14"])
    #expect(style["textLabel.font"] == .font(ThemeFont(name: "Chalkduster", size: 14)))
  }

  @Test func commentsOfBothKindsAreSkipped() {
    let result = Theme.parse(
      """
      /* comment */
      A // trailing
      {
          // comment
          height: 1; /* inline */ alpha: 0.5;
          /* multi
             line */
      }
      """)
    #expect(result.diagnostics.isEmpty)
    #expect(result.theme.styles.map(\.name) == ["A"])
    #expect(result.theme.styles[0].declarations.count == 2)
  }

  @Test func lastDeclarationMayOmitItsSemicolon() {
    let result = Theme.parse("A { height: 2; backgroundColor: #CC33FF }")
    #expect(result.diagnostics.isEmpty)
    #expect(result.theme.styles[0]["backgroundColor"]?.colorValue?.hexString == "#CC33FF")
  }

  @Test func crlfLineEndingsCountAsOneLine() {
    let result = Theme.parse("A\r\n{\r\n  height: x;\r\n}\r\n")
    #expect(result.diagnostics.map(\.location?.description) == ["3:11"])
  }
}
