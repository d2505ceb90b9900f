import Foundation
import Testing
import Trellis
import TrellisTerminal
import TrellisTesting

@testable import TrellisDescriptors

/// `document` sources, which every library opens: the list inside a JSON document, in
/// batches, searched, added to and edited, and every mistake located.
@Suite("Descriptor sources: documents")
struct DocumentSourceTests {
  /// The fixture `Sources/Pages.json`, over `Sources/book.json`.
  static func pages() throws -> TableDescriptor {
    let url = try DescriptorTestSupport.fixtureURL("Sources/Pages.json")
    return try TableDescriptor(data: Data(contentsOf: url), file: url.path)
  }

  /// A descriptor written in a fresh folder beside `files`, read back.
  static func descriptor(_ text: String, files: [String: String] = [:]) throws -> (
    TableDescriptor, URL
  ) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-document-source-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, contents) in files {
      try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
    }
    let url = folder.appendingPathComponent("T.json")
    try Data(text.utf8).write(to: url)
    return (try TableDescriptor(data: Data(contentsOf: url), file: url.path), folder)
  }

  /// Binding problems, with the folder left out of file names.
  static func problems(_ descriptor: TableDescriptor, in folder: URL) -> [String] {
    descriptor.bind(root: DocumentObject([:])).diagnostics.map {
      $0.description.replacingOccurrences(of: folder.path + "/", with: "")
    }
  }

  @Test func theFixtureListsItsPagesThreeAtATime() throws {
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(
        showing: Self.pages(), root: DocumentObject([:])))
    #expect(
      app.texts == [["Cover", "Contents", "Chapter One", "Load more…", "New Page"], ["Source"]])
    #expect(app.row("Chapter One")?.detail == "2300")
    let text = TextRenderer(width: 40).render(app.top.snapshot())
    #expect(text.contains("PAGES"))
    #expect(text.contains("Chapter One"))
    try app.tap("Load more…")
    #expect(
      app.texts.first == ["Cover", "Contents", "Chapter One", "Chapter Two", "Index", "New Page"])
    try app.send(.search("chap"))
    #expect(app.texts.first == ["Chapter One", "Chapter Two", "New Page"])
  }

  @Test func aNewItemGoesIntoTheDocument() throws {
    let (descriptor, folder) = try Self.descriptor(
      #"""
      {"schemaVersion": 1, "sections": [{"source": {"document": {"file": "list.json",
        "keys": "title;words", "name": "Page"}}, "placeholder": "No pages", "addItem": "New Page"}]}
      """#, files: ["list.json": "[]"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(
        showing: descriptor, root: DocumentObject([:])))
    #expect(app.texts == [["No pages", "New Page"]])
    try app.tap("New Page")
    #expect(app.top.title == "New Page")
    #expect(app.texts == [["Title", "Words"]])
    try app.enter("Preface", at: "Title")
    try app.send(.done)
    #expect(app.texts == [["Preface", "New Page"]])
  }

  @Test func mistakesAreLocated() throws {
    let (descriptor, folder) = try Self.descriptor(
      #"""
      {"schemaVersion": 1, "sections": [
        {"source": {"document": {"file": "missing.json"}}},
        {"source": {"document": {"file": "book.json", "keyPath": "title"}}},
        {"source": {"document": {"file": "empty.json"}}},
        {"source": {"document": {"file": "broken.json"}}},
        {"source": {"document": {"file": "book.json", "keyPath": "pages"}}, "detail": "wrds"}
      ]}
      """#,
      files: [
        "book.json": #"{"title": "A", "pages": [{"title": "Cover", "words": 4}]}"#,
        "empty.json": "[]", "broken.json": "[{\"title\": }]",
      ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let problems = Self.problems(descriptor, in: folder)
    #expect(
      problems == [
        // The folder is left out of the message too: it names the file's whole path.
        "T.json:2:36: error: no document 'missing.json' at missing.json",
        "T.json:3:60: error: 'title' in 'book.json' is not a list of dictionaries",
        "T.json:4:36: error: the list in 'empty.json' is empty, so its keys are unknown: name "
          + "them in 'keys'",
        "broken.json:1:12: error: expected a JSON value, found '}'",
        "T.json:6:81: error: 'detail' names 'wrds', which the items do not have (did you mean "
          + "'words'?)",
      ])
  }
}
