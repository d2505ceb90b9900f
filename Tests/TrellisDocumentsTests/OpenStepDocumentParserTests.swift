import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("OpenStep property lists")
struct OpenStepDocumentParserTests {
  typealias Support = DocumentTestSupport

  @Test func fixtureReadsWithOrderAndLocations() throws {
    let (data, _) = try Support.fixture("MyTable.plist")
    let document = try LocatedDocument(data: data, file: "MyTable.plist")
    #expect(document.format == .openStepPlist)
    let root = try #require(document.root.dictionaryValue)
    #expect(root.keys == ["nib", "title", "displaySections", "sections"])
    #expect(root["title"] == "My Very Basic Table")
    #expect(root["displaySections"] == ["theOnlySection"])
    let rows = try KeyPathSegments.read(
      ["sections", "theOnlySection", "rows"], from: document.root, path: "")
    #expect(rows.dictionaryValue?.keys == ["theFirstRow", "theSecondRow"])
    let text = "sections.theOnlySection.rows.theFirstRow.text"
    #expect(document.keyLocation(ofKeyPath: text)?.description == "MyTable.plist:11:21")
    #expect(document.location(ofKeyPath: text)?.description == "MyTable.plist:11:28")
    let displayRows = "sections.theOnlySection.displayRows.1"
    #expect(document.location(ofKeyPath: displayRows)?.description == "MyTable.plist:7:41")
  }

  @Test func everyScalarIsAString() {
    let root = Support.parse("{ rows = 12; on = YES; ratio = 1.5; }", .openStepPlist)?.root
    #expect(root == ["rows": "12", "on": "YES", "ratio": "1.5"])
    #expect((try? Value.parse(root?.dictionaryValue?["rows"]?.stringValue ?? "", as: .int)) == 12)
  }

  @Test func stringsQuotedAndBare() throws {
    let text = #"""
      ( bare, can/be:bare.too-_$, "two words", 'single "quoted"', "", "a;b=c{}" )
      """#
    let root = Support.parse(text, .openStepPlist)?.root
    #expect(
      root == ["bare", "can/be:bare.too-_$", "two words", "single \"quoted\"", "", "a;b=c{}"])
  }

  @Test func escapes() {
    let text = #"""
      ("\n\t\r\"\'\\", "\a\b\f\v", "\U00e9\U41", "\ud83d\ude00", "\101\60\0", "\q", "\351")
      """#
    let root = Support.parse(text, .openStepPlist)?.root
    #expect(
      root == [
        "\n\t\r\"'\\", "\u{7}\u{8}\u{C}\u{B}", "éA", "😀", "A0\u{0}", "q", "é",
      ])
  }

  @Test func unicodeAndRawNewlines() {
    let text = "{ \"日本\" = \"🇫🇷 e\u{301}\nsecond line\"; }"
    #expect(Support.parse(text, .openStepPlist)?.root == ["日本": "🇫🇷 e\u{301}\nsecond line"])
  }

  @Test func dataCommentsAndTrailingComma() {
    let text = """
      // a line comment
      {
        /* a block
           comment */ blob = <0fbd 7771 C0>; // after
        list = ( a, b, ); /**/
        empty = <>;
      }
      """
    let root = Support.parse(text, .openStepPlist)?.root
    #expect(
      root == [
        "blob": .data(Data([0x0F, 0xBD, 0x77, 0x71, 0xC0])), "list": ["a", "b"],
        "empty": .data(Data()),
      ])
  }

  @Test func emptyContainersAndTopLevels() {
    #expect(Support.parse("{}", .openStepPlist)?.root == .dictionary([:]))
    #expect(Support.parse("( )", .openStepPlist)?.root == .array([]))
    #expect(Support.parse("{ a = {}; b = (); }", .openStepPlist)?.root == ["a": [:], "b": []])
    #expect(Support.parse("  word  ", .openStepPlist)?.root == "word")
    #expect(Support.parse("\"quoted\"", .openStepPlist)?.root == "quoted")
  }

  @Test func stringsFileTopLevel() throws {
    let text = "/* strings */\n\"greeting\" = \"Hello\";\nfarewell = Bye;\n"
    let document = try #require(Support.parse(text, .openStepPlist))
    #expect(document.root == ["greeting": "Hello", "farewell": "Bye"])
    #expect(document.keyLocation(ofKeyPath: "farewell")?.line == 3)
  }

  @Test(arguments: [
    ("{ a = b }", 1, 9, "expected ';' after the value of 'a'"),
    ("{ a b; }", 1, 5, "expected '=' after dictionary key 'a'"),
    ("{\n  a = (x y);\n}", 2, 10, "expected ',' or ')' after array element"),
    ("{ a = ; }", 1, 7, "expected a property list value, found ';'"),
    ("{ (a) = b; }", 1, 3, "expected a string as dictionary key, found '('"),
    ("{\n  a = \"open;\n}", 2, 7, "unterminated string"),
    ("{ a = b; /* never", 1, 10, "unterminated comment"),
    ("{ a = <0fb>; }", 1, 11, "data has an odd number of hex digits"),
    ("{ a = <0g>; }", 1, 9, "invalid character 'g' in data"),
    ("{ a = <0f", 1, 7, "unterminated data"),
    ("{ a = b;\n", 2, 1, "expected '}' to close the dictionary opened at 1:1"),
    ("( a,\n  b", 2, 4, "expected ',' or ')' after array element"),
    ("(", 1, 2, "expected ')' to close the array opened at 1:1"),
    ("{ a = b; } x", 1, 12, "unexpected 'x' after the property list"),
    ("", 1, 1, "expected a property list value"),
    ("{ a = b; a = c; }", 1, 10, "duplicate key 'a' (first defined at 1:3)"),
    ("(\"\\U\")", 1, 3, "expected hex digits after '\\U'"),
    ("(\"\\Ud800x\")", 1, 3, "unpaired surrogate \\UD800"),
    ("(\"\\Udc00\")", 1, 3, "unpaired surrogate \\UDC00"),
    ("{ a = é; }", 1, 7, "expected a property list value, found 'é'"),
  ])
  func locatedErrors(text: String, line: Int, column: Int, message: String) {
    Support.expectError(text, .openStepPlist, at: line, column, message)
  }

  @Test func invalidUTF8IsLocated() throws {
    let bytes = Array("( \"a".utf8) + [0xFF] + Array("\" )".utf8)
    do {
      _ = try LocatedDocument(data: Data(bytes), format: .openStepPlist)
      Issue.record("expected an error")
    } catch {
      #expect(error.location?.column == 5)
      #expect(error.message == "invalid UTF-8 in string")
    }
  }

  @Test func nestingLimit() {
    let deep = String(repeating: "(", count: 50_000)
    #expect(Support.failure(deep, .openStepPlist)?.message == "nesting is deeper than 256 levels")
    let dictionaries = String(repeating: "{a=", count: 50_000)
    #expect(Support.failure(dictionaries, .openStepPlist)?.location?.column == 769)
  }

  @Test func agreesWithFoundation() throws {
    let (data, _) = try Support.fixture("MyTable.plist")
    let ours = try LocatedDocument(data: data, format: .openStepPlist).root
    let theirs = try PropertyListSerialization.propertyList(from: data, format: nil)
    #expect(FoundationBridge.value(theirs) == FoundationBridge.sortedKeys(ours))
  }
}
