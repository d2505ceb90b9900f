import Foundation
import Testing
import TrellisValues

@testable import TrellisThemes

/// Errors and warnings: exact positions and messages, and recovery that reports them all.
@Suite("Theme diagnostics")
struct ThemeDiagnosticTests {
  @Test func missingSemicolonPointsJustAfterTheValue() {
    let text = """
      CyanCell
      {
          backgroundColor: cyanColor
          textLabel.font: Chalkduster 14;
      }
      """
    #expect(
      ThemeTestSupport.messages(text) == [
        "3:31: error: expected ';' after value of 'backgroundColor'"
      ])
    // Both declarations are still read.
    let style = Theme.parse(text).theme.styles[0]
    #expect(style["backgroundColor"] == .color(ThemeColor(red: 0, green: 1, blue: 1)))
    #expect(style["textLabel.font"] == .font(ThemeFont(name: "Chalkduster", size: 14)))
  }

  @Test func aHugeValueIsReportedNotPrintedBack() {
    let value = String(repeating: "a", count: 100_000)
    let messages = ThemeTestSupport.messages("A {\n  backgroundColor: \(value);\n}")
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.count < 250, "\(message.prefix(300))")
    #expect(message.contains(String(repeating: "a", count: 60) + "…(100000 characters)'"))
  }

  @Test func diagnosticsNameTheFile() throws {
    let result = Theme.parse("A { height 3; }", file: "Theme.sct")
    #expect(
      result.diagnostics.map(\.description) == [
        "Theme.sct:1:11: error: expected ':' after attribute 'height'"
      ])
    #expect(throws: DiagnosticList.self) { try Theme(parsing: "A { height 3; }") }
  }

  @Test func everySyntaxErrorIsReportedInOnePass() {
    let text = """
      A {
        backgroundColor: #CC33F;
        tintColor: rgb(1, 2);
        textLabel.font: Chalkduster 0;
        height: "tall";
        backgroundImage: "x.png" capInsets(1, 2, 3);
        separatorColor: rgb(300, 0, 0);
        barTintColor: rgb(0, 0, 0, 2);
        alpha: ;
        layer.borderColor: hsl(1, 2, 3);
      }
      B
        backgroundColor: red;
      }
      C { x y; : ; }
      }
      D { a: 1
      """
    #expect(
      ThemeTestSupport.messages(text) == [
        "2:20: error: '#CC33F' is not a colour: expected '#' and 3, 6 or 8 hex digits",
        "3:14: error: rgb(...) takes 3 or 4 numbers, found 2",
        "4:31: error: font size must be a number greater than 0",
        "5:11: error: expected a number for 'height', found a string",
        "6:28: error: capInsets(...) takes 4 numbers, found 3",
        "7:23: error: colour component 300 is out of range 0–255 in rgb(...)",
        "8:30: error: alpha 2 is out of range 0–1 in rgb(...)",
        "9:9: error: expected a value for 'alpha'",
        "10:22: error: unknown function 'hsl'",
        "12:2: error: expected '{' after style name 'B'",
        "15:6: error: expected ':' after attribute 'x'",
        "15:10: error: expected an attribute name, found ':'",
        "16:1: error: unexpected '}' outside a style",
        "17:5: warning: unknown attribute 'a'",
        "17:9: error: expected ';' after value of 'a'",
        "17:9: error: expected '}' to close style 'D' opened at 17:1",
      ])
    // Recovery kept the styles and the good declaration after the missing brace.
    let theme = Theme.parse(text).theme
    #expect(theme.styles.map(\.name) == ["A", "B", "C", "D"])
    #expect(theme.style(named: "B")?.backgroundColor == ThemeColor(red: 1, green: 0, blue: 0))
    #expect(theme.style(named: "A")?.isEmpty == true)
  }

  @Test func missingClosingBraceBeforeTheNextStyle() {
    let text = "A {\n  height: 1;\nB {\n  height: 2;\n}\n"
    #expect(
      ThemeTestSupport.messages(text) == [
        "3:1: error: expected '}' to close style 'A' before style 'B'"
      ])
    let theme = Theme.parse(text).theme
    #expect(theme.style(named: "A")?.height == 1)
    #expect(theme.style(named: "B")?.height == 2)
  }

  @Test func lexicalErrors() {
    #expect(
      ThemeTestSupport.messages("A {\n  textLabel.text: \"open;\n}\n")
        == ["2:19: error: unterminated string: expected \" before the end of the line"])
    // The string swallowed the ';': its declaration is dropped, and the next one stands.
    let followed = "A {\n  textLabel.text: \"open;\n  height: 3;\n}\n"
    #expect(
      ThemeTestSupport.messages(followed)
        == ["2:19: error: unterminated string: expected \" before the end of the line"])
    let open = Theme.parse(followed).theme
    #expect(open.style(named: "A")?["textLabel.text"] == nil)
    #expect(open.style(named: "A")?.height == 3)
    #expect(
      ThemeTestSupport.messages("A { height: 1; }\n  /* never closed\nB { }")
        == ["2:3: error: unterminated comment: expected '*/'"])
    #expect(
      ThemeTestSupport.messages("A { height: 1 @; }")
        == ["1:15: error: unexpected '@' in value of 'height'"])
    #expect(
      ThemeTestSupport.messages("@ A { }") == ["1:1: error: expected a style name, found '@'"])
    #expect(
      ThemeTestSupport.messages("A { textLabel..font: X 1; }")
        == ["1:5: error: 'textLabel..font' is not a valid attribute key path"])
    #expect(
      ThemeTestSupport.messages("height: 3;\nA { }")
        == [
          "1:1: error: declaration of 'height' is outside any style; expected a style name and '{'"
        ])
  }

  @Test func typeMismatches() {
    #expect(
      ThemeTestSupport.messages("A { textLabel.font: Chalkduster; }")
        == ["1:21: error: expected a font size after 'Chalkduster' for 'textLabel.font'"])
    #expect(
      ThemeTestSupport.messages("A { textLabel.font: 14; }")
        == ["1:21: error: expected a font ('Name Size') for 'textLabel.font', found a number"])
    #expect(
      ThemeTestSupport.messages("A { detailTextLabel.text: Hello; }")
        == ["1:27: error: expected a quoted string for 'detailTextLabel.text', found 'Hello'"])
    #expect(
      ThemeTestSupport.messages("A { clipsToBounds: 1; }")
        == ["1:20: error: expected YES, NO, TRUE or FALSE for 'clipsToBounds', found a number"])
    #expect(
      ThemeTestSupport.messages("A { backgroundImage: #fff; }")
        == ["1:22: error: expected a quoted image name for 'backgroundImage', found a colour"])
    #expect(
      ThemeTestSupport.messages("A { height: 1e999; }")
        == ["1:14: error: unexpected 'e999' in value of 'height'"])
  }

  @Test func unknownNamesAreWarningsWithSuggestions() {
    let text = """
      UITableVeiw {
        bakgroundColor: greenColor;
        clipsToBounds: N0;
        separatorStyle: singleLin;
        tintColor: bleuColor;
      }
      SCTableViewSection { oddCellsThemeStyle: CyanCel; }
      CyanCell { backgroundColor: cyanColor; }
      UIButton { tintColor: red; }
      """
    let result = Theme.parse(text)
    #expect(result.errors.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "1:1: warning: 'UITableVeiw' is not an element name, so the style applies only where a row "
          + "or section names it; did you mean 'UITableView'?",
        "2:3: warning: unknown attribute 'bakgroundColor'; did you mean 'backgroundColor'?",
        "3:18: warning: unknown Boolean 'N0' for 'clipsToBounds'; did you mean 'NO'?",
        "4:19: warning: unknown separator style 'singleLin' for 'separatorStyle'; did you mean "
          + "'singleLine'?",
        "5:14: warning: unknown colour 'bleuColor' for 'tintColor'; did you mean 'blueColor'?",
        "7:42: warning: unknown theme style 'CyanCel'; did you mean 'CyanCell'?",
        "9:1: warning: 'UIButton' is not an element name, so the style applies only where a row or "
          + "section names it",
      ])
    // Warnings do not stop the theme from loading.
    #expect((try? Theme(parsing: text)) != nil)
  }

  @Test func attributesOnTheWrongElementAreWarned() {
    #expect(
      ThemeTestSupport.messages("SCTableViewCell { separatorStyle: none; }")
        == ["1:19: warning: attribute 'separatorStyle' does not apply to cell; it styles the table"]
    )
    #expect(
      ThemeTestSupport.messages("section { backgroundView: \"b.png\"; }")
        == [
          "1:11: warning: attribute 'backgroundView' does not apply to section; it styles the table "
            + "and cells"
        ])
    // A named style can carry anything: it applies wherever it is named.
    #expect(ThemeTestSupport.messages("Fancy { separatorStyle: none; height: 3; }").isEmpty)
  }

  @Test func duplicateAttributesWarnAndTheLaterWins() {
    let result = Theme.parse("A {\n  height: 1;\n  height: 2;\n}")
    #expect(
      result.diagnostics.map(\.description) == [
        "3:3: warning: duplicate attribute 'height' in style 'A'; the later value wins"
      ])
    #expect(result.theme.style(named: "A")?.height == 2)
  }

  @Test(arguments: [
    "", "{", "}", ":", ";", "A", "A {", "A { b", "A { b:", "A { b: c", "\"", "/*", "#",
    "A { b: rgb(",
    "A { b: rgb(1,", "A { b: \"x\" capInsets(", "A{b:c}}}}", "A { b: -; }", "\u{0}\u{1}\u{FFFF}",
    "A { b: 1 2 3 4; }", "A { textLabel.font: \"\" 12; }",
  ])
  func truncatedAndOddInputNeverCrash(text: String) {
    let result = Theme.parse(text)
    for diagnostic in result.diagnostics {
      #expect(diagnostic.location != nil)
    }
  }

  @Test func aByteOrderMarkStartsTheFileUnseen() {
    let text = "Cell\n{\n    textColor: red;\n}\n"
    let marked = Theme.parse(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), file: "Marked.sct")
    let plain = Theme.parse(text, file: "Marked.sct")
    #expect(!marked.hasErrors, "\(marked.diagnostics)")
    #expect(marked.diagnostics == plain.diagnostics)
    #expect(marked.theme == plain.theme)
  }

  @Test func bytesThatAreNotUTF8AreLocated() throws {
    var bytes = Array("Cell\n{\n    textColor: ré".utf8)
    let offset = bytes.count
    bytes += [0xFF, 0xFE] + Array("dColor;\n}\n".utf8)
    let result = Theme.parse(Data(bytes), file: "Broken.sct")
    #expect(result.hasErrors)
    let error = try #require(result.errors.first)
    #expect(error.location == SourceLocation(file: "Broken.sct", line: 3, column: 18))
    #expect(error.message.contains("byte 0xFF at byte offset \(offset)"))
    #expect(
      error.description.hasPrefix("Broken.sct:3:18: error: the theme is not UTF-8 text"))

    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("broken-\(UUID().uuidString).sct")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect {
      try Theme(contentsOf: url)
    } throws: { error in
      (error as? DiagnosticList)?.diagnostics.first?.location?.line == 3
    }
    #expect(!Theme.parse(Data("Cell { textColor: redColor; }".utf8)).hasErrors)
  }
}
