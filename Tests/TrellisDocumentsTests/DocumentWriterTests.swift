import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("Document writers")
struct DocumentWriterTests {
  typealias Support = DocumentTestSupport

  static func text(
    _ value: Value, _ format: DocumentFormat, options: DocumentWriteOptions = .init()
  )
    throws -> String
  {
    String(
      decoding: try DocumentWriter.data(for: value, format: format, options: options), as: UTF8.self
    )
  }

  static var jsonTree: Value {
    var dictionary = Support.plistTree.dictionaryValue ?? [:]
    dictionary["date"] = nil
    dictionary["data"] = nil
    dictionary["empty data"] = nil
    dictionary["nothing"] = nil
    dictionary["null"] = .null
    return .dictionary(dictionary)
  }

  @Test(arguments: DocumentFormat.allCases)
  func roundTrip(format: DocumentFormat) throws {
    let tree =
      switch format {
      case .json: Self.jsonTree
      case .openStepPlist: Support.openStepTree
      case .xmlPlist, .binaryPlist: Support.plistTree
      case .csv, .tsv: CSVDocumentTests.records
      }
    let data = try DocumentWriter.data(for: tree, format: format)
    // Separated values are known by their files' extensions, not their content.
    let file = [.csv, .tsv].contains(format) ? "T.\(format.preferredPathExtension)" : nil
    let document = try LocatedDocument(data: data, file: file)
    #expect(document.format == format)
    #expect(document.root == tree)
    // Writing again gives the same bytes: the output is stable.
    #expect(try document.encoded() == data)
  }

  @Test(arguments: [
    "MyTable.plist", "ProfileViewController.plist", "RMSSettingsViewController.json",
    "profile-data.json", "settings-data.json",
  ])
  func fixturesRoundTrip(name: String) throws {
    let (data, _) = try Support.fixture(name)
    let document = try LocatedDocument(data: data, file: name)
    let written = try document.encoded()
    let reread = try LocatedDocument(data: written, file: name)
    #expect(reread.format == document.format)
    #expect(reread.root == document.root)
    for format in [DocumentFormat.xmlPlist, .binaryPlist] where document.format != .json {
      let converted = try DocumentWriter.data(for: document.root, format: format)
      #expect(try LocatedDocument(data: converted).root == document.root)
    }
  }

