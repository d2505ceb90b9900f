import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("JSON documents")
struct JSONDocumentParserTests {
  typealias Support = DocumentTestSupport

  @Test func scalarsAndNumbers() throws {
    let text = """
      {"i": 12, "n": -3, "zero": -0, "f": 1.5, "e": 1e3, "E": 2.5E-2, "fraction": 1.0,
       "big": 9223372036854775807, "small": -9223372036854775808, "t": true, "no": false,
       "nothing": null, "s": "text"}
      """
    let root = try #require(Support.parse(text, .json)).root
    let dictionary = try #require(root.dictionaryValue)
    #expect(dictionary["i"] == .int(12))
    #expect(dictionary["n"] == .int(-3))
    #expect(dictionary["zero"] == .int(0))
    #expect(dictionary["f"] == .double(1.5))
    #expect(dictionary["e"] == .double(1000))
    #expect(dictionary["E"] == .double(0.025))
    #expect(dictionary["fraction"] == .double(1))
    #expect(dictionary["big"] == .int(Int.max))
    #expect(dictionary["small"] == .int(Int.min))
    #expect(dictionary["t"] == .bool(true))
    #expect(dictionary["no"] == .bool(false))
    #expect(dictionary["nothing"] == .null)
    #expect(dictionary["s"] == .string("text"))
  }

  @Test func topLevelScalars() throws {
    #expect(Support.parse(" 42 ", .json)?.root == .int(42))
    #expect(Support.parse("\"x\"", .json)?.root == .string("x"))
    #expect(Support.parse("null", .json)?.root == .null)
    #expect(Support.parse("\u{FEFF}[]", .json)?.root == .array([]))
  }

