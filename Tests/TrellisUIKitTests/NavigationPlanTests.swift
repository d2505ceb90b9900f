import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror

/// Which screens UIKit shows and how, and what gestures mean, decided without UIKit.
@Suite("Navigation plan and row gestures")
@MainActor
struct NavigationPlanTests {
  func screen(_ title: String, _ presentation: Screen.Presentation = .push) -> Screen {
    let screen = Screen(model: TableModel(title: title))
    screen.presentation = presentation
    return screen
  }

  @Test func modalScreensStartNewStacks() {
    let navigator = Navigator(root: screen("List"))
    navigator.push(screen("Detail"))
    navigator.push(screen("Sheet", .modal))
    navigator.push(screen("Choices"))
    let plan = NavigationPlan(navigator)
    #expect(plan.stacks.map { $0.map(\.title) } == [["List", "Detail"], ["Sheet", "Choices"]])
    #expect(plan.detail == nil && !plan.isSplit)
    #expect(plan.backCount(stack: 1, shownCount: 1) == 1)
    #expect(plan.backCount(stack: 0, shownCount: 2) == 0)
  }

  @Test func theDetailPaneShowsOnlyWhileTheListIsOnTop() throws {
    let (navigator, _) = try Apps.tasks(["One"])
    navigator.isMasterDetail = true
    navigator.processChanges()
    try navigator.handle(.select(navigator.top.model.snapshot.sections[0].items[0].id))
    var plan = NavigationPlan(navigator)
    #expect(plan.isSplit && plan.detail != nil && plan.stacks.count == 1)
    navigator.push(screen("Over"))
    plan = NavigationPlan(navigator)
    #expect(plan.detail == nil)
  }

  @Test func barItemsFollowEditingAndValidity() throws {
    let (navigator, _) = try Apps.tasks(["One"])
    var items = BarItem.items(for: navigator.top.snapshot())
    #expect(items.left.map(\.kind) == [.add] && items.right.map(\.kind) == [.edit])
    navigator.top.setEditing(true)
    items = BarItem.items(for: navigator.top.snapshot())
    #expect(items.right.map(\.kind) == [.endEditing])
    #expect(items.right.first?.event == .setEditing(false))
  }

  @Test func tapsSwipesAndReturnMeanWhatTheRowIs() throws {
    let (navigator, _) = try Apps.settings()
    navigator.processChanges()
    let table = navigator.top.model.snapshot
    let rows = table.sections.flatMap(\.items)
    func row(_ text: String) -> RowSnapshot { rows.first { $0.text == text }! }
    #expect(RowGesture.tap(row("Username")) == .focus)
    #expect(RowGesture.tap(row("Avatar")) == .pickImage)
    #expect(RowGesture.tap(row("Notifications")) == .none)
    #expect(RowGesture.tap(row("Ringtone")) == .send(.select(row("Ringtone").id)))
    #expect(RowGesture.swipeActions(row("Username")).isEmpty)
    let next = try #require(RowGesture.nextField(after: row("Username").id, in: table))
    #expect(table[safe: next]?.text == "Password")
    let afterPassword = try #require(RowGesture.nextField(after: row("Password").id, in: table))
    #expect(table[safe: afterPassword]?.text == "Message")
    #expect(RowGesture.nextField(after: row("Signature").id, in: table) == nil)
  }

  @Test func aDeletableRowSwipesToDelete() throws {
    let (navigator, _) = try Apps.tasks(["One"])
    navigator.processChanges()
    let row = navigator.top.model.snapshot.sections[0].items[0]
    #expect(RowGesture.swipeActions(row).map(\.event) == [.delete(row.id)])
  }
}
