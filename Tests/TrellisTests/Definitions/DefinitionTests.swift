import Foundation
import Observation
import Testing
import Trellis
import TrellisExamples
import TrellisMacros
import TrellisTesting

@Suite("Data definitions")
struct DefinitionTests {
  @Test func titlesAreHumanised() {
    #expect(Humanizer.title(for: "dueDate") == "Due Date")
    #expect(Humanizer.title(for: "first_name") == "First Name")
    #expect(Humanizer.title(for: "URLString") == "URL String")
    #expect(Humanizer.title(for: "taskSteps") == "Task Steps")
    #expect(Humanizer.title(for: "~Delete Task") == "Delete Task")
    // A document's key of separators alone, or empty, still labels its row.
    #expect(Humanizer.title(for: "") == "\"\"")
    #expect(Humanizer.title(for: "_") == "_")
  }

  @Test func autoDetectionFollowsTheValueType() throws {
    let definition = try DataDefinition(for: TaskItem.self)
    #expect(definition["name"]?.resolvedType == .textField)
    #expect(definition["completed"]?.resolvedType == .switch)
    #expect(definition["dueDate"]?.resolvedType == .date)
    #expect(definition["taskSteps"]?.resolvedType == .arrayOfObjects)
    #expect(RowKind.detect(for: .int) == .numericTextField)
    #expect(RowKind.detect(for: .optional(.double)) == .numericTextField)
    #expect(RowKind.detect(for: .object(ObjectTypeInfo(TaskStep.self))) == .object)
    #expect(RowKind.detect(for: .choice(.string, ["a", "b"])) == .selection)
  }