  @Test func escapesAndUnicode() throws {
    let text = #"["\" \\ \/ \b \f \n \r \t", "\u00e9\u0041", "\ud83d\ude00", "日本 🇫🇷", "\u0000"]"#
    let root = try #require(Support.parse(text, .json)).root
    #expect(
      root == [
        "\" \\ / \u{8} \u{C} \n \r \t", "éA", "😀", "日本 🇫🇷", "\u{0}",
      ])
  }

  @Test func emptyContainers() {
    #expect(Support.parse("{}", .json)?.root == .dictionary([:]))
    #expect(Support.parse("[ ]", .json)?.root == .array([]))
    #expect(
      Support.parse(#"{"a": {}, "b": [[], {}]}"#, .json)?.root == ["a": [:], "b": [[], [:]]])
  }

  @Test func keyOrderIsKept() throws {
    let text = #"{"zebra": 1, "apple": 2, "mango": {"z": 1, "a": 2}}"#
    let root = try #require(Support.parse(text, .json)).root
    #expect(root.dictionaryValue?.keys == ["zebra", "apple", "mango"])
    #expect(root.dictionaryValue?["mango"]?.dictionaryValue?.keys == ["z", "a"])
  }

  @Test func locationsOfKeysAndValues() throws {
    let text = """
      {
        "sections": [
          {"rows": ["first", 2]},
          "é", "x"
        ],
        "title": "T"
      }
      """
    let document = try #require(Support.parse(text, .json, file: "form.json"))
    #expect(
      document.location(ofKeyPath: "")
        == TrellisValues.SourceLocation(file: "form.json", line: 1, column: 1))
    #expect(document.keyLocation(ofKeyPath: "sections")?.description == "form.json:2:3")
    #expect(document.location(ofKeyPath: "sections")?.description == "form.json:2:15")
    #expect(document.location(ofKeyPath: "sections.0")?.description == "form.json:3:5")
    #expect(document.keyLocation(ofKeyPath: "sections.0.rows")?.description == "form.json:3:6")
    #expect(document.location(ofKeyPath: "sections.0.rows.1")?.description == "form.json:3:24")
    #expect(document.location(ofKeyPath: "sections.1")?.description == "form.json:4:5")
    // Columns count characters: "é" is one character of two bytes.
    #expect(document.location(ofKeyPath: "sections.2")?.description == "form.json:4:10")
    #expect(document.location(ofKeyPath: "title")?.description == "form.json:6:12")
    #expect(document.location(ofKeyPath: "missing") == nil)
  }

  @Test func diagnosticsPointAtKeysAndFallBackToParents() throws {
    let text = "{\n  \"rows\": {\n    \"rowz\": 1\n  }\n}"
    let document = try #require(Support.parse(text, .json, file: "t.json"))
    let unknown = document.diagnostic(
      "unknown key 'rowz' (did you mean 'rows'?)", atKeyPath: "rows.rowz")
    #expect(unknown.description == "t.json:3:5: error: unknown key 'rowz' (did you mean 'rows'?)")
    let onValue = document.diagnostic("not a string", atKeyPath: "rows.rowz", onKey: false)
    #expect(onValue.location?.column == 13)
    let added = document.diagnostic("missing", atKeyPath: "rows.other.deeper")
    #expect(added.location?.line == 2)
    #expect(added.location?.column == 11)
  }

  @Test(arguments: [
    ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after object member"),
    ("[1 2]", 1, 4, "expected ',' or ']' after array element"),
    ("{\"a\" 1}", 1, 6, "expected ':' after object key"),
    ("{a: 1}", 1, 2, "expected a string as object key, found 'a'"),
    ("{\"a\": 1,}", 1, 9, "trailing comma is not allowed"),
    ("[1,]", 1, 4, "trailing comma is not allowed"),
    ("", 1, 1, "expected a JSON value"),
    ("  \n  ", 2, 3, "expected a JSON value"),
    ("[1,\n  tru]", 2, 3, "expected a JSON value, found 't'"),
    ("{\"a\": 01}", 1, 7, "leading zeros are not allowed"),
    ("[-]", 1, 3, "expected a digit after '-'"),
    ("[1.]", 1, 4, "expected a digit after '.'"),
    ("[1e+]", 1, 5, "expected a digit in the exponent"),
    ("[1e999]", 1, 2, "number 1e999 is out of range"),
    // A whole number past 64 bits would be saved back as a fraction, with other digits.
    ("[1, 12345678901234567890]", 1, 5, "the whole number 12345678901234567890 is out of range"),
    ("[-9223372036854775809]", 1, 2, "saving would change its digits"),
    ("[\"abc", 1, 2, "unterminated string"),
    ("[\"a\nb\"]", 1, 4, "control character U+000A must be escaped"),
    ("[\"\\x\"]", 1, 3, "invalid escape '\\x'"),
    ("[\"\\u12G4\"]", 1, 3, "expected four hex digits after '\\u'"),
    ("[\"\\ud800\"]", 1, 3, "unpaired surrogate \\uD800"),
    ("[\"\\ud800\\u0041\"]", 1, 3, "unpaired surrogate \\uD800"),
    ("[\"\\udc00\"]", 1, 3, "unpaired surrogate \\uDC00"),
    ("{\"a\": 1}\n  x", 2, 3, "unexpected 'x' after the JSON value"),
    ("{\"a\": 1, \"b\": 2,\n \"a\": 3}", 2, 2, "duplicate key 'a' (first defined at 1:2)"),
    ("[é]", 1, 2, "found 'é'"),
    ("{\"x\": [1, 2", 1, 12, "expected ',' or ']' after array element"),
    ("{\"x\"", 1, 5, "expected ':' after object key"),
  ])
  func locatedErrors(text: String, line: Int, column: Int, message: String) {
    Support.expectError(text, .json, at: line, column, message)
  }

  @Test func invalidUTF8IsLocated() throws {
    var bytes = Array("[\"ok\",\n \"a".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\"]".utf8)
    do {
      _ = try LocatedDocument(data: Data(bytes), format: .json)
      Issue.record("expected an error")
    } catch {
      #expect(error.location?.line == 2)
      #expect(error.location?.column == 4)
      #expect(error.message == "invalid UTF-8 in string")
    }
  }

  @Test func errorsNameTheFile() throws {
    let diagnostic = try #require(Support.failure("{\n  \"a\" 1\n}", .json, file: "Form.json"))
    #expect(diagnostic.description == "Form.json:2:7: error: expected ':' after object key")
  }

  @Test func nestingLimit() throws {
    let options = DocumentReadOptions(maximumDepth: 10)
    let fits = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    #expect(Support.parse(fits, .json, options: options) != nil)
    let deep = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
    let diagnostic = try #require(Support.failure(deep, .json, options: options))
    #expect(diagnostic.location?.column == 11)
    #expect(diagnostic.message == "nesting is deeper than 10 levels")
    // Far past the default limit: an error, not a stack overflow.
    let hostile = String(repeating: "{\"a\":", count: 100_000)
    #expect(Support.failure(hostile, .json)?.message == "nesting is deeper than 256 levels")
  }

  @Test func duplicateKeysMayBeAllowed() throws {
    let options = DocumentReadOptions(allowsDuplicateKeys: true)
    let document = Support.parse(#"{"a": 1, "b": 2, "a": 3}"#, .json, options: options)
    #expect(document?.root == ["a": 3, "b": 2])
  }

  @Test func locationsCanBeSkipped() {
    let options = DocumentReadOptions(recordsLocations: false)
    let document = Support.parse(#"{"a": [1, {"b": null}]}"#, .json, options: options)
    #expect(document?.root == ["a": [1, ["b": nil]]])
    #expect(document?.locations.isEmpty == true)
    let diagnostic = Support.failure(#"{"a": [1,}"#, .json, options: options)
    #expect(diagnostic?.location == TrellisValues.SourceLocation(line: 1, column: 10))
    #expect(diagnostic?.message == "expected a JSON value, found '}'")
  }
}
