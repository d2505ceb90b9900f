import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// Reordering in edit mode through the adapter, within a list and between two lists.
@Suite("Reordering through the UIKit host")
@MainActor
struct ReorderTests {
  let state: EditingShapes.State
  let navigator: Navigator
  let screen: ScreenViewController

  init() throws {
    state = try EditingShapes.State()
    navigator = Navigator(
      root: try #require(EditingShapes.screen(named: "Two lists", state: state)))
    screen = try Apps.top(Apps.show(navigator))
    try #require(screen.navigationItem.rightBarButtonItems?.first).tap()
  }

  /// Drags a row, then runs what the adapter does once UIKit has finished the drag.
  @discardableResult
  func drag(from source: IndexPath, to target: IndexPath) -> IndexPath? {
    var work: [@MainActor () -> Void] = []
    screen.adapter?.schedule = { work.append($0) }
    let landed = screen.tableView.dragRow(from: source, to: target)
    for step in work { step() }
    return landed
  }

  @Test func aRowMovesToTheOtherList() throws {
    let today = state.today
    let later = state.later
    #expect(screen.tableView.isEditing)
    #expect(drag(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1)) != nil)
    #expect(state.today == Array(today.dropFirst()))
    #expect(state.later == [today[0]] + later)
    #expect(Shown.texts(screen.tableView)[1].first == today[0])
    #expect(screen.tableView.violations.isEmpty)
  }

  @Test func aRowMovesWithinItsList() throws {
    let today = state.today
    try #require(today.count >= 2)
    drag(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
    #expect(state.today == [today[1], today[0]] + today.dropFirst(2))
    #expect(screen.tableView.violations.isEmpty)
  }
}
