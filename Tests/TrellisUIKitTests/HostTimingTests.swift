import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// When the UIKit host acts, as UIKit allows it: typing entered on its own screen before a tap
/// opens another, a page asked for after layout, swipes only where a delete is allowed, the
/// table's own row height, and a reused cell that keeps no colour of its last row.
@Suite("The UIKit host's timing and reuse")
@MainActor
struct HostTimingTests {
  @Test func aTapEntersWhatIsTypedBeforeItOpensAnotherScreen() throws {
    let (navigator, _) = try Apps.tasks(["Call mum"])
    let controller = Apps.show(navigator)
    let list = try Apps.top(controller).tableView!
    list.tapRow(at: try Shown.path(of: "Call mum", in: list))
    let form = try Apps.top(controller)
    let name = try Shown.control(UITextField.self, of: "Name", in: form.tableView)
    name.becomeFirstResponder()
    name.text = "Call dad"
    // A tap takes no keyboard away by itself: the host ends the typing, on the form, first.
    form.tableView.tapRow(at: try Shown.path(of: "Category", in: form.tableView))
    #expect(navigator.stack.count == 3)
    #expect(!name.isFirstResponder)
    controller.stacks[0].tapBack()
    #expect(navigator.stack.count == 2)
    let shown = try Apps.top(controller)
    #expect(try Shown.control(UITextField.self, of: "Name", in: shown.tableView).text == "Call dad")
    #expect(form.tableView.violations.isEmpty)
  }

  @Test func aCoveredScreenSendsNothingToTheScreenOnTop() throws {
    let (navigator, _) = try Apps.tasks(["Call mum"])
    let controller = Apps.show(navigator)
    let listScreen = try Apps.top(controller)
    let list = listScreen.tableView!
    list.tapRow(at: try Shown.path(of: "Call mum", in: list))
    #expect(navigator.stack.count == 2)
    let before = navigator.top.model.snapshot
    // An event the list's table sends late (a field's end, a photo loaded) while the form
    // covers it goes nowhere: it is neither refused by the form nor applied to it.
    var refused: [ScreenError] = []
    listScreen.adapter?.onError = { refused.append($0) }
    listScreen.adapter?.send(.cancel)
    #expect(refused.isEmpty)
    #expect(navigator.stack.count == 2, "the form on top stays open")
    #expect(navigator.top.model.snapshot == before)
  }

  @Test func aShownLoadMoreRowAsksForItsPageOnceLayoutIsDone() throws {
    var more = Row(id: RowID(.string("more")), kind: .loadMore, text: "Load more…")
    more.attributes.loadsWhenShown = true
    let navigator = Apps.navigator([Row(id: RowID(.string("a")), kind: .label, text: "A"), more])
    let controller = Apps.show(navigator)
    let screen = try Apps.top(controller)
    let table = try #require(screen.tableView)
    var deferred: [@MainActor () -> Void] = []
    screen.adapter?.schedule = { deferred.append($0) }
    var sent: [ScreenError] = []
    // A plain section has no next page: the event, once sent, is refused, which shows it went.
    screen.adapter?.onError = { sent.append($0) }
    let path = try Shown.path(of: "Load more…", in: table)
    // UIKit shows the row while it lays out, and may show it again before layout ends.
    table.display(at: path)
    table.display(at: path)
    #expect(sent.isEmpty, "nothing is sent while the table lays out")
    #expect(deferred.count == 1, "the page is asked for once")
    for work in deferred { work() }
    #expect(sent.count == 1)
    #expect(table.violations.isEmpty)
  }

  @Test func aRowThatCannotBeDeletedOffersNoSwipe() throws {
    var kept = Row(id: RowID(.string("kept")), kind: .label, text: "Kept")
    kept.editingStyle = .delete
    kept.isDeletable = false
    var off = Row(id: RowID(.string("off")), kind: .label, text: "Off")
    off.editingStyle = .delete
    off.isDeletable = true
    off.isEnabled = false
    let navigator = Apps.navigator([kept, off])
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    #expect(table.swipeActions(at: try Shown.path(of: "Kept", in: table)).isEmpty)
    #expect(table.swipeActions(at: try Shown.path(of: "Off", in: table)).isEmpty)
  }

  @Test func aReusedValue2CellKeepsNoRedOfItsLastRow() throws {
    var refused = Row(id: RowID(.string("refused")), kind: .label, text: "Refused")
    refused.attributes.cellStyle = .value2
    refused.detailText = "ada@"
    refused.validationMessage = "is not an email address"
    var fine = Row(id: RowID(.string("fine")), kind: .label, text: "Fine")
    fine.attributes.cellStyle = .value2
    fine.detailText = "ada@example.com"
    let controller = Apps.show(Apps.navigator([refused, fine]))
    let table = try Apps.top(controller).tableView!
    let red = try Shown.cell("Refused", in: table)
    #expect(red.detailTextLabel?.textColor?.name == "systemRed")
    // A full reload dequeues the cells again, each for the other row.
    table.reloadData()
    let reused = try Shown.cell("Fine", in: table)
    #expect(reused === red)
    #expect(reused.detailTextLabel?.textColor?.name != "systemRed")
    #expect(try Shown.cell("Refused", in: table).detailTextLabel?.textColor?.name == "systemRed")
  }

  @Test func aRowWithoutItsOwnHeightHasTheTables() throws {
    let navigator = Apps.navigator([Row(id: RowID(.string("a")), kind: .label, text: "A")])
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    table.rowHeight = 61
    #expect(table.height(at: IndexPath(row: 0, section: 0)) == 61)
  }
}
