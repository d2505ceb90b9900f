import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("Document format detection")
struct DocumentFormatTests {
  static func detect(_ text: String, _ pathExtension: String? = nil) -> DocumentFormat {
    DocumentFormat.detect(in: Data(text.utf8), pathExtension: pathExtension)
  }

  @Test(arguments: [
    ("{\"a\": 1}", DocumentFormat.json),
    ("  [1, 2]", .json),
    ("{ \"a\" = 1; }", .openStepPlist),
    ("{ a = 1; }", .openStepPlist),
    ("{\n  // comment\n  a = b;\n}", .openStepPlist),
    ("( a, b )", .openStepPlist),
    ("/* header */ { a = 1; }", .openStepPlist),
    ("// settings\n{\"a\": 1}", .json),
    ("{\n  /* the name */ \"name\": \"Ada\"\n}", .json),
    ("<0fbd 7771>", .openStepPlist),
    ("<>", .openStepPlist),
    ("<?xml version=\"1.0\"?><plist/>", .xmlPlist),
    ("<!DOCTYPE plist><plist/>", .xmlPlist),
    ("<plist version=\"1.0\"><dict/></plist>", .xmlPlist),
    ("<dict/>", .xmlPlist),
    ("<date>2020-01-01T00:00:00Z</date>", .xmlPlist),
    ("\u{FEFF}<?xml version=\"1.0\"?>", .xmlPlist),
    ("'single'", .openStepPlist),
    ("bareword", .openStepPlist),
    ("\"greeting\" = \"Hello\";", .openStepPlist),
    ("farewell = Bye;", .openStepPlist),
  ])
  func contentDecides(text: String, format: DocumentFormat) {
    #expect(Self.detect(text) == format)
    // An extension does not override unambiguous content.
    #expect(Self.detect(text, format == .json ? "plist" : "json") == format)
  }

  @Test func commentsAreLookedPastAndJSONWithThemSaysJSONHasNone() throws {
    // Only comments before content both formats share: the extension decides.
    #expect(Self.detect("/* header */ { }", "plist") == .openStepPlist)
    #expect(Self.detect("/* header */ { }", "json") == .json)
    let text = "{\n  // the name\n  \"name\": \"Ada\"\n}\n"
    #expect(throws: Diagnostic.self) { try LocatedDocument(text: text, file: "c.json") }
    do {
      _ = try LocatedDocument(text: text, file: "c.json")
    } catch {
      #expect(
        error.description
          == "c.json:2:3: error: expected a string as object key, found a comment, which JSON does not allow"
      )
    }
  }

  @Test(arguments: [
    ("{\"a\": 1 // x\n}", "expected ',' or '}' after object member, found a comment"),
    ("{\"a\": \"s\" /* x */}", "expected ',' or '}' after object member, found a comment"),
    ("[1 // x\n, 2]", "expected ',' or ']' after array element, found a comment"),
    ("{\"a\" /* x */ : 1}", "expected ':' after object key, found a comment"),
    ("{\"a\": 1}\n// the end\n", "a comment after the JSON value, which JSON does not allow"),
  ])
  func aCommentAnywhereInJSONIsNamed(text: String, message: String) {
    do {
      _ = try LocatedDocument(text: text, format: .json, file: "c.json")
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func binaryIsRecognisedByItsMagic() throws {
    let data = try DocumentWriter.data(for: ["a": 1], format: .binaryPlist)
    #expect(DocumentFormat.detect(in: data, pathExtension: "json") == .binaryPlist)
  }

  @Test(arguments: ["{}", "{ }", "\"text\"", "12", "-1", "true", "null", "", "   "])
  func extensionBreaksTies(text: String) {
    #expect(Self.detect(text, "json") == .json)
    #expect(Self.detect(text, "plist") == .openStepPlist)
    #expect(Self.detect(text, "PLIST") == .openStepPlist)
    #expect(Self.detect(text, "strings") == .openStepPlist)
    #expect(Self.detect(text) == .json)
  }

  @Test func bytesNeitherFormatStartsWithAreTheExtensionsToReport() {
    let garbage = Data([0xFF, 0x00, 0x13, 0x37])
    #expect(DocumentFormat.detect(in: garbage, pathExtension: "plist") == .openStepPlist)
    #expect(DocumentFormat.detect(in: garbage, pathExtension: "json") == .json)
  }

  @Test func parsingUsesTheFileNameAsHint() throws {
    let plist = try LocatedDocument(text: "{}", file: "Empty.plist")
    #expect(plist.format == .openStepPlist)
    let json = try LocatedDocument(text: "{}", file: "empty.json")
    #expect(json.format == .json)
  }

  @Test(arguments: [
    ("MyTable.plist", DocumentFormat.openStepPlist),
    ("ProfileViewController.plist", .xmlPlist),
    ("RMSSettingsViewController.json", .json),
    ("profile-data.json", .json),
    ("settings-data.json", .json),
  ])
  func fixtures(name: String, format: DocumentFormat) throws {
    let (data, _) = try DocumentTestSupport.fixture(name)
    #expect(DocumentFormat.detect(in: data) == format)
  }

  @Test func names() {
    #expect(DocumentFormat.json.preferredPathExtension == "json")
    #expect(DocumentFormat.binaryPlist.preferredPathExtension == "plist")
    #expect(!DocumentFormat.binaryPlist.isText)
    #expect(DocumentFormat.openStepPlist.description == "OpenStep property list")
  }
}
