import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// Placeholder, add-item, link and custom rows, pull to refresh and the first responder,
/// through the UIKit host.
@Suite("Special rows through the UIKit host")
@MainActor
struct SpecialRowsTests {
  @Test func anEmptyListShowsItsPlaceholderThatDoesNothing() throws {
    let (navigator, _) = try Apps.tasks([])
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    let path = try Shown.path(of: "No tasks yet!", in: table)
    #expect(table.cellForRow(at: path)?.selectionStyle == UITableViewCell.SelectionStyle.none)
    table.tapRow(at: path)
    #expect(navigator.stack.count == 1)
    #expect(table.violations.isEmpty)
  }

  @Test func theAddItemRowOpensANewItem() throws {
    let (navigator, _) = try Apps.tasks(["One"])
    let section = try #require(navigator.top.model.sections[0] as? ArrayOfObjectsSection)
    section.addItemText = "New task"
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    table.tapRow(at: try Shown.path(of: "New task", in: table))
    #expect(navigator.stack.count == 2)
    #expect(controller.stacks[0].viewControllers.count == 2)
    #expect(table.violations.isEmpty)
  }

  @Test func theLoadMoreRowLoadsTheNextBatch() throws {
    let (navigator, _) = try Apps.tasks((1...12).map { "Task \($0)" })
    let section = try #require(navigator.top.model.sections[0] as? ArrayOfObjectsSection)
    section.fetchOptions.batchSize = 5
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    #expect(Shown.texts(table)[0].count == 6)
    table.tapRow(at: try Shown.path(of: "Load more…", in: table))
    #expect(Shown.texts(table)[0].count == 11)
    #expect(Shown.texts(table)[0].last == "Load more…")
    #expect(table.violations.isEmpty)
  }

  @Test func aLinkRowOpensItsAddress() throws {
    var link = Row(id: RowID(.string("site")), kind: .link, text: "Website")
    link.action = .open("https://example.com/trellis")
    let navigator = Apps.navigator([link])
    let controller = Apps.show(navigator)
    var opened: [URL] = []
    controller.openURL = { opened.append($0) }
    let table = try Apps.top(controller).tableView!
    table.tapRow(at: try Shown.path(of: "Website", in: table))
    #expect(opened == [URL(string: "https://example.com/trellis")!])
  }

  @Test func aCustomRowUsesTheRegisteredCell() throws {
    var card = Row(id: RowID(.string("card")), kind: .custom, text: "Card")
    card.attributes.template = "card"
    let navigator = Apps.navigator([card])
    let controller = TrellisViewController(navigator: navigator)
    let made = UITableViewCell(style: .subtitle, reuseIdentifier: "card")
    controller.templates["card"] = { _, _, row in
      var content = UIListContentConfiguration.subtitleCell()
      content.text = "Custom " + (row.text ?? "")
      made.contentConfiguration = content
      return made
    }
    _ = controller.view
    let table = try Apps.top(controller).tableView!
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === made)
    #expect(Shown.texts(table) == [["Custom Card"]])
  }

  @Test func aFieldThatAsksForTheKeyboardGetsItWhenItsScreenAppears() throws {
    var name = Row(id: RowID(.string("name")), kind: .textField, text: "Name")
    name.attributes.becomesFirstResponder = true
    let navigator = Apps.navigator([Row(id: RowID(.string("a")), kind: .label, text: "A"), name])
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    #expect(try Shown.control(UITextField.self, of: "Name", in: table).isFirstResponder)
  }

  @Test func pullingAListRefreshesIt() throws {
    let (navigator, store) = try Apps.tasks(["One"])
    let controller = Apps.show(navigator)
    let screen = try Apps.top(controller)
    let refresh = try #require(screen.refreshControl)
    try store.insert(.object(ObjectReference(TaskItem(name: "Two"))), at: 1)
    refresh.pull()
    #expect(!refresh.isRefreshing)
    #expect(Shown.texts(screen.tableView) == [["One", "Two"]])
    #expect(screen.tableView.violations.isEmpty)
  }

  @Test func aFormWithoutListsHasNoRefreshOrSearch() throws {
    let (navigator, _) = try Apps.settings()
    let screen = try Apps.top(Apps.show(navigator))
    #expect(screen.refreshControl == nil)
    #expect(screen.navigationItem.searchController == nil)
  }
}
