import Testing
import TrellisTesting

@testable import Trellis

/// Every kind of event, sent by a person whose role may only look: none changes the store,
/// and each that would is refused in words, wherever it is sent from.
@Suite("Every event under a policy")
struct EveryEventTests {
  @Test func aViewerChangesNothingWhateverTheySend() throws {
    let (viewer, store) = try AccessPolicyTests.session(Person(name: "val", roles: ["viewer"]))
    viewer.navigator.namedActions["archive"] = { _ in Issue.record("the action ran") }
    let before = try AccessPolicyTests.tasks(store).map { [$0.title, $0.owner, $0.editedBy] }
    let first = try #require(viewer.path(of: "Ann's report"))
    let id = viewer.rowID(at: first)
    let list: [ScreenEvent] = [
      .delete(id), .move(id, to: ItemPath(item: 2, section: 0)), .add(section: 0),
      .add(section: nil), .insert(id), .setValue(id, "Renamed"), .setEditing(true),
      .delete(id), .setEditing(false), .search("Ann"), .search(""), .refresh,
      .loadMore(section: 0), .toggleSection(0), .accessoryTap(id), .takeTheirs, .done, .cancel,
      .back,
    ]
    var refusals: [String] = []
    for event in list {
      do { try viewer.send(event) } catch let error as ScreenError {
        if case .notPermitted(let why) = error { refusals.append(why) }
      }
    }
    #expect(refusals.contains("You may not delete this task."))
    #expect(refusals.contains("You may not reorder this task."))
    #expect(refusals.contains("You may not add this task."))
    // On the detail screen: every field, Done and Take Theirs.
    try viewer.tap("Ann's report")
    for label in ["Title", "Owner", "Edited By"] {
      let path = try #require(viewer.path(of: label))
      #expect(throws: ScreenError.self) {
        try viewer.send(.setValue(viewer.rowID(at: path), "Mine"))
      }
    }
    #expect(throws: ScreenError.notPermitted("You may not change this task.")) {
      try viewer.send(.done)
    }
    try viewer.send(.cancel)
    // A named action runs only where the policy grants it.
    var published = 0
    viewer.navigator.namedActions["publish"] = { _ in published += 1 }
    viewer.navigator.access?.policy.rules.append(
      AccessRule(roles: ["viewer"], [.run], on: ["publish"]))
    let actions = ContentSection<String>(id: "actions", content: ["archive", "publish"]) {
      name, row in
      row.text = name.capitalized
      row.action = .named(name)
    }
    viewer.top.model.addSection(actions)
    viewer.navigator.processChanges()
    #expect(throws: ScreenError.notPermitted("You may not run “archive”.")) {
      try viewer.tap("Archive")
    }
    try viewer.tap("Publish")
    #expect(published == 1)
    let after = try AccessPolicyTests.tasks(store).map { [$0.title, $0.owner, $0.editedBy] }
    #expect(after == before)
  }
}
