import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A source section's `fields` say how its items' forms show some keys: a text view, a
/// required name, a choice, a range; a key the items lack is a located error.
@Suite("Descriptor sources: fields")
struct SourceFieldsTests {
  static let descriptor = #"""
    {"schemaVersion": 1, "sections": [{"source": {"document": {"file": "list.json",
      "keys": "title;notes;colour;pages", "name": "Page"}}, "addItem": "New Page",
      "fields": {
        "title": {"required": true, "placeholder": "Untitled"},
        "notes": {"kind": "textView"},
        "colour": {"kind": "selection", "choices": ["Red", "Green"], "title": "Ink"},
        "pages": {"kind": "numericTextField", "minimum": 1, "maximum": 500}
      }}]}
    """#

  @Test func fieldsShapeTheItemsForms() throws {
    let (descriptor, folder) = try DocumentSourceTests.descriptor(
      Self.descriptor, files: ["list.json": "[]"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(
        showing: descriptor, root: DocumentObject([:])))
    try app.tap("New Page")
    #expect(app.texts == [["Title", "Notes", "Ink", "Pages"]])
    #expect(app.row("Title")?.attributes.placeholder == "Untitled")
    #expect(app.row("Notes")?.kind == .textView)
    #expect(app.row("Ink")?.kind == .selection)
    #expect(app.row("Pages")?.attributes.maximum == 500)
    // The title is required: Done is refused until it has one.
    #expect(throws: (any Error).self) { try app.send(.done) }
    try app.enter("Preface", at: "Title")
    #expect(throws: (any Error).self) {
      try app.enter(try app.row("Pages")!.value(for: .text("900")), at: "Pages")
    }
    try app.tap("Ink")
    try app.tap("Green")
    try app.send(.done)
    #expect(app.texts.first?.first == "Preface")
  }

  @Test func aFieldTheItemsLackIsLocated() throws {
    let (descriptor, folder) = try DocumentSourceTests.descriptor(
      #"""
      {"schemaVersion": 1, "sections": [{"source": {"document": {"file": "list.json",
        "keys": "title"}}, "fields": {"titel": {"required": true}}}]}
      """#, files: ["list.json": "[]"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      DocumentSourceTests.problems(descriptor, in: folder) == [
        "T.json:2:42: error: 'fields' names 'titel', which the items do not have (did you mean "
          + "'title'?)"
      ])
  }
}
