import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// The team's tasks on SQLite under ``TeamApp/policy``: a member's list is fetched with the
/// policy's rule in SQL, so other people's tasks never leave the database for them.
@Suite("Team tasks on SQLite")
struct TeamTasksOnSQLiteTests {
  static func session(_ person: Person, _ store: SQLiteStore) throws -> HeadlessApp {
    let definition = try store.itemsDefinition ?? TeamApp.taskDefinition()
    let navigator = Navigator(root: TeamApp.listScreen(store: store, definition: definition))
    navigator.access = Access(person: person, policy: TeamApp.policy)
    return HeadlessApp(navigator: navigator)
  }

  static func tasks(_ store: SQLiteStore) throws -> [TeamTask] {
    try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TeamTask }
  }

  @Test func eachMemberSeesTheirOwnAndTheLeadSeesAll() throws {
    let store = try TeamApp.sqliteStore(path: nil)
    let ann = try Self.session(Person(name: "ann", roles: ["member"]), store)
    let bob = try Self.session(Person(name: "bob", roles: ["member"]), store)
    let lead = try Self.session(Person(name: "lee", roles: ["lead"]), store)
    #expect(ann.texts == [["Plan the launch", "Call the printer"]])
    #expect(bob.texts == [["Review the budget"]])
    #expect(lead.texts == [["Plan the launch", "Review the budget", "Call the printer"]])

    // Ann adds a task: it is hers, and she is recorded as its editor.
    try ann.send(.add(section: nil))
    try ann.enter("Book the venue", at: "Title")
    try ann.send(.done)
    let added = try #require(try Self.tasks(store).last)
    #expect(added.owner == "ann" && added.editedBy == "ann")
    for session in [ann, bob, lead] {
      session.navigator.processChanges()
      try session.host.check()
    }
    #expect(ann.texts == [["Plan the launch", "Call the printer", "Book the venue"]])
    #expect(bob.texts == [["Review the budget"]], "Bob's list never shows Ann's task")
    #expect(lead.texts.first?.last == "Book the venue")

    // The lead changes Bob's task: the detail shows who edited it.
    try lead.tap("Review the budget")
    try lead.enter("Review the budget by Friday", at: "Title")
    try lead.send(.done)
    try lead.tap("Review the budget by Friday")
    #expect(lead.row("Edited by")?.value == "lee")
    #expect(lead.row("Edited by")?.isEnabled == false)
    // Who owns a task is the lead's to change; a member's own task keeps its owner.
    #expect(lead.row("Owner")?.isEnabled == true)
    try ann.tap("Plan the launch")
    #expect(ann.row("Title")?.isEnabled == true)
    #expect(ann.row("Owner")?.value == "ann")
    #expect(ann.row("Owner")?.isEnabled == false)
    try ann.send(.back)
    try ann.send(.add(section: nil))
    #expect(ann.row("Owner")?.isEnabled == false, "set to her at Done")
  }

  @Test func aGuestLooksAndChangesNothing() throws {
    let store = try TeamApp.sqliteStore(path: nil)
    let guest = try Self.session(Person(name: "gus", roles: ["guest"]), store)
    #expect(guest.texts.first?.count == 3)
    // The bar offers nothing the policy refuses; a member's offers Add and Edit.
    #expect(guest.top.barButtons.isEmpty)
    let member = try Self.session(Person(name: "ann", roles: ["member"]), store)
    #expect(member.top.barButtons.map(\.role) == [.add, .edit])
    // Someone with no role sees why the list is empty, not that there are no tasks.
    let nobody = try Self.session(Person(name: "nora", roles: []), store)
    #expect(nobody.texts == [["You may not see tasks."]])
    #expect(nobody.top.barButtons.isEmpty)
    #expect(throws: ScreenError.notPermitted("You may not add this task.")) {
      try guest.send(.add(section: nil))
    }
    let first = try #require(guest.path(of: "Plan the launch"))
    #expect(throws: ScreenError.notPermitted("You may not delete this task.")) {
      try guest.send(.delete(guest.rowID(at: first)))
    }
    #expect(try Self.tasks(store).count == 3)
  }

  /// A member's open form on a task the lead gives to someone else leaves her screen before
  /// the new owner's changes are drawn: no row of it stays, and the notice says why.
  @Test func aTaskGivenAwayLeavesTheOpenFormOfItsFormerOwner() throws {
    let store = try TeamApp.sqliteStore(path: nil)
    let ann = try Self.session(Person(name: "ann", roles: ["member"]), store)
    let bob = try Self.session(Person(name: "bob", roles: ["member"]), store)
    let lead = try Self.session(Person(name: "lee", roles: ["lead"]), store)
    try ann.tap("Call the printer")
    #expect(ann.row("Title")?.value == "Call the printer")
    try lead.tap("Call the printer")
    try lead.enter("bob", at: "Owner")
    try lead.send(.done)
    try ann.host.check()
    #expect(ann.texts.joined().isEmpty, "\(ann.texts)")
    #expect(ann.top.snapshot().notice == "This task is no longer yours to see.")
    #expect(!ann.top.snapshot().isDoneEnabled)
    // What Bob writes next never reaches Ann's screen.
    bob.navigator.processChanges()
    try bob.host.check()
    try bob.tap("Call the printer")
    try bob.enter("Private", at: "Title")
    try bob.send(.done)
    try ann.host.check()
    #expect(!ann.host.texts.joined().contains("Private"))
    #expect(ann.top.title != "Private")
    try ann.send(.cancel)
    #expect(ann.texts == [["Plan the launch"]])
  }
}
