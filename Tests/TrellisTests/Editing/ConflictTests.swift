import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis

/// Two people editing one task in two sessions: the second Done over a property the first
/// changed is refused with a conflict that names it, and the person chooses.
@Suite("Conflicting edits")
struct ConflictTests {
  /// Two sessions listing one store's tasks: Ann and Bob.
  static func sessions() throws -> (HeadlessApp, HeadlessApp, TaskItem) {
    let task = TaskItem(name: "Milk")
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [task], definition: definition)
    func session() -> HeadlessApp {
      let model = TableModel(title: "Tasks")
      model.addSection(ArrayOfObjectsSection(store: store, definition: definition))
      return HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    }
    return (session(), session(), task)
  }

  @Test func theSecondDoneOnOneFieldIsRefusedAndDoneAgainKeepsMine() throws {
    let (ann, bob, task) = try Self.sessions()
    try ann.tap("Milk")
    try bob.tap("Milk")
    try ann.enter("Oat milk", at: "Name")
    try bob.enter("Whole milk", at: "Name")
    try ann.send(.done)
    #expect(task.name == "Oat milk")

    #expect(throws: ScreenError.self) { try bob.send(.done) }
    #expect(task.name == "Oat milk", "Bob's value is not written over Ann's")
    let form = bob.top
    #expect(
      form.draft?.conflicts == [
        FieldConflict(name: "name", theirs: "Oat milk", yours: "Whole milk")
      ])
    #expect(form.notice?.contains("Someone else changed Name to “Oat milk”") == true)
    #expect(form.barButtons.map(\.role) == [.cancel, .takeTheirs, .done])
    #expect(bob.row("Name")?.validationMessage == "Changed meanwhile to “Oat milk”")
    #expect(form.draft?.value("name") == "Whole milk", "Bob's value stays in the form")

    // Done again keeps Bob's value, knowingly.
    try bob.send(.done)
    #expect(task.name == "Whole milk")
    #expect(bob.top !== form)
    #expect(ann.host.violations.isEmpty && bob.host.violations.isEmpty)
  }

  @Test func takeTheirsKeepsTheOtherValueAndSavesTheRest() throws {
    let (ann, bob, task) = try Self.sessions()
    try ann.tap("Milk")
    try bob.tap("Milk")
    try ann.enter("Oat milk", at: "Name")
    try bob.enter("Whole milk", at: "Name")
    try bob.enter("From the corner shop", at: "Description")
    try ann.send(.done)
    #expect(throws: ScreenError.self) { try bob.send(.done) }
    try bob.send(.takeTheirs)
    #expect(task.name == "Oat milk")
    #expect(task.description == "From the corner shop")
    #expect(bob.texts == [["Oat milk"]])
  }

  @Test func editsOfDifferentFieldsMergeWithoutAConflict() throws {
    let (ann, bob, task) = try Self.sessions()
    try ann.tap("Milk")
    try bob.tap("Milk")
    try ann.enter("Oat milk", at: "Name")
    try bob.enter("Two litres", at: "Description")
    try ann.send(.done)
    try bob.send(.done)
    #expect(task.name == "Oat milk")
    #expect(task.description == "Two litres")
    #expect(bob.texts == [["Oat milk"]])
  }

  @Test func theSameValueTwiceIsNoConflict() throws {
    let (ann, bob, task) = try Self.sessions()
    try ann.tap("Milk")
    try bob.tap("Milk")
    try ann.enter("Oat milk", at: "Name")
    try bob.enter("Oat milk", at: "Name")
    try ann.send(.done)
    try bob.send(.done)
    #expect(task.name == "Oat milk")
  }

  @Test func takeTheirsWithoutAConflictIsRefused() throws {
    let (ann, _, _) = try Self.sessions()
    try ann.tap("Milk")
    #expect(throws: ScreenError.notApplicable("nothing conflicts")) { try ann.send(.takeTheirs) }
  }
}
