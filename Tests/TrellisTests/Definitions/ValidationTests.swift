import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@Suite("Validation and value actions")
struct ValidationTests {
  private func settings() throws -> (TableModel, DocumentObject, Draft) {
    var definition = try DataDefinition.dictionary(keys: "volume;age;code")
    definition["volume"]?.type = .slider
    definition["volume"]?.attributes = .numeric(minimum: 0, maximum: 100)
    definition["age"]?.type = .numericTextField
    definition["age"]?.attributes = .numeric(minimum: 0, allowsFloat: false)
    definition["code"]?.actions.valueIsValid = { value, _ in
      value.stringValue?.count == 4 ? nil : "Code must have 4 characters"
    }
    let values = DocumentObject(["volume": 50, "age": 30, "code": "ABCD"])
    let model = TableModel()
    let draft = try model.generateSections(for: values, definition: definition)
    return (model, values, draft)
  }

  @Test func numericRangeAndWholeNumbers() throws {
    let (model, values, draft) = try settings()
    try model.setValue(150, at: ItemPath(item: 0, section: 0))
    #expect(draft.message("volume") == "Volume must be at most 100")
    #expect(try values.value(forKey: "volume") == 50)
    try model.setValue(-1, at: ItemPath(item: 0, section: 0))
    #expect(draft.message("volume") == "Volume must be at least 0")
    try model.setValue("12.5", at: ItemPath(item: 1, section: 0))
    #expect(draft.message("age") == "Age: \"12.5\" is not a valid whole number")
    try model.setValue("abc", at: ItemPath(item: 1, section: 0))
    #expect(draft.message("age") == "Age: \"abc\" is not a valid whole number")
    #expect(try values.value(forKey: "age") == 30)
    try model.setValue("31", at: ItemPath(item: 1, section: 0))
    #expect(try values.value(forKey: "age") == 31)
    #expect(draft.message("age") == nil)
  }

  @Test func customValidationAction() throws {
    let (model, values, draft) = try settings()
    try model.setValue("ABC", at: ItemPath(item: 2, section: 0))
    #expect(draft.message("code") == "Code must have 4 characters")
    #expect(try values.value(forKey: "code") == "ABCD")
    #expect(model.shown.sections[0].items[2].validationMessage == "Code must have 4 characters")
  }

  @Test func valueChangedFiresAfterAnAcceptedEdit() throws {
    let changes = Log()
    var definition = try DataDefinition.dictionary(keys: "name")
    definition["name"]?.actions.valueChanged = { value, context in
      changes.add("\(context.propertyName ?? "?")=\(value.displayText)")
    }
    let values = DocumentObject(["name": "Ken"])
    let model = TableModel()
    try model.generateSections(for: values, definition: definition)
    let navigator = Navigator(root: Screen(model: model))
    navigator.processChanges()
    let name = try #require(model.rowID(at: ItemPath(item: 0, section: 0)))
    try navigator.handle(.setValue(name, "Ada"))
    #expect(changes.entries == ["name=Ada"])
  }

  @Test func didFetchItemsFires() throws {
    let log = Log()
    let (navigator, _) = try TasksApp.navigator(tasks: [TaskItem(name: "A"), TaskItem(name: "B")])
    navigator.top.model.modelActions.didFetchItems = { fetched in log.add("\(fetched.items.count)")
    }
    navigator.top.model.sections[0].setNeedsRefresh()
    navigator.top.model.processChanges()
    #expect(log.entries.last == "2")
  }

  @Test func aValueEnteredAsTheObjectHoldsItIsNoChange() throws {
    let definition = try TasksApp.taskDefinition()
    let task = TaskItem(name: "Original")
    let draft = try #require(Draft(for: task, definition: definition))
    draft.setValue("Original", for: "name")
    #expect(!draft.hasChanges, "a field left as it was")
    draft.setValue(true, for: "completed")
    #expect(draft.hasChanges)
    draft.setValue(false, for: "completed")
    #expect(!draft.hasChanges, "a switch turned on and off again")
    draft.setValue("Renamed", for: "name")
    #expect(draft.hasChanges)
    try draft.commit()
    #expect(task.name == "Renamed")
  }

  @Test func commitIsAllOrNothing() throws {
    let definition = try TasksApp.taskDefinition()
    let task = TaskItem(name: "Original")
    guard let draft = Draft(for: task, definition: definition) else {
      Issue.record("no draft")
      return
    }
    draft.setValue("Changed", for: "name")
    draft.setValue("", for: "name")
    #expect(throws: ValidationFailure.self) { try draft.commit() }
    #expect(task.name == "Original")
    draft.setValue("Changed", for: "name")
    draft.setValue(true, for: "completed")
    try draft.commit()
    #expect(task.name == "Changed")
    #expect(task.completed)
    #expect(!draft.hasChanges)
  }
}

/// Seed 000's didFetchItems example: a "Tap me!" button row after the fetched items.
@Suite("Rows a fetch adds")
struct FetchedRowsTests {
  final class Taps: @unchecked Sendable { var count = 0 }

  @Test func didFetchItemsAppendsAButtonRowThatActs() throws {
    let (navigator, store) = try TasksApp.navigator(tasks: [
      TaskItem(name: "A"), TaskItem(name: "B"),
    ])
    let taps = Taps()
    navigator.top.model.modelActions.didFetchItems = { fetched in
      var button = Row(id: RowID(.null), kind: .button, text: "Tap me!")
      button.attributes.textAlignment = .center
      button.actions.didSelect = { _ in taps.count += 1 }
      fetched.appendedRows.append(button)
    }
    let app = HeadlessApp(navigator: navigator)
    #expect(app.texts[0] == ["A", "B", "Tap me!"])
    try app.send(.select(app.rowID(at: ItemPath(item: 2, section: 0))))
    #expect(taps.count == 1)
    #expect(app.navigator.stack.count == 1)
    // A task added through the store lands above the button, which keeps its place.
    try store.insert(.object(ObjectReference(TaskItem(name: "C"))), at: nil)
    navigator.processChanges()
    #expect(app.texts[0] == ["A", "B", "C", "Tap me!"])
    #expect(app.top.model.snapshot == app.top.model.freshSnapshot())
    let button = try #require(app.top.snapshot().table.sections[0].items.last)
    #expect(button.style?.attributes["textLabel.textAlignment"] == .name("center"))
  }
}
