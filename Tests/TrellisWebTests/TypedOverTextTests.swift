import Testing
import Trellis
import TrellisTesting

@testable import TrellisWeb

/// The text a page says its field showed, which a browser changed without anyone typing: a
/// NUL shown as U+FFFD, line ends as LF. Taken for the row's own text, it is no change of
/// another's to type over.
@Suite("Text a page typed over")
struct TypedOverTextTests {
  static func form(_ values: ValueDictionary) throws -> TableModel {
    let object = DocumentObject(.dictionary(values))
    let model = TableModel(title: "Note")
    _ = try model.generateSections(
      for: object, definition: DataDefinition.document(object.root, name: "Note"),
      mode: .deferred)
    model.processChanges()
    return model
  }

  @Test(arguments: [
    ("one\r\ntwo", "one\ntwo"), ("one\rtwo", "one\ntwo"), ("a\u{0}b", "a\u{FFFD}b"),
  ])
  func textAsABrowserShowsItIsTheRowsOwn(stored: String, shown: String) throws {
    let model = try Self.form(["note": .string(stored)])
    let path = ItemPath(item: 0, section: 0)
    #expect(WebSession.text(shown, shownAt: path, in: model) == stored)
    // Text that differs otherwise is what the page said it was.
    #expect(WebSession.text("other", shownAt: path, in: model) == "other")
  }

  @Test func plainTextIsLeftAsItIs() throws {
    let model = try Self.form(["note": "plain"])
    let path = ItemPath(item: 0, section: 0)
    #expect(WebSession.text("plain", shownAt: path, in: model) == "plain")
    #expect(WebSession.text("changed", shownAt: path, in: model) == "changed")
    #expect(WebSession.text("x", shownAt: ItemPath(item: 5, section: 3), in: model) == "x")
  }
}
