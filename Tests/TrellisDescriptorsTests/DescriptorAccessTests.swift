import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A descriptor states its policy (`access`) and seed 000's section flags
/// (`allowAddingItems`, `allowDeletingItems`, `allowMovingItems`, `allowEditDetailView`); the
/// core enforces both.
@Suite("Descriptor access")
struct DescriptorAccessTests {
  static let pages = #"""
    [{"title": "Cover", "owner": "ann"}, {"title": "Preface", "owner": "bob"},
     {"title": "Index", "owner": "ann"}]
    """#

  static func navigator(_ text: String, person: Person?) throws -> (Navigator, TableDescriptor, URL)
  {
    let (descriptor, folder) = try DocumentSourceTests.descriptor(
      text, files: ["pages.json": pages])
    let navigator = try DescriptorLibrary().makeNavigator(
      showing: descriptor, root: DocumentObject([:]))
    if let person, let policy = descriptor.access {
      navigator.access = Access(person: person, policy: policy)
    }
    return (navigator, descriptor, folder)
  }

  static let owned = #"""
    {"schemaVersion": 1, "editable": true,
     "access": {"rules": [
       {"roles": ["editor"], "allow": ["view", "add", "edit", "delete", "move"]},
       {"roles": ["author"], "allow": ["view", "edit"], "on": ["Page"], "rows": "owner == $person"}
     ], "editorKey": "editor"},
     "sections": [{"source": {"document": {"file": "pages.json", "keys": "title;owner",
       "name": "Page"}}, "addItem": "New Page"}]}
    """#

  @Test func anAuthorSeesAndChangesOnlyTheirPages() throws {
    let (navigator, descriptor, folder) = try Self.navigator(
      Self.owned, person: Person(name: "ann", roles: ["author"]))
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(descriptor.access?.rules.count == 2)
    let ann = HeadlessApp(navigator: navigator)
    #expect(ann.texts == [["Cover", "Index"]], "no Add row: authors do not add")
    let cover = try #require(ann.path(of: "Cover"))
    #expect(throws: ScreenError.notPermitted("You may not delete this page.")) {
      try ann.send(.delete(ann.rowID(at: cover)))
    }
    let (editorNavigator, _, editorFolder) = try Self.navigator(
      Self.owned, person: Person(name: "eve", roles: ["editor"]))
    defer { try? FileManager.default.removeItem(at: editorFolder) }
    let editor = HeadlessApp(navigator: editorNavigator)
    #expect(editor.texts == [["Cover", "Preface", "Index", "New Page"]])
  }

  /// Keys the source names are typed by the document's values (text when none has one): a
  /// new page's form edits each as a field.
  @Test func aNewItemsFormEditsEachNamedKey() throws {
    let (navigator, _, folder) = try Self.navigator(
      #"""
      {"schemaVersion": 1, "editable": true,
       "sections": [{"source": {"document": {"file": "pages.json", "keys": "title;owner;note",
         "name": "Page"}}, "addItem": "New Page"}]}
      """#, person: nil)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = HeadlessApp(navigator: navigator)
    try app.tap("New Page")
    for label in ["Title", "Owner", "Note"] {
      #expect(app.row(label)?.kind == .textField, "\(label)")
    }
    try app.enter("Appendix", at: "Title")
    try app.send(.done)
    #expect(app.texts == [["Cover", "Preface", "Index", "Appendix", "New Page"]])
  }

  @Test func theSeedsSectionFlagsHoldForEveryone() throws {
    let (navigator, _, folder) = try Self.navigator(
      #"""
      {"schemaVersion": 1, "editable": true,
       "sections": [{"source": {"document": {"file": "pages.json", "keys": "title;owner",
         "name": "Page"}}, "addItem": "New Page", "allowAddingItems": false,
         "allowDeletingItems": false, "allowMovingItems": true, "allowEditDetailView": false}]}
      """#, person: nil)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = HeadlessApp(navigator: navigator)
    #expect(app.texts == [["Cover", "Preface", "Index"]], "no Add row")
    let snapshot = app.top.model.snapshot.sections[0].items
    #expect(snapshot[0].isDeletable == false && snapshot[0].isMovable == true)
    try app.tap("Cover")
    #expect(app.row("Title")?.isEnabled == false, "the detail is read-only")
    #expect(throws: ScreenError.self) { try app.enter("Back cover", at: "Title") }
    // Nothing to save or give up: Back leaves, and there is no Done or Cancel.
    let bar = app.top.snapshot()
    #expect(bar.barButtons.isEmpty && bar.canGoBack && bar.backTitle == nil)
  }

  @Test func aWrongPolicyIsLocated() throws {
    let text = #"""
      {"schemaVersion": 1, "access": {"rules": [
        {"roles": ["a"], "allow": ["view", "fly"]},
        {"roles": ["b"], "allow": ["view"], "rows": "owner == == 1"},
        {"allow": ["view"]}
      ]}, "sections": []}
      """#
    do {
      _ = try TableDescriptor(data: Data(text.utf8), file: "T.json")
      Issue.record("the descriptor was read")
    } catch {
      let messages = error.diagnostics.map(\.description)
      #expect(messages.count == 3, "\(messages)")
      #expect(messages.first?.hasPrefix("T.json:2:38: error: unknown permission 'fly'") == true)
      #expect(messages.contains { $0.hasPrefix("T.json:3:47: error: 'rows' is not a predicate") })
      #expect(messages.contains { $0.hasPrefix("T.json:4:3: error:") && $0.contains("roles") })
    }
  }
}
