import Testing
import TrellisTesting

@testable import Trellis

/// A task with an owner and the name of who last changed it.
final class OwnedTask {
  var title = ""
  var owner = ""
  var editedBy = ""
  init(_ title: String = "", owner: String = "") {
    self.title = title
    self.owner = owner
  }
}

/// A policy enforced by the core: members see and change only their own tasks, viewers see
/// everything and change nothing, and every event outside the policy is refused with words.
@Suite("Access policy")
struct AccessPolicyTests {
  static let policy = AccessPolicy(
    rules: [
      AccessRule(roles: ["admin"], Set(Permission.allCases)),
      AccessRule(
        roles: ["member"], [.view, .add, .edit, .delete, .move], on: ["Task"],
        rows: try! Predicate("owner == $person")),
      AccessRule(roles: ["viewer"], [.view], on: ["Task"]),
    ], editorKey: "editedBy", ownerKey: "owner")

  static func definition() throws -> DataDefinition {
    var definition = try DataDefinition(
      for: OwnedTask.self,
      properties: [
        .init("title", \OwnedTask.title), .init("owner", \OwnedTask.owner),
        .init("editedBy", \OwnedTask.editedBy),
      ], make: { OwnedTask() })
    definition.name = "Task"
    return definition
  }

  /// A store of Ann's and Bob's tasks, and a session on it for `person`.
  static func session(_ person: Person?, store: MemoryStore? = nil) throws -> (
    HeadlessApp, MemoryStore
  ) {
    let definition = try definition()
    let store =
      store
      ?? MemoryStore(
        objects: [
          OwnedTask("Ann's report", owner: "ann"), OwnedTask("Bob's invoice", owner: "bob"),
          OwnedTask("Ann's call", owner: "ann"),
        ], definition: definition)
    let model = TableModel(title: "Tasks")
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.addItemText = "New task"
    model.addSection(section)
    let navigator = Navigator(root: Screen(model: model, navigationBar: .auto))
    if let person { navigator.access = Access(person: person, policy: policy) }
    return (HeadlessApp(navigator: navigator), store)
  }

  static func titles(_ store: MemoryStore) throws -> [String] {
    try tasks(store).map(\.title)
  }

  static func tasks(_ store: MemoryStore) throws -> [OwnedTask] {
    try store.fetch(FetchOptions()).compactMap { item in
      guard case .object(let ref) = item else { return nil }
      return ref.object as? OwnedTask
    }
  }

  @Test func aMemberSeesOnlyTheirOwnTasks() throws {
    let (ann, _) = try Self.session(Person(name: "ann", roles: ["member"]))
    #expect(ann.texts.first?.prefix(2) == ["Ann's report", "Ann's call"])
    #expect(!ann.texts.joined().contains("Bob's invoice"))
    let (admin, _) = try Self.session(Person(name: "root", roles: ["admin"]))
    #expect(admin.texts.first?.contains("Bob's invoice") == true)
    let (nobody, _) = try Self.session(Person(name: "eve", roles: []))
    #expect(!nobody.texts.joined().contains("Ann's report"), "no role sees nothing")
  }

  /// A list without a placeholder of its own says why it is empty to a person with no role
  /// that may see it, rather than showing nothing.
  @Test func someoneWhoMayNotSeeTheListIsToldSo() throws {
    let (stranger, _) = try Self.session(Person(name: "sam", roles: []))
    #expect(stranger.texts == [["You may not see tasks."]])
  }

  @Test func aViewerCannotDeleteMoveAddOrChange() throws {
    let (viewer, store) = try Self.session(Person(name: "val", roles: ["viewer"]))
    #expect(viewer.texts.first?.contains("Bob's invoice") == true)
    #expect(!viewer.texts.joined().contains("New task"), "no Add row for a viewer")
    let row = try #require(viewer.path(of: "Ann's report"))
    #expect(viewer.top.model.snapshot.sections[0].items[0].isDeletable == false)
    #expect(throws: ScreenError.notPermitted("You may not delete this task.")) {
      try viewer.send(.delete(viewer.rowID(at: row)))
    }
    #expect(throws: ScreenError.notPermitted("You may not reorder this task.")) {
      try viewer.send(.move(viewer.rowID(at: row), to: ItemPath(item: 1, section: 0)))
    }
    #expect(throws: ScreenError.notPermitted("You may not add this task.")) {
      try viewer.send(.add(section: nil))
    }
    #expect(viewer.top.notice == "You may not add this task.")
    // The detail opens read-only, with Back alone, and a value sent anyway is refused.
    try viewer.tap("Ann's report")
    #expect(viewer.row("Title")?.isEnabled == false)
    #expect(viewer.top.navigationBar == NavigationBarType.none)
    #expect(throws: ScreenError.notPermitted("You may not change this task.")) {
      try viewer.enter("Mine now", at: "Title")
    }
    #expect(throws: ScreenError.self) { try viewer.send(.done) }
    #expect(try Self.titles(store) == ["Ann's report", "Bob's invoice", "Ann's call"])
  }

  @Test func aMemberCannotGiveATaskAwayAndAddsTheirOwn() throws {
    let (ann, store) = try Self.session(Person(name: "ann", roles: ["member"]))
    try ann.tap("Ann's report")
    // The owner is the core's to set for someone who may change only their own tasks.
    #expect(ann.row("Owner")?.isEnabled == false)
    #expect(ann.row("Title")?.isEnabled == true)
    #expect(throws: ScreenError.self) { try ann.enter("bob", at: "Owner") }
    try ann.send(.cancel)
    try ann.tap("Ann's call")
    try ann.enter("Ann's long call", at: "Title")
    try ann.send(.done)
    let call = try Self.tasks(store)[2]
    #expect(call.title == "Ann's long call")
    #expect(call.editedBy == "ann", "the core records who changed it")
    #expect(try Self.tasks(store)[0].owner == "ann", "giving it away was refused")
    // A new task is hers.
    try ann.send(.add(section: nil))
    try ann.enter("Ann's walk", at: "Title")
    try ann.send(.done)
    let walk = try #require(try Self.tasks(store).last)
    #expect(walk.title == "Ann's walk" && walk.owner == "ann")
    #expect(ann.texts.first?.contains("Ann's walk") == true)
  }

  @Test func aMembersDeleteReachesOnlyTheirRows() throws {
    let (ann, store) = try Self.session(Person(name: "ann", roles: ["member"]))
    let (bob, _) = try Self.session(Person(name: "bob", roles: ["member"]), store: store)
    let row = try #require(ann.path(of: "Ann's report"))
    try ann.send(.delete(ann.rowID(at: row)))
    #expect(try Self.titles(store) == ["Bob's invoice", "Ann's call"])
    try bob.send(.refresh)
    #expect(bob.texts.first?.first == "Bob's invoice")
    #expect(!bob.texts.joined().contains("Ann's call"))
  }
}
