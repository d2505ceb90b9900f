import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("XML property lists")
struct XMLPlistDocumentParserTests {
  typealias Support = DocumentTestSupport

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
  }

  @Test func fixtureReadsWithOrderAndLocations() throws {
    let (data, _) = try Support.fixture("ProfileViewController.plist")
    let document = try LocatedDocument(data: data, file: "Profile.plist")
    #expect(document.format == .xmlPlist)
    let sections = try #require(document.root.arrayValue)
    #expect(sections.count == 2)
    #expect(sections[0].dictionaryValue?.keys == ["bindVariable", "properties", "rows"])
    let emailRow = try #require(sections[0].dictionaryValue?["rows"]?.arrayValue?[2])
    #expect(emailRow.dictionaryValue?.keys == ["enabled", "className", "properties"])
    #expect(document.keyLocation(ofKeyPath: "0.bindVariable")?.description == "Profile.plist:6:5")
    #expect(document.location(ofKeyPath: "0.bindVariable")?.description == "Profile.plist:6:28")
    #expect(document.location(ofKeyPath: "0.rows.0")?.description == "Profile.plist:10:7")
    let theirs = try PropertyListSerialization.propertyList(from: data, format: nil)
    #expect(FoundationBridge.value(theirs) == FoundationBridge.sortedKeys(document.root))
  }

  @Test func everyType() throws {
    let body = """
      <dict>
        <key>s</key><string>text &amp; &lt;more&gt; &quot;q&quot; &apos;a&apos; &#233;&#x1F600;</string>
        <key>cdata</key><string><![CDATA[<raw> & stuff]]> tail</string>
        <key>empty</key><string/>
        <key>i</key><integer> -42 </integer>
        <key>hex</key><integer>0x1F</integer>
        <key>min</key><integer>-9223372036854775808</integer>
        <key>r</key><real>2.5</real>
        <key>whole</key><real>3</real>
        <key>inf</key><real>+infinity</real>
        <key>t</key><true/>
        <key>f</key><false></false>
        <key>d</key><date>2026-01-31T12:30:15Z</date>
        <key>data</key><data>
          AAEC
          /w==
        </data>
        <key>a</key><array/>
        <key>dd</key><dict/>
        <!-- a comment --><?pi ignored?>
        <key>ünï</key><string>日本 🇫🇷</string>
      </dict>
      """
    let root = try #require(Support.parse(Self.plist(body), .xmlPlist)?.root.dictionaryValue)
    #expect(root["s"] == "text & <more> \"q\" 'a' é😀")
    #expect(root["cdata"] == "<raw> & stuff tail")
    #expect(root["empty"] == "")
    #expect(root["i"] == -42)
    #expect(root["hex"] == 31)
    #expect(root["min"] == .int(Int.min))
    #expect(root["r"] == 2.5)
    #expect(root["whole"] == .double(3))
    #expect(root["inf"] == .double(.infinity))
    #expect(root["t"] == true)
    #expect(root["f"] == false)
    let date = try #require(root["d"]?.dateValue)
    #expect(date.timeIntervalSince1970 == 1_769_862_615)
    #expect(root["data"] == .data(Data([0, 1, 2, 255])))
    #expect(root["a"] == [])
    #expect(root["dd"] == .dictionary([:]))
    #expect(root["ünï"] == "日本 🇫🇷")
    #expect(
      root.keys == [
        "s", "cdata", "empty", "i", "hex", "min", "r", "whole", "inf", "t", "f", "d", "data",
        "a", "dd", "ünï",
      ])
  }

  @Test func lineEndsAndWhitespaceInText() {
    let body = "<array><string>  a\r\nb\rc  </string><string>&#13;</string></array>"
    #expect(Support.parse(Self.plist(body), .xmlPlist)?.root == ["  a\nb\nc  ", "\r"])
  }

  @Test func rootWithoutPlistElement() {
    #expect(Support.parse("<array><true/></array>", .xmlPlist)?.root == [true])
  }

  @Test(arguments: [
    ("<plist><dict><key>a</key></dict></plist>", 1, 26, "missing value for key 'a'"),
    ("<plist><dict><key>a</key><key>b</key></dict></plist>", 1, 26, "missing value for key 'a'"),
    (
      "<plist><dict><string>x</string></dict></plist>", 1, 14,
      "expected <key> in <dict>, found <string>"
    ),
    ("<plist>\n  <dictt/>\n</plist>", 2, 3, "unknown element <dictt> (did you mean <dict>?)"),
    (
      "<plist><array><string>x</array></plist>", 1, 24,
      "expected </string> to close <string> opened at 1:15, found </array>"
    ),
    (
      "<plist><array>\n<string>x</string>", 2, 19,
      "expected </array> to close <array> opened at 1:8"
    ),
    ("<plist><integer>12a</integer></plist>", 1, 17, "'12a' is not an integer"),
    ("<plist><integer>9223372036854775808</integer></plist>", 1, 17, "out of range"),
    ("<plist><real>one</real></plist>", 1, 14, "'one' is not a number"),
    ("<plist><date>2026-13-01T00:00:00Z</date></plist>", 1, 14, "invalid date"),
    ("<plist><data>!!</data></plist>", 1, 14, "invalid base64 in <data>"),
    ("<plist><true>yes</true></plist>", 1, 14, "<true/> must be empty"),
    ("<plist><string>a &nbsp; b</string></plist>", 1, 18, "unknown entity '&nbsp;'"),
    ("<plist><string>a & b</string></plist>", 1, 18, "'&' must start a reference"),
    ("<plist><string>&#xD800;</string></plist>", 1, 16, "invalid character reference"),
    ("<plist><string>a<b/></string></plist>", 1, 17, "unexpected <b> inside <string>"),
    ("<plist><dict>text</dict></plist>", 1, 14, "unexpected text 't' in <dict>"),
    (
      "<plist><string>x</string><string>y</string></plist>", 1, 26,
      "expected </plist> to close <plist> opened at 1:1, found '<'"
    ),
    ("<plist/>", 1, 1, "<plist> holds no value"),
    ("<plist></plist>", 1, 8, "<plist> holds no value"),
    ("<plist><string>x</string></plist>\n<x/>", 2, 1, "unexpected '<' after the property list"),
    ("<!-- open", 1, 1, "unterminated comment"),
    (
      "<plist version=1.0><true/></plist>", 1, 16, "expected a quoted value for attribute 'version'"
    ),
    (
      "<plist><dict><key>k</key><true/><key>k</key><false/></dict></plist>", 1, 33,
      "duplicate key 'k' (first defined at 1:14)"
    ),
    ("<plist><key>k</key></plist>", 1, 8, "<key> is only allowed in a <dict>"),
    ("hello", 1, 1, "expected <plist>, found 'h'"),
  ])
  func locatedErrors(text: String, line: Int, column: Int, message: String) {
    Support.expectError(text, .xmlPlist, at: line, column, message)
  }

  @Test func nestingLimit() {
    let deep = "<plist>" + String(repeating: "<array>", count: 20_000)
    #expect(Support.failure(deep, .xmlPlist)?.message == "nesting is deeper than 256 levels")
  }

  @Test func invalidUTF8IsLocated() {
    let bytes =
      Array("<plist><string>ab".utf8) + [0xE2, 0x28, 0xA1] + Array("</string></plist>".utf8)
    do {
      _ = try LocatedDocument(data: Data(bytes), format: .xmlPlist)
      Issue.record("expected an error")
    } catch {
      #expect(error.location?.column == 18)
      #expect(error.message == "invalid UTF-8 in text")
    }
  }
}
