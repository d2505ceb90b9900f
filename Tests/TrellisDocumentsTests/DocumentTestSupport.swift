import Foundation
import Testing
import TrellisValues
import TrellisTesting

@testable import TrellisDocuments

/// Shared helpers for the document tests.
enum DocumentTestSupport {
  /// Parses `text` in `format`, or records a failure and returns `nil`.
  static func parse(
    _ text: String, _ format: DocumentFormat, file: String? = nil,
    options: DocumentReadOptions = DocumentReadOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> LocatedDocument? {
    do {
      return try LocatedDocument(text: text, format: format, file: file, options: options)
    } catch {
      Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// The diagnostic for `text`, which must fail to parse.
  static func failure(
    _ text: String, _ format: DocumentFormat, file: String? = nil,
    options: DocumentReadOptions = DocumentReadOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Diagnostic? {
    do {
      let document = try LocatedDocument(text: text, format: format, file: file, options: options)
      Issue.record("expected an error, got \(document.root)", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  /// Checks that `text` fails at `line`:`column` with a message containing `message`.
  static func expectError(
    _ text: String, _ format: DocumentFormat, at line: Int, _ column: Int, _ message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    guard let diagnostic = failure(text, format, sourceLocation: sourceLocation) else { return }
    #expect(diagnostic.location?.line == line, "\(diagnostic)", sourceLocation: sourceLocation)
    #expect(diagnostic.location?.column == column, "\(diagnostic)", sourceLocation: sourceLocation)
    #expect(
      diagnostic.message.contains(message), "\(diagnostic)", sourceLocation: sourceLocation)
  }

  /// The bytes of a fixture file.
  static func fixture(_ name: String) throws -> (data: Data, url: URL) {
    let url = TestFixtures.url(name)
    return (try Data(contentsOf: url), url)
  }

  /// A fresh empty directory under the system's temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-documents-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A tree that uses every case a property list can hold, including awkward strings.
  static let plistTree: Value = .dictionary([
    "zeta": "last key first",
    "string": "plain",
    "escapes": "quote \" backslash \\ tab \t newline \n return \r amp & lt < gt > nul \u{0}",
    "unicode": "café – 日本語 – 🇫🇷 – e\u{301}",
    "empty string": "",
    "int": 42,
    "negative": -7,
    "big": .int(Int.max),
    "small": .int(Int.min),
    "double": 1.5,
    "integral double": .double(3),
    "tiny": .double(1e-300),
    "true": true,
    "false": false,
    "date": .date(Date(timeIntervalSinceReferenceDate: 790_000_000)),
    "data": .data(Data([0, 1, 2, 254, 255])),
    "empty data": .data(Data()),
    "array": [1, "two", 3.0, [], [:]],
    "empty array": [],
    "empty dictionary": [:],
    "nested": ["a": ["b": ["c": "deep"]]],
  ])

  /// A tree of strings, arrays, dictionaries and data: what OpenStep holds.
  static let openStepTree: Value = .dictionary([
    "zeta": "last key first",
    "bare": "can/be:bare.too-_$",
    "needs quotes": "two words",
    "comment-like": "a//b",
    "escapes": "quote \" backslash \\ tab \t newline \n return \r bell \u{7}",
    "unicode": "café – 日本語 – 🇫🇷",
    "empty": "",
    "number text": "12",
    "data": .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0x01])),
    "list": ["a", "b c", ["nested"], ["k": "v"]],
    "empty list": [],
    "empty dictionary": [:],
  ])
}
