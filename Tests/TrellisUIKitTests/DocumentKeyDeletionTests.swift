import Foundation
import Testing
import Trellis
import TrellisUIKitOnMirror
import UIKitMirror

/// A document's object that takes new keys, in the UIKit host: a key's row swipes to Delete
/// and shows the minus in edit mode, which the bar's Edit turns on; the form's Cancel keeps
/// the key.
@Suite("Deleting a document's keys through the UIKit host")
@MainActor
struct DocumentKeyDeletionTests {
  let document = DocumentObject(["name": "Ann", "port": 80])
  let navigator: Navigator
  let controller: TrellisViewController
  let screen: ScreenViewController

  init() throws {
    var definition = DataDefinition.document(document.root, name: "Doc")
    definition.addableKeyKinds = [.text, .number]
    let model = TableModel(title: "Doc")
    let draft = try model.generateSections(for: document, definition: definition, mode: .deferred)
    navigator = Navigator(
      root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
    controller = Apps.show(navigator)
    screen = try Apps.top(controller)
  }

  var table: UITableView { screen.tableView }

  func button(_ item: UIBarButtonItem.SystemItem) throws -> UIBarButtonItem {
    let items =
      (screen.navigationItem.leftBarButtonItems ?? [])
      + (screen.navigationItem.rightBarButtonItems ?? [])
    return try #require(items.first { $0.systemItem == item })
  }

  @Test func aKeySwipesToDeleteAndCancelKeepsIt() throws {
    #expect(screen.navigationItem.rightBarButtonItems?.map(\.systemItem) == [.edit, .done])
    let name = try Shown.path(of: "Name", in: table)
    #expect(table.swipeActions(at: name).map(\.title) == ["Delete"])
    #expect(table.swipeActions(at: try Shown.path(of: "Add Key…", in: table)).isEmpty)
    #expect(table.tapSwipeAction("Delete", at: name) == true)
    #expect(Shown.texts(table) == [["Port", "Add Key…"]])
    #expect(document.root.dictionaryValue?["name"] == "Ann", "nothing before Done")
    try button(.cancel).tap()
    #expect(Shown.texts(table) == [["Name", "Port", "Add Key…"]])
    #expect(table.violations.isEmpty)
  }

  @Test func editModeShowsEachKeysMinusAndDoneWritesTheDelete() throws {
    try button(.edit).tap()
    #expect(table.isEditing)
    // While editing, Edit (as Done) alone is on the bar.
    #expect(screen.navigationItem.rightBarButtonItems?.map(\.systemItem) == [.done])
    #expect(screen.navigationItem.leftBarButtonItems?.isEmpty ?? true)
    let port = try Shown.path(of: "Port", in: table)
    #expect(table.editingStyle(at: port) == .delete)
    #expect(table.editingStyle(at: try Shown.path(of: "Add Key…", in: table)) == .insert)
    table.tapEditingControl(at: port)
    #expect(Shown.texts(table) == [["Name", "Add Key…"]])
    try button(.done).tap()
    #expect(!table.isEditing)
    try button(.done).tap()
    #expect(document.root == ["name": "Ann"])
    #expect(table.violations.isEmpty)
  }
}