  @Test func openStepFixtureIsWrittenAsItWasRead() throws {
    let (data, _) = try Support.fixture("MyTable.plist")
    let document = try LocatedDocument(data: data)
    #expect(
      String(decoding: try document.encoded(), as: UTF8.self)
        == String(decoding: data, as: UTF8.self))
  }

  @Test func jsonLayout() throws {
    let tree: Value = [
      "b": 1, "a": [true, nil, 2.0, "x\"\\\n\u{1}é"], "e": [], "o": [:], "n": ["k": -1],
    ]
    let expected = """
      {
        "b": 1,
        "a": [
          true,
          null,
          2.0,
          "x\\"\\\\\\n\\u0001é"
        ],
        "e": [],
        "o": {},
        "n": {
          "k": -1
        }
      }

      """
    #expect(try Self.text(tree, .json) == expected)
  }

  @Test func xmlLayout() throws {
    let tree: Value = [
      "s": "a<b>&c\r", "i": 1, "r": 0.5, "t": true, "a": [], "d": [:],
      "date": .date(Date(timeIntervalSince1970: 1_769_862_615.75)), "data": .data(Data([1, 2])),
      "list": ["x"],
    ]
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>s</key>
      \t<string>a&lt;b&gt;&amp;c&#13;</string>
      \t<key>i</key>
      \t<integer>1</integer>
      \t<key>r</key>
      \t<real>0.5</real>
      \t<key>t</key>
      \t<true/>
      \t<key>a</key>
      \t<array/>
      \t<key>d</key>
      \t<dict/>
      \t<key>date</key>
      \t<date>2026-01-31T12:30:15Z</date>
      \t<key>data</key>
      \t<data>AQI=</data>
      \t<key>list</key>
      \t<array>
      \t\t<string>x</string>
      \t</array>
      </dict>
      </plist>

      """
    let text = try Self.text(tree, .xmlPlist)
    #expect(text == expected)
    let theirs = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    let ours = try LocatedDocument(text: text).root
    #expect(FoundationBridge.value(theirs) == FoundationBridge.sortedKeys(ours))
  }

  @Test func openStepLayoutAndQuoting() throws {
    let tree: Value = [
      "bare": "word", "two words": "a b", "empty": "", "slashes": "a//b", "path": "a/b",
      "esc": "q\"\\\n\t\u{1}", "data": .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0x01])),
      "short": ["a", "b c"], "long": .array(Array(repeating: "abcdefghij", count: 8)),
      "mixed": [["x"]], "d": [:], "a": [],
    ]
    let expected = """
      {
          bare = word;
          "two words" = "a b";
          empty = "";
          slashes = "a//b";
          path = a/b;
          esc = "q\\"\\\\\\n\\t\\U0001";
          data = <deadbeef 01>;
          short = (a, "b c");
          long = (
              abcdefghij,
              abcdefghij,
              abcdefghij,
              abcdefghij,
              abcdefghij,
              abcdefghij,
              abcdefghij,
              abcdefghij
          );
          mixed = (
              (x)
          );
          d = {};
          a = ();
      }

      """
    let text = try Self.text(tree, .openStepPlist)
    #expect(text == expected)
    let theirs = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    #expect(FoundationBridge.value(theirs) == FoundationBridge.sortedKeys(tree))
  }

  @Test func openStepRefusesTypesItLacksUnlessAskedToConvert() throws {
    let tree: Value = [
      "rows": ["count": 12, "on": true, "ratio": 1.5, "list": [1, false]],
      "when": .date(Date(timeIntervalSince1970: 0)),
    ]
    #expect {
      try DocumentWriter.data(for: tree, format: .openStepPlist)
    } throws: { error in
      (error as? Diagnostic)?.message
        == "cannot write 'rows.count' as an OpenStep property list: the format has no Int values "
        + "(write with conversion .writeAsStrings to store them as text)"
    }
    let converted = try Self.text(tree, .openStepPlist, options: .init(conversion: .writeAsStrings))
    let root = try LocatedDocument(text: converted, format: .openStepPlist).root
    #expect(
      root == [
        "rows": ["count": "12", "on": "YES", "ratio": "1.5", "list": ["1", "NO"]],
        "when": "1970-01-01T00:00:00Z",
      ])
  }

  @Test func jsonRefusesDatesAndDataUnlessAskedToConvert() throws {
    let tree: Value = ["list": [.date(Date(timeIntervalSince1970: 0)), .data(Data([1]))]]
    #expect {
      try DocumentWriter.data(for: tree, format: .json)
    } throws: { error in
      (error as? Diagnostic)?.message.hasPrefix(
        "cannot write 'list.0' as JSON: the format has no Date")
        == true
    }
    let text = try Self.text(tree, .json, options: .init(conversion: .writeAsStrings))
    #expect(try LocatedDocument(text: text).root == ["list": ["1970-01-01T00:00:00Z", "AQ=="]])
    #expect(throws: Diagnostic.self) {
      try DocumentWriter.data(for: [.double(.nan)], format: .json)
    }
  }

  @Test(arguments: [DocumentFormat.xmlPlist, .openStepPlist, .binaryPlist])
  func propertyListsHaveNoNull(format: DocumentFormat) {
    #expect(throws: Diagnostic.self) {
      try DocumentWriter.data(
        for: ["a": nil], format: format, options: .init(conversion: .writeAsStrings))
    }
  }

  @Test(arguments: DocumentFormat.allCases)
  func objectReferencesCannotBeWritten(format: DocumentFormat) {
    final class Thing {}
    #expect(throws: Diagnostic.self) {
      try DocumentWriter.data(for: ["a": .object(ObjectReference(Thing()))], format: format)
    }
  }

  /// Separated values nest two levels at most: their refusal of deeper values is in
  /// `CSVDocumentTests`.
  @Test(arguments: DocumentFormat.allCases.filter { ![.csv, .tsv].contains($0) })
  func writersStopAtTheDepthLimit(format: DocumentFormat) {
    var tree: Value = "leaf"
    for _ in 0..<300 { tree = [tree] }
    #expect {
      try DocumentWriter.data(for: tree, format: format)
    } throws: { error in
      (error as? Diagnostic)?.message.contains("nesting is deeper than 256 levels") == true
    }
    var fits: Value = "leaf"
    for _ in 0..<256 { fits = [fits] }
    #expect(throws: Never.self) { try DocumentWriter.data(for: fits, format: format) }
  }

  @Test func datesAreWrittenInWholeSeconds() throws {
    let date = Date(timeIntervalSinceReferenceDate: 1000.75)
    let xml = try DocumentWriter.data(for: [.date(date)], format: .xmlPlist)
    #expect(
      try LocatedDocument(data: xml).root == [.date(Date(timeIntervalSinceReferenceDate: 1000))])
    let binary = try DocumentWriter.data(for: [.date(date)], format: .binaryPlist)
    #expect(try LocatedDocument(data: binary).root == [.date(date)])
    let ancient = Date(timeIntervalSinceReferenceDate: -70_000_000_000)
    #expect(throws: Diagnostic.self) {
      try DocumentWriter.data(for: [.date(ancient)], format: .xmlPlist)
    }
  }

  @Test func dateTextRoundTripsAcrossCenturies() throws {
    for seconds in stride(from: -60_000_000_000.0, through: 200_000_000_000, by: 7_777_777_777) {
      let date = Date(timeIntervalSince1970: seconds.rounded())
      let text = try #require(DocumentDate.string(from: date))
      #expect(DocumentDate.date(from: text) == date, "\(text)")
    }
    #expect(
      DocumentDate.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    #expect(DocumentDate.date(from: "2023-02-29T00:00:00Z") == nil)
    #expect(DocumentDate.date(from: "2024-02-29T23:59:59Z") != nil)
    #expect(DocumentDate.date(from: "2024-02-29 23:59:59Z") == nil)
  }
}
