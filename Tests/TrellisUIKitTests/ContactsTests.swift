import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// The Contacts app through the UIKit host: grouped sections with an index, search through a
/// search controller, and master-detail in a split view.
@Suite("Contacts through the UIKit host")
@MainActor
struct ContactsTests {
  let navigator: Navigator
  let people: [Contact]

  init() throws {
    people = ContactsApp.people(40)
    let store = MemoryStore(objects: people, definition: try ContactsApp.definition())
    let list = try ContactsApp.model(store: store)
    navigator = Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
  }

  @Test func sectionsHaveIndexTitlesThatScrollToThem() throws {
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    let titles = try #require(table.dataSource?.sectionIndexTitles(for: table))
    navigator.processChanges()
    #expect(titles == navigator.top.model.snapshot.sections.compactMap(\.model.indexTitle))
    #expect(titles.count == table.numberOfSections && titles.contains("C"))
    #expect(table.sectionForIndexTitle(at: titles.count - 1) == table.numberOfSections - 1)
    #expect(table.violations.isEmpty)
  }

  @Test func theSearchControllerSearchesTheList() throws {
    let controller = Apps.show(navigator)
    let screen = try Apps.top(controller)
    let search = try #require(screen.navigationItem.searchController)
    let name = people[0].lastName
    search.type(name)
    let shown = Shown.texts(screen.tableView).joined()
    let expected = people.filter {
      $0.lastName.localizedCaseInsensitiveContains(name)
        || $0.firstName.localizedCaseInsensitiveContains(name)
    }
    #expect(shown.count == expected.count)
    #expect(navigator.top.searchText == name)
    search.type("")
    #expect(Shown.texts(screen.tableView).joined().count == people.count)
    #expect(screen.tableView.violations.isEmpty)
  }

  @Test func masterDetailShowsThePersonBesideTheList() throws {
    navigator.isMasterDetail = true
    let controller = Apps.show(navigator)
    let split = try #require(controller.split)
    #expect(split.viewController(for: .primary) === controller.stacks[0])
    let table = try Apps.top(controller).tableView!
    table.tapRow(at: IndexPath(row: 0, section: 0))
    #expect(navigator.stack.count == 1)
    let detail = try #require(controller.detailStack?.topViewController as? ScreenViewController)
    #expect(detail.isDetail && detail.screen === navigator.detail)
    #expect(split.shownColumn == .secondary)
    // The detail pane's events go to the detail screen.
    #expect(detail.adapter?.isDetail == true)
    #expect(table.violations.isEmpty && detail.tableView.violations.isEmpty)
  }

  @Test func theDetailButtonOpensThePersonToo() throws {
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    #expect(
      table.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryType == .detailDisclosureButton)
    table.tapAccessoryButton(at: IndexPath(row: 0, section: 0))
    #expect(navigator.stack.count == 2)
  }
}
