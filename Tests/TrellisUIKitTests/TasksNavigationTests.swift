import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// The Tasks app through TrellisViewController: bar buttons, pushed and modal detail screens,
/// Back, swipe to delete, edit mode and reordering.
@Suite("Tasks through the UIKit host")
@MainActor
struct TasksNavigationTests {
  let navigator: Navigator
  let store: MemoryStore
  let controller: TrellisViewController

  init() throws {
    (navigator, store) = try Apps.tasks(["Buy milk", "Call mum", "Fix bike"])
    controller = Apps.show(navigator)
  }

  var list: UITableView { get throws { try Apps.top(controller).tableView } }

  @Test func theListShowsItsTasksAndItsBarButtons() throws {
    #expect(Shown.texts(try list) == [["Buy milk", "Call mum", "Fix bike"]])
    let item = try Apps.top(controller).navigationItem
    #expect(item.title == "Tasks")
    #expect(item.leftBarButtonItems?.map(\.systemItem) == [.add])
    #expect(item.rightBarButtonItems?.map(\.systemItem) == [.edit])
  }

  @Test func aTappedTaskPushesItsDetailAndBackPopsTheNavigator() throws {
    try list.tapRow(at: Shown.path(of: "Call mum", in: list))
    #expect(navigator.stack.count == 2)
    #expect(controller.stacks[0].viewControllers.count == 2)
    let detail = try Apps.top(controller)
    #expect(detail.screen === navigator.top)
    #expect(
      try Shown.control(UITextField.self, of: "Name", in: detail.tableView).text == "Call mum")
    controller.stacks[0].tapBack()
    #expect(navigator.stack.count == 1)
    #expect(controller.stacks[0].viewControllers.count == 1)
  }

  @Test func addEditsANewTaskThatDoneSaves() throws {
    try Apps.top(controller).navigationItem.leftBarButtonItems?.first?.tap()
    #expect(navigator.stack.count == 2)
    let form = try Apps.top(controller)
    let buttons =
      (form.navigationItem.leftBarButtonItems ?? [])
      + (form.navigationItem.rightBarButtonItems ?? [])
    #expect(Set(buttons.compactMap(\.systemItem)) == [.done, .cancel])
    let name = try Shown.control(UITextField.self, of: "Name", in: form.tableView)
    name.becomeFirstResponder()
    name.text = "Water plants"
    // Done ends editing first, so the name typed is in the draft it saves.
    try #require(form.navigationItem.rightBarButtonItems?.first { $0.systemItem == .done }).tap()
    #expect(navigator.stack.count == 1)
    #expect(try store.count(FetchOptions()) == 4)
    #expect(Shown.texts(try list).joined().contains("Water plants"))
    #expect(try list.violations.isEmpty && form.tableView.violations.isEmpty)
  }

  @Test func aModalDetailIsASheetThatCancelCloses() throws {
    navigator.top.model.sections[0].detailPresentation = .modal
    try list.tapRow(at: Shown.path(of: "Fix bike", in: list))
    #expect(controller.stacks.count == 2)
    let sheet = controller.stacks[1]
    #expect(controller.stacks[0].presentedViewController === sheet)
    #expect(sheet.presentationController?.delegate === controller)
    let form = try Apps.top(controller, stack: 1)
    try #require(
      ((form.navigationItem.leftBarButtonItems ?? [])
        + (form.navigationItem.rightBarButtonItems ?? []))
        .first { $0.systemItem == .cancel }
    ).tap()
    #expect(controller.stacks.count == 1)
    #expect(controller.stacks[0].presentedViewController == nil)
    #expect(navigator.stack.count == 1)
  }

  @Test func swipingDeletesATask() throws {
    let table = try list
    let path = try Shown.path(of: "Call mum", in: table)
    #expect(table.swipeActions(at: path).map(\.title) == ["Delete"])
    #expect(table.swipeActions(at: path).first?.style == .destructive)
    #expect(table.tapSwipeAction("Delete", at: path) == true)
    #expect(Shown.texts(table) == [["Buy milk", "Fix bike"]])
    #expect(try store.count(FetchOptions()) == 2)
    #expect(table.violations.isEmpty)
  }

  @Test func editModeShowsDeleteControlsAndDoneEndsIt() throws {
    let screen = try Apps.top(controller)
    try #require(screen.navigationItem.rightBarButtonItems?.first).tap()
    #expect(screen.tableView.isEditing)
    #expect(screen.navigationItem.rightBarButtonItems?.map(\.systemItem) == [.done])
    let table = screen.tableView!
    #expect(table.editingStyle(at: try Shown.path(of: "Buy milk", in: table)) == .delete)
    table.tapEditingControl(at: try Shown.path(of: "Buy milk", in: table))
    #expect(Shown.texts(table).joined().contains("Buy milk") == false)
    try #require(screen.navigationItem.rightBarButtonItems?.first).tap()
    #expect(!screen.tableView.isEditing)
    #expect(table.violations.isEmpty)
  }

  @Test func aDraggedTaskMovesInTheStore() throws {
    let screen = try Apps.top(controller)
    navigator.top.model.sections[0].rowDefaults.isMovable = true
    try #require(screen.navigationItem.rightBarButtonItems?.first).tap()
    var deferred: [@MainActor () -> Void] = []
    screen.adapter?.schedule = { deferred.append($0) }
    let table = screen.tableView!
    let landed = table.dragRow(
      from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
    #expect(landed == IndexPath(row: 2, section: 0))
    for work in deferred { work() }
    #expect(Shown.texts(table).first?.prefix(3) == ["Call mum", "Fix bike", "Buy milk"])
    let names = try store.fetch(FetchOptions()).compactMap { ($0.objectValue as? TaskItem)?.name }
    #expect(names == ["Call mum", "Fix bike", "Buy milk"])
    #expect(table.violations.isEmpty)
  }

  @Test func storeChangesReachTheTableInValidBatches() throws {
    let table = try list
    for index in 0..<12 {
      try store.insert(.object(ObjectReference(TaskItem(name: "Task \(index)"))), at: index % 3)
      navigator.processChanges()
    }
    try store.delete(at: 0)
    try store.move(from: 2, to: 7)
    navigator.processChanges()
    #expect(Shown.texts(table).joined().count == 14)
    #expect(table.shown.batchCount >= 13)
    #expect(table.violations.isEmpty)
  }
}
