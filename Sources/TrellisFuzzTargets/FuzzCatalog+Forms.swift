import Foundation
import Trellis
import TrellisExamples
import TrellisTesting

extension FuzzCatalog {
  /// Generated forms: a dictionary with a row of every kind (deferred behind Done and Cancel,
  /// and live), a typed object with a chosen object, a nested object and a list, and a task.
  package static func forms() -> [FuzzTarget] {
    [
      FuzzTarget("forms/every-kind") { _ in try everyKindForm(mode: .deferred) },
      FuzzTarget("forms/every-kind-live") { _ in try everyKindForm(mode: .live) },
      FuzzTarget("forms/profile") { _ in try profileForm() },
      FuzzTarget("forms/task") { _ in
        let categories = TasksApp.defaultCategories()
        let task = TasksApp.sampleTasks(categories: categories)[0]
        let model = TableModel(title: task.name)
        let store = MemoryStore(objects: categories, definition: try TasksApp.categoryDefinition())
        let draft = try model.generateSections(
          for: task, definition: TasksApp.taskDefinition(categories: store), mode: .deferred)
        return Navigator(
          root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
      },
    ]
  }

  static let everyKindNames =
    "Text:(name,notes,secret):The name is required;Numbers:(count,volume,size,mode);"
    + "Choices:(flavour,toppings,sizeIndex);More:(enabled,birthday,photo,summary,~full,~Reset);"
    + "Nested:(address,items)"

  /// A dictionary with a row of every kind: text, secure text, a text view shown only while a
  /// switch is on, numbers in ranges, a slider, a segmented control, single, multiple and
  /// index selections, a date, an image, a label, a custom row, a button that changes the data
  /// behind the form's back, a nested object and a list of dictionaries.
  static func everyKindForm(mode: Draft.Mode) throws -> Navigator {
    let values = DocumentObject([
      "name": "Ada", "notes": "", "secret": "", "count": 3, "volume": .double(50),
      "size": 12.5, "mode": 1, "flavour": "Vanilla", "toppings": ["Nuts"], "sizeIndex": 0,
      "enabled": true, "birthday": .null, "photo": "", "summary": "Read only",
      "address": ["street": "Storgata 1", "city": "Oslo"],
      "items": [["title": "One", "done": false], ["title": "Two", "done": true]],
    ])
    var definition = try DataDefinition.dictionary(keys: everyKindNames)
    definition.name = "Everything"
    definition["name"]?.isRequired = true
    definition["name"]?.attributes = .textField(placeholder: "Your name")
    definition["notes"]?.type = .textView
    definition["notes"]?.visibleWhen = .isTrue("enabled")
    definition["secret"]?.attributes = .textField(secure: true)
    definition["secret"]?.enabledWhen = Condition("count > 2") { reader in
      (reader.value("count")?.doubleValue ?? 0) > 2
    }
    definition["count"]?.type = .numericTextField
    definition["count"]?.attributes = .numeric(minimum: 0, maximum: 10, allowsFloat: false)
    definition["volume"]?.type = .slider
    definition["volume"]?.attributes = .numeric(minimum: 0, maximum: 100)
    definition["size"]?.type = .numericTextField
    definition["mode"]?.type = .segmented
    definition["mode"]?.attributes.segmentTitles = ["Off", "On", "Auto"]
    definition["flavour"]?.attributes = .selection(
      ["Vanilla", "Chocolate", "Ørange"], allowsNone: true)
    definition["toppings"]?.attributes = .selection(
      ["Nuts", "Cream", "Sprinkles"], allowsMultiple: true)
    definition["sizeIndex"]?.attributes = .selection(["S", "M", "L"], storage: .index)
    definition["enabled"]?.type = .switch
    definition["birthday"]?.type = .date
    definition["birthday"]?.valueKind = .optional(.date)
    definition["photo"]?.type = .imagePicker
    definition["summary"]?.type = .label
    definition["~full"]?.objectBindings = try PropertyDefinition.parseBindings("1:name;2:flavour")
    definition["~full"]?.attributes.template = "NameCell"
    definition["~Reset"]?.actions.didSelect = { context in
      // Straight to the object, behind the draft's back; a dictionary is not observed, so the
      // action says that the form must be drawn again, as an app does.
      let object = context.screen?.draft?.object
      try? object?.setValue(0, forKey: "count")
      try? object?.setValue("Reset", forKey: "name")
      context.screen?.model.invalidateAll()
    }
    var address = try DataDefinition.dictionary(keys: "street;city")
    address.name = "Address"
    definition["address"]?.type = .object
    definition["address"]?.attributes.nestedDefinition = address
    var item = try DataDefinition.dictionary(keys: "title;done")
    item.name = "Item"
    item.titlePropertyNames = ["title"]
    definition["items"]?.type = .arrayOfObjects
    definition["items"]?.attributes = .arrayOfObjects(item)
    let model = TableModel(title: "Everything")
    let draft = try model.generateSections(for: values, definition: definition, mode: mode)
    let bar: NavigationBarType = mode == .deferred ? .doneRightCancelLeft : .none
    return Navigator(root: Screen(model: model, navigationBar: bar, draft: draft))
  }

  /// A typed object: numbers with ranges, a slider, a segmented level, a selection, an object
  /// chosen from a store, a nested object and a list of steps.
  static func profileForm() throws -> Navigator {
    let stepDefinition = try TasksApp.stepDefinition()
    let choices = [TaskStep(name: "Plan"), TaskStep(name: "Build"), TaskStep(name: "Ship")]
    var definition = try DataDefinition(
      for: FuzzProfile.self,
      names: "Person:(name,age,height,subscribed,birthday);Choices:(level,color,favorite,mentor);"
        + "Steps:(steps)",
      make: { FuzzProfile() })
    definition.name = "Profile"
    definition["age"]?.attributes = .numeric(minimum: 0, maximum: 150)
    definition["height"]?.type = .slider
    definition["height"]?.attributes = .numeric(minimum: 0.5, maximum: 2.5)
    definition["level"]?.type = .segmented
    definition["level"]?.attributes.segmentTitles = ["Low", "Mid", "High"]
    definition["color"]?.attributes = .selection(["Red", "Green", "Blue"])
    definition["favorite"]?.type = .objectSelection
    definition["favorite"]?.attributes.itemsStore = MemoryStore(
      objects: choices, definition: stepDefinition)
    definition["favorite"]?.attributes.nestedDefinition = stepDefinition
    definition["mentor"]?.attributes.nestedDefinition = stepDefinition
    definition["steps"]?.type = .arrayOfObjects
    definition["steps"]?.attributes = .arrayOfObjects(stepDefinition)
    let profile = FuzzProfile()
    profile.steps = [TaskStep(name: "Warm up")]
    let model = TableModel(title: "Profile")
    let draft = try model.generateSections(for: profile, definition: definition, mode: .deferred)
    return Navigator(root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
  }
}
