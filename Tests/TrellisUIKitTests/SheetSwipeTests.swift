import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// A sheet swiped down: it goes when it holds nothing unsaved, and asks first when it does.
@Suite("Sheets swiped down in the UIKit host")
@MainActor
struct SheetSwipeTests {
  let navigator: Navigator
  let store: MemoryStore
  let controller: TrellisViewController

  init() throws {
    (navigator, store) = try Apps.tasks(["Buy milk", "Call mum"])
    navigator.top.model.sections[0].detailPresentation = .modal
    controller = Apps.show(navigator)
  }

  /// Opens `task`'s form as a sheet; the sheet.
  func openSheet(_ task: String) throws -> UINavigationController {
    let list = try Apps.top(controller).tableView!
    list.tapRow(at: try Shown.path(of: task, in: list))
    #expect(controller.stacks.count == 2)
    return controller.stacks[1]
  }

  @Test func aSheetWithNothingUnsavedGoesWhenSwipedDown() throws {
    let sheet = try openSheet("Call mum")
    sheet.swipeDown()
    #expect(navigator.stack.count == 1)
    #expect(controller.stacks.count == 1)
    #expect(controller.stacks[0].presentedViewController == nil)
  }

  @Test func aSheetHoldingChangesAsksFirst() throws {
    let sheet = try openSheet("Call mum")
    let form = try Apps.top(controller, stack: 1)
    let name = try Shown.control(UITextField.self, of: "Name", in: form.tableView)
    name.becomeFirstResponder()
    name.text = "Call dad"
    name.resignFirstResponder()
    sheet.swipeDown()
    let ask = try #require(sheet.presentedViewController as? UIAlertController)
    #expect(ask.message == "Discard the changes on this screen?")
    #expect(ask.actions.map(\.title) == ["Discard Changes", "Keep Editing"])
    ask.tapAction("Keep Editing")
    #expect(navigator.stack.count == 2)
    #expect(controller.stacks.count == 2)
    #expect(try Shown.control(UITextField.self, of: "Name", in: form.tableView).text == "Call dad")
    sheet.swipeDown()
    try #require(sheet.presentedViewController as? UIAlertController).tapAction("Discard Changes")
    #expect(navigator.stack.count == 1)
    #expect(controller.stacks.count == 1)
    #expect(controller.stacks[0].presentedViewController == nil)
    let names = try store.fetch(FetchOptions()).compactMap { item -> String? in
      guard case .object(let ref) = item else { return nil }
      return (ref.object as? TaskItem)?.name
    }
    #expect(names == ["Buy milk", "Call mum"])
  }
}