  @Test func everyTypeChecksItsSupportedValueTypes() throws {
    var definition = try DataDefinition(for: TaskItem.self)
    definition["completed"]?.type = .slider
    definition["name"]?.type = .date
    #expect(throws: DiagnosticList.self) { try definition.validate() }
    do {
      try definition.validate()
    } catch {
      let text = error.description
      #expect(text.contains("TaskItem.completed: slider needs a number"))
      #expect(text.contains("but the property is Bool"))
      #expect(text.contains("TaskItem.name: date needs a Date"))
    }
    let fits: [(RowKind, ValueKind)] = [
      (.label, .data), (.textView, .string), (.textField, .string), (.numericTextField, .int),
      (.slider, .double), (.segmented, .int), (.switch, .bool), (.date, .date),
      (.imagePicker, .string), (.selection, .string), (.selection, .array(.string)),
      (.objectSelection, .object(ObjectTypeInfo(TaskStep.self))),
      (.object, .optional(.object(ObjectTypeInfo(TaskStep.self)))),
      (.arrayOfObjects, .array(.object(ObjectTypeInfo(TaskStep.self)))), (.custom, .int),
      (.button, .int), (.plain, .data),
    ]
    for (type, kind) in fits { #expect(type.mismatch(with: kind) == nil, "\(type) with \(kind)") }
    let misfits: [(RowKind, ValueKind)] = [
      (.textField, .int), (.numericTextField, .string), (.switch, .string), (.date, .string),
      (.imagePicker, .int), (.object, .string), (.arrayOfObjects, .array(.string)),
      (.segmented, .date), (.slider, .bool), (.textView, .bool), (.selection, .date),
      (.objectSelection, .int),
    ]
    for (type, kind) in misfits {
      #expect(type.mismatch(with: kind) != nil, "\(type) with \(kind)")
    }
  }

  @Test func unknownNamesInTheNamesStringAreLocatedWithASuggestion() {
    do {
      _ = try DataDefinition(for: TaskItem.self, names: "Details:(name,nmae)")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.count == 1)
      #expect(
        error.diagnostics[0].message == "unknown property 'nmae' of TaskItem (did you mean 'name'?)"
      )
      #expect(error.diagnostics[0].location != nil)
    }
  }

  @Test func dictionaryExample() throws {
    var definition = try DataDefinition.dictionary(keys: "key1;key2;key3")
    definition["key2"]?.type = .switch
    definition["key3"]?.type = .slider
    let dictionary = DocumentObject(["key1": "Text", "key2": true, "key3": 0.7])
    let model = TableModel(title: "Dictionary Editor")
    try model.generateSections(for: dictionary, definition: definition)
    let host = HeadlessHost(model: model)
    #expect(host.rows(inSection: 0).map(\.kind) == [.textField, .switch, .slider])
    #expect(host.rows(inSection: 0).map(\.text) == ["Key1", "Key2", "Key3"])
    try model.setValue(false, at: ItemPath(item: 1, section: 0))
    try model.setValue(0.25, at: ItemPath(item: 2, section: 0))
    #expect(try dictionary.value(forKey: "key2") == false)
    #expect(try dictionary.value(forKey: "key3") == 0.25)
    try model.setValue("not a number", at: ItemPath(item: 2, section: 0))
    #expect(try dictionary.value(forKey: "key3") == 0.25)
    try host.check()
    #expect(host.rows(inSection: 0)[2].validationMessage?.contains("is not a valid number") == true)
  }

  @Test func dateArrayExample() throws {
    let dates = [0.0, 86_400, 172_800].map { Value.date(Date(timeIntervalSince1970: $0)) }
    let store = MemoryStore(items: dates, definition: .date)
    let model = TableModel(title: "Dates")
    model.addSection(ArrayOfObjectsSection(store: store, definition: .date))
    let navigator = Navigator(root: Screen(model: model))
    let app = HeadlessApp(navigator: navigator)
    #expect(
      app.texts == [["1970-01-01T00:00:00Z", "1970-01-02T00:00:00Z", "1970-01-03T00:00:00Z"]])
    try app.tap("1970-01-02T00:00:00Z")
    #expect(app.host.rows(inSection: 0).map(\.kind) == [.date])
    try app.enter(.date(Date(timeIntervalSince1970: 259_200)), at: "Date")
    try app.send(.done)
    #expect(app.texts[0][1] == "1970-01-04T00:00:00Z")
    #expect(store.allItems[1] == .date(Date(timeIntervalSince1970: 259_200)))
  }

  @Test func conditionalRowsReevaluateOnlyTheirDependents() throws {
    var definition = try DataDefinition.dictionary(keys: "wantsNews;email;name;city")
    definition["wantsNews"]?.type = .switch
    definition["email"]?.visibleWhen = .isTrue("wantsNews")
    definition["city"]?.enabledWhen = .equals("name", "Ken")
    let values = DocumentObject(["wantsNews": false, "email": "", "name": "Ken", "city": "Paris"])
    let model = TableModel()
    try model.generateSections(for: values, definition: definition)
    let host = HeadlessHost(model: model)
    #expect(host.texts == [["Wants News", "Name", "City"]])
    #expect(host.rows(inSection: 0)[2].isEnabled)
    try model.setValue(true, at: ItemPath(item: 0, section: 0))
    #expect(host.texts == [["Wants News", "Email", "Name", "City"]])
    let inserted = try #require(host.changesets.last)
    #expect(inserted.totals.itemInserts == 1)
    #expect(inserted.totals.itemReloads == 1, "only the switch itself reloads")
    try model.setValue("Bob", at: ItemPath(item: 2, section: 0))
    #expect(host.rows(inSection: 0)[3].isEnabled == false)
    #expect(host.changesets.last?.totals.itemReloads == 2, "name and city, nothing else")
    try host.check()
  }

  @Test func actionPrecedence() throws {
    var definition = try DataDefinition.dictionary(keys: "a;b;c")
    definition.rowActions.willConfigure = { row, _ in row.detailText = "definition" }
    definition["b"]?.actions.willConfigure = { row, _ in row.detailText = "property" }
    let values = DocumentObject(["a": "1", "b": "2", "c": "3"])
    let model = TableModel()
    try model.generateSections(for: values, definition: definition)
    model.rowActions.willStyle = { _ in "ModelStyle" }
    model.sections[0].rowActions.willStyle = { context in
      context.propertyName == "c" ? "SectionStyle" : nil
    }
    let plain = Section(header: "Plain")
    var own = Row(id: RowID("own"), text: "Own")
    own.actions.willStyle = { _ in "RowStyle" }
    plain.addRow(own)
    plain.addRow(Row(id: RowID("other"), text: "Other"))
    model.addSection(plain)
    let rows = model.shown.sections.map(\.items)
    #expect(rows[0].map(\.detail) == ["definition", "property", "definition"])
    #expect(
      rows[0][0].themeStyle == nil,
      "the section's action wins over the model's, even when it answers nil")
    #expect(rows[0][2].themeStyle == "SectionStyle")
    #expect(rows[1].map(\.themeStyle) == ["RowStyle", "ModelStyle"])
  }

  @Test func customRowsButtonsAndBindings() throws {
    var definition = try DataDefinition(
      for: TaskItem.self, names: "Task:(name,~full);Actions:(~Delete Task)")
    definition["~full"]?.objectBindings = try PropertyDefinition.parseBindings("1:name;2:category")
    definition["~full"]?.attributes.template = "NameCell"
    let deleted = Flag()
    definition["~Delete Task"]?.actions.didSelect = { _ in deleted.set() }
    let task = TaskItem(name: "Paint", category: TaskCategory(name: "Home"))
    let model = TableModel()
    try model.generateSections(for: task, definition: definition)
    let navigator = Navigator(root: Screen(model: model))
    let app = HeadlessApp(navigator: navigator)
    #expect(app.texts == [["Name", "Full"], ["Delete Task"]])
    let custom = try #require(app.row("Full"))
    #expect(custom.kind == .custom)
    #expect(custom.value == ["1": "Paint", "2": "Home"])
    #expect(app.row("Delete Task")?.kind == .button)
    try app.tap("Delete Task")
    #expect(deleted.isSet)
    try app.enter(["1": "Repaint"], at: "Full")
    #expect(task.name == "Repaint")
    #expect(throws: Diagnostic.self) { try PropertyDefinition.parseBindings("1:name;x:category") }
    var broken = definition
    broken["~full"]?.objectBindings = [CustomBinding(tag: 3, keyPath: "nmae")]
    #expect(throws: DiagnosticList.self) { try broken.validate() }
  }

  @Test func selectionStoredAsIndexValueOrSet() throws {
    var definition = try DataDefinition.dictionary(keys: "one;index;many")
    definition["one"]?.attributes = .selection(["Ring 1", "Ring 2", "Ring 3"], allowsNone: true)
    definition["index"]?.attributes = .selection(["S", "M", "L"], storage: .index)
    definition["many"]?.attributes = .selection(["Red", "Green", "Blue"], allowsMultiple: true)
    let values = DocumentObject(["one": .null, "index": 0, "many": ["Red"]])
    let model = TableModel(title: "Settings")
    try model.generateSections(for: values, definition: definition)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.tap("One")
    try app.tap("Ring 2")
    #expect(try values.value(forKey: "one") == "Ring 2")
    try app.tap("Index")
    try app.tap("L")
    #expect(try values.value(forKey: "index") == 2)
    #expect(app.row("Index")?.detail == "L")
    try app.tap("Many")
    try app.tap("Blue")
    #expect(app.host.rows(inSection: 0).map(\.accessory) == [.checkmark, .none, .checkmark])
    try app.tap("Red")
    try app.send(.back)
    #expect(try values.value(forKey: "many") == ["Blue"])
  }

  @Test func objectSelectionFromAStore() throws {
    let steps = [TaskStep(name: "One"), TaskStep(name: "Two")]
    let stepDefinition = try TasksApp.stepDefinition()
    let holder = Holder()
    var definition = try DataDefinition(for: Holder.self)
    definition["favorite"]?.type = .objectSelection
    definition["favorite"]?.attributes.itemsStore = MemoryStore(
      objects: steps, definition: stepDefinition)
    definition["favorite"]?.attributes.nestedDefinition = stepDefinition
    let model = TableModel()
    try model.generateSections(for: holder, definition: definition)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.tap("Favorite")
    // The choice is optional: None is checked while nothing is chosen.
    #expect(app.texts == [["One", "Two", "None"]])
    #expect(app.row("None")?.accessory == .checkmark)
    try app.tap("Two")
    #expect(holder.favorite === steps[1])
    #expect(app.row("Favorite")?.detail == "Two")
    try app.tap("Favorite")
    #expect(app.row("Two")?.accessory == .checkmark)
    #expect(app.row("None")?.accessory == Accessory.none)
    try app.tap("None")
    #expect(app.top.title != "Favorite", "choosing None goes back")
    #expect(holder.favorite == nil)
    #expect(app.row("Favorite")?.detail == nil)
  }

  @Test func customRowPerIndexAndAddItemRowAndAddFromCode() throws {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(
      objects: [TaskItem(name: "A"), TaskItem(name: "B")], definition: definition)
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.addItemText = "Add new task"
    section.actions.cellForRow = { index, _ in
      index == 1 ? Row(id: RowID("custom"), kind: .custom, text: "Custom B") : nil
    }
    section.actions.reuseIdentifierForRow = { index, _ in index == 1 ? "BCell" : nil }
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    #expect(app.texts == [["A", "Custom B", "Add new task"]])
    #expect(app.host.rows(inSection: 0)[1].attributes.reuseIdentifier == "BCell")
    try app.tap("Add new task")
    try app.enter("C", at: "Name")
    try app.send(.done)
    #expect(app.texts == [["A", "Custom B", "C", "Add new task"]])
    try app.send(.add(section: 0))
    try app.enter("D", at: "Name")
    try app.send(.done)
    #expect(store.allItems.count == 4)
  }

  @Test func masterDetailFillsTheDetailPane() throws {
    let (navigator, _) = try TasksApp.navigator(tasks: [TaskItem(name: "A"), TaskItem(name: "B")])
    navigator.isMasterDetail = true
    let app = HeadlessApp(navigator: navigator)
    try app.tap("B")
    #expect(navigator.stack.count == 1)
    #expect(navigator.detail?.title == "B")
    try app.send(
      .setValue(app.rowID(at: ItemPath(item: 0, section: 0), onDetail: true), "Bee"), onDetail: true
    )
    try app.send(.done, onDetail: true)
    #expect(navigator.detail == nil)
    #expect(app.texts == [["A", "Bee"]])
  }

  /// The item open in the detail pane, deleted from the list beside it, closes: the pane does
  /// not say that someone else deleted it. Another item open there stays.
  @Test func deletingTheItemOpenBesideTheListClosesIt() throws {
    let (navigator, _) = try TasksApp.navigator(tasks: [TaskItem(name: "A"), TaskItem(name: "B")])
    navigator.isMasterDetail = true
    let app = HeadlessApp(navigator: navigator)
    try app.tap("B")
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(navigator.detail?.title == "B", "another item's delete leaves it open")
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(navigator.detail == nil)
    #expect(app.texts == [[]] || app.texts.allSatisfy { !$0.contains("B") })
    #expect(app.host.violations.isEmpty)
  }

  /// A screen pushed over the list covers the detail pane: its events are refused. Screens
  /// opened from the pane hold edits of its draft, so they close with it; a screen the list
  /// opened stays.
  @Test func screensOpenedFromTheDetailPaneCloseWithIt() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    navigator.isMasterDetail = true
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Write the report")
    let task = try #require(navigator.detail)
    let steps = try #require(app.path(of: "Steps", onDetail: true))
    try app.send(.select(app.rowID(at: steps, onDetail: true)), onDetail: true)
    try app.tap("First draft")
    try app.enter("Second draft", at: "Name")
    try app.send(.done)
    #expect(navigator.stack.map(\.title) == ["Tasks", "Steps"])
    try app.tap("Second draft")
    #expect(navigator.stack.map(\.title) == ["Tasks", "Steps", "Second draft"])
    #expect(navigator.visibleScreens.map(\.screen.title) == ["Second draft"])
    #expect(throws: ScreenError.self) { try app.send(.back, onDetail: true) }
    #expect(navigator.detail === task)
    // Code that closes the task's form closes the screens holding its edits, unsaved.
    navigator.pop(task)
    #expect(navigator.stack.map(\.title) == ["Tasks"])
    #expect(navigator.detail == nil)
    try app.tap("Write the report")
    let again = try #require(app.path(of: "Steps", onDetail: true))
    try app.send(.select(app.rowID(at: again, onDetail: true)), onDetail: true)
    #expect(app.texts == [["Outline", "First draft"]])
    try app.send(.back)
    try app.send(.add(section: 0))
    #expect(navigator.stack.map(\.title) == ["Tasks", "New Task"])
    navigator.pop(navigator.detail)
    #expect(navigator.stack.map(\.title) == ["Tasks", "New Task"])
  }

  @Test func screenActionsFire() throws {
    let log = Log()
    let (navigator, _) = try TasksApp.navigator(tasks: [TaskItem(name: "A")])
    let section = try #require(navigator.top.model.sections.first)
    section.actions.detailWillPresent = { _ in log.add("willPresent") }
    section.actions.detailDidPresent = { _ in log.add("didPresent") }
    section.actions.detailWillDismiss = { _ in log.add("willDismiss") }
    section.actions.detailDidDismiss = { _ in log.add("didDismiss") }
    let app = HeadlessApp(navigator: navigator)
    try app.tap("A")
    try app.send(.cancel)
    #expect(log.entries == ["willPresent", "didPresent", "willDismiss", "didDismiss"])
  }

  @Test func navigationBarTypesExposeTheirButtons() {
    #expect(NavigationBarType.allCases.count == 13)
    #expect(
      NavigationBarType.addRightEditLeft.buttons == [
        BarButton(.edit, .left), BarButton(.add, .right),
      ])
    #expect(
      NavigationBarType.doneLeftCancelRight.buttons == [
        BarButton(.done, .left), BarButton(.cancel, .right),
      ])
    #expect(NavigationBarType.addEditRight.buttons.map(\.side) == [.right, .right])
  }

  @Test func arrayOfStringsSection() throws {
    let store = MemoryStore(items: ["One", "Two", "Three!"], definition: .string)
    let model = TableModel()
    let section = ArrayOfObjectsSection(
      header: "Strings Section", store: store, definition: .string)
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.tap("Two")
    try app.enter("Deux", at: "String")
    try app.send(.done)
    #expect(app.texts == [["One", "Deux", "Three!"]])
    try app.send(.add(section: 0))
    try app.enter("Four", at: "String")
    try app.send(.done)
    #expect(store.allItems == ["One", "Deux", "Three!", "Four"])
  }
}

final class Flag: @unchecked Sendable {
  private var value = false
  func set() { value = true }
  var isSet: Bool { value }
}

final class Log: @unchecked Sendable {
  private(set) var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
}

@Observable @TableBound
final class Holder {
  var favorite: TaskStep?
}
