import Observation
import Trellis

/// Every editing shape of the seeds, on screens a person can click through: rows moved
/// between two lists (seed 004), inline checkboxes and radio buttons (seed 001), an add-item
/// row, a list loaded in batches, and a list filtered by a predicate (seed 000).
public enum EditingShapes {
  /// What the screens share: two lists of words, the choices, and the chores. Observed, so
  /// that a change made in one window shows in every other.
  @Observable public final class State {
    public var today = ["Shop", "Cook", "Write"]
    public var later = ["Paint", "Travel"]
    public var toppings: [Value] = ["Cheese"]
    public var size: Value = "Medium"
    public let chores: MemoryStore
    let definition: DataDefinition
    /// The post the custom row edits.
    public let post = Post(
      author: "Ada", message: "Tables as data, at last.", avatar: "avatar_ada")

    /// Fresh state: sixty chores, every third one done.
    public init() throws(DiagnosticList) {
      var definition = try DataDefinition(for: Chore.self, make: { Chore() })
      definition.name = "Chore"
      definition["name"]?.isRequired = true
      self.definition = definition
      chores = MemoryStore(
        objects: (1...60).map { Chore(name: "Chore \($0)", isDone: $0 % 3 == 0) },
        definition: definition)
    }
  }

  /// The screens by name, as the root's rows push them.
  public static let screens = [
    "Two lists", "Choices", "Add and load more", "Filtered", "Custom row",
  ]

  /// The name of the custom row's template (a host draws it; the web demo registers one).
  public static let postTemplate = "post"

  /// A navigator whose root lists the shapes.
  public static func navigator(state: State) -> Navigator {
    let model = TableModel(title: "Editing shapes")
    let section = Section(id: "shapes", footer: "Each screen shows one way to edit a table.")
    for name in screens {
      var row = Row(id: RowID(.string(name)), kind: .plain, text: name)
      row.accessory = .disclosureIndicator
      row.action = .push(name)
      section.addRow(row)
    }
    model.addSection(section)
    let navigator = Navigator(root: Screen(model: model))
    navigator.screenProvider = { name, _ in screen(named: name, state: state) }
    return navigator
  }

  /// The screen called `name`.
  public static func screen(named name: String, state: State) -> Screen? {
    switch name {
    case "Two lists": twoLists(state)
    case "Choices": choices(state)
    case "Add and load more": addAndLoadMore(state)
    case "Filtered": filtered(state)
    case "Custom row": try? customRow(state)
    default: nil
    }
  }

  /// A post edited through a custom row whose controls bind by tag (seed 000's tweet cell:
  /// `"1:author;2:message;3:avatar"`), above the same values as ordinary rows.
  static func customRow(_ state: State) throws(DiagnosticList) -> Screen {
    var definition = try DataDefinition(
      for: Post.self, names: "Post:(~card);Values:(author,message)", make: { Post() })
    definition["card"]?.objectBindings = [
      CustomBinding(tag: 1, keyPath: "author"), CustomBinding(tag: 2, keyPath: "message"),
      CustomBinding(tag: 3, keyPath: "avatar"),
    ]
    definition["card"]?.attributes.template = postTemplate
    definition["author"]?.isRequired = true
    let model = TableModel(title: "Custom row")
    try model.generateSections(for: state.post, definition: definition)
    return Screen(model: model)
  }

  /// Two editable lists: rows move within and between them in edit mode; Add appends a word.
  static func twoLists(_ state: State) -> Screen {
    let model = TableModel(title: "Two lists")
    for (id, header, keyPath) in [
      ("today", "Today", \State.today), ("later", "Later", \State.later),
    ] {
      let section = ContentSection<String>(
        id: id, header: header, binding: state, keyPath
      ) { word, row in row.text = word }
      section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true, isAddable: true)
      section.newElement = { "New item" }
      model.addSection(section)
    }
    return Screen(model: model, navigationBar: .editRight)
  }

  /// Checkboxes (several choices) and radio buttons (one), inline.
  static func choices(_ state: State) -> Screen {
    let model = TableModel(title: "Choices")
    let toppings = SelectionSection(
      id: "toppings", header: "Toppings", items: ["Cheese", "Olives", "Basil", "Chili"],
      allowsMultiple: true, allowsNone: true,
      read: { .array(state.toppings) },
      write: { value in
        state.toppings = value.arrayValue ?? []
        return nil
      })
    let size = SelectionSection(
      id: "size", header: "Size", items: ["Small", "Medium", "Large"],
      read: { state.size },
      write: { value in
        state.size = value
        return nil
      })
    size.popsOnSelection = false
    model.addSection(toppings)
    model.addSection(size)
    return Screen(model: model)
  }

  /// A list with an add-item row at its end, loaded twenty chores at a time; its chores open
  /// on modal sheets.
  static func addAndLoadMore(_ state: State) -> Screen {
    let model = TableModel(title: "Add and load more")
    let section = ArrayOfObjectsSection(
      id: "chores", store: state.chores, definition: state.definition)
    section.fetchOptions.batchSize = 20
    section.addItemText = "Add a chore"
    // A chore is opened, and a new one filled in, on a modal sheet over the list.
    section.detailPresentation = .modal
    model.addSection(section)
    return Screen(model: model, navigationBar: .editRight)
  }

  /// The chores still to do: a predicate filters the list, and a chore marked done leaves it.
  static func filtered(_ state: State) -> Screen {
    let model = TableModel(title: "Filtered")
    let section = ArrayOfObjectsSection(
      id: "todo", header: "To do", store: state.chores, definition: state.definition)
    if let predicate = try? Predicate("isDone == NO") {
      section.fetchOptions.filter = ItemFilter(predicate)
    }
    model.addSection(section)
    return Screen(model: model)
  }
}
