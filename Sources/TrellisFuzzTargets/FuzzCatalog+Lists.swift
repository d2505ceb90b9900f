import Foundation
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting
import TrellisWeb

extension FuzzCatalog {
  /// Generated lists: content sections that trade rows, manual rows, a store list loaded in
  /// batches with a placeholder and an add-item row, a sorted one, a grouped one, and tasks in
  /// SQLite loaded in batches.
  package static func lists() -> [FuzzTarget] {
    [
      FuzzTarget("lists/content-sections") { _ in contentSections() },
      FuzzTarget("lists/paged", listsAlwaysLoad: true) { _ in try pagedList() },
      FuzzTarget("lists/grouped", listsAlwaysLoad: true) { _ in try groupedList() },
      // Its memory store writes objects on a background task, then reports.
      FuzzTarget("lists/async-paged", settleTimeout: .milliseconds(500)) { _ in
        try asyncPagedList()
      },
      // Lists shown as the web host's sessions show them: through shared lists.
      FuzzTarget("lists/shared", listsAlwaysLoad: true) { _ in try sharedList() },
      FuzzTarget("lists/async-shared", settleTimeout: .milliseconds(500)) { _ in
        try asyncPagedList(sharing: true)
      },
      // The same, its rows rendered only when the host reads them.
      FuzzTarget("lists/async-on-demand", settleTimeout: .milliseconds(500)) { _ in
        try asyncPagedList(sharing: true, onDemand: true)
      },
      FuzzTarget("lists/sqlite-paged", listsAlwaysLoad: true) { setup in
        try sqlitePagedList(in: setup.temporaryDirectory())
      },
    ]
  }

  /// Strings in two sections that trade rows, numbers that refuse strings, a section that
  /// accepts no row from elsewhere, editable manual rows, and read-only ones (a button, a
  /// link, a disabled row).
  static func contentSections() -> Navigator {
    let model = TableModel(title: "Sections")
    let editable = RowDefaults(isMovable: true, isDeletable: true, isAddable: true)
    func strings(_ id: String, _ content: [String]) -> ContentSection<String> {
      let section = ContentSection(id: id, header: id.capitalized, content: content) { text, row in
        row.text = text
      }
      section.rowDefaults = editable
      return section
    }
    model.addSection(strings("letters", ["A", "B", "C", "A"]))
    model.addSection(strings("more", ["D", "E"]))
    let numbers = ContentSection(id: "numbers", header: "Numbers", content: [1, 2, 3, 2]) {
      number, row in
      row.text = "\(number)"
      row.detailText = number % 2 == 0 ? "even" : "odd"
    }
    numbers.rowDefaults = editable
    model.addSection(numbers)
    let closed = strings("closed", ["Z"])
    closed.rowDefaults.acceptsMovesIn = false
    model.addSection(closed)
    let manual = Section(id: "manual", header: "Manual")
    manual.rowDefaults = editable
    for name in ["One", "Two", "Three"] {
      var row = Row(id: RowID(.string(name)), text: name)
      row.isMovable = true
      row.isDeletable = true
      row.editingStyle = .delete
      manual.addRow(row)
    }
    model.addSection(manual)
    let fixed = Section(id: "fixed", header: "Fixed", footer: "Read-only rows")
    fixed.isEditable = false
    var button = Row(id: RowID(.string("shuffle")), kind: .button, text: "Shuffle numbers")
    button.action = .named("shuffle")
    fixed.addRow(button)
    var link = Row(id: RowID(.string("link")), kind: .link, text: "Rules")
    link.action = .open("https://example.com/rules")
    fixed.addRow(link)
    var disabled = Row(id: RowID(.string("disabled")), text: "Disabled")
    disabled.isEnabled = false
    fixed.addRow(disabled)
    model.addSection(fixed)
    let navigator = Navigator(root: Screen(model: model, navigationBar: .editRight))
    navigator.namedActions["shuffle"] = { [weak numbers] _ in
      numbers?.content.reverse()
      numbers?.content.append(numbers?.content.count ?? 0)
    }
    return navigator
  }

  /// Items of a store as dictionaries: `title`, `rank` and `done`.
  static func items(_ count: Int) -> [Value] {
    (0..<count).map { index in
      let title = "\(ContactsApp.lastNames[index % ContactsApp.lastNames.count]) \(index)"
      return .object(
        ObjectReference(
          DocumentObject(["title": .string(title), "rank": .int(index % 7), "done": false])))
    }
  }

  static func itemDefinition() throws -> DataDefinition {
    var definition = try DataDefinition.dictionary(keys: "Item:(title,rank,done)")
    definition.name = "Item"
    definition["title"]?.isRequired = true
    definition["rank"]?.attributes = .numeric(minimum: 0, maximum: 6, allowsFloat: false)
    definition.titlePropertyNames = ["title"]
    definition.descriptionPropertyNames = ["rank"]
    return definition
  }

  /// A store list loaded ten at a time, with a placeholder and an add-item row, searchable;
  /// and the same store sorted by rank, which cannot be reordered.
  static func pagedList() throws -> Navigator {
    let definition = try itemDefinition()
    let store = MemoryStore(items: items(45), definition: definition)
    let model = TableModel(title: "Paged")
    let paged = ArrayOfObjectsSection(id: "paged", store: store, definition: definition)
    paged.fetchOptions = FetchOptions(batchSize: 10)
    paged.placeholderText = "Nothing here"
    paged.addItemText = "Add item"
    model.addSection(paged)
    let sorted = ArrayOfObjectsSection(
      id: "sorted", header: "By rank", store: store, definition: definition)
    sorted.fetchOptions = FetchOptions(sort: [SortKey("rank"), SortKey("title")], batchSize: 8)
    sorted.allowsAdding = false
    model.addSection(sorted)
    return Navigator(root: Screen(model: model, navigationBar: .addRightEditLeft))
  }

  /// Two lists over an async store (the memory store run in the background, its every fifth
  /// read and write refused): pages arrive between events, loads fail and are retried, deletes
  /// and moves are rolled back, and Done waits for the store.
  static func asyncPagedList(sharing: Bool = false, onDemand: Bool = false) throws -> Navigator {
    let definition = try itemDefinition()
    let memory = MemoryStore(items: items(30), definition: definition)
    let store = FlakyStore(AsyncStoreWrapper(memory, latency: .microseconds(200)))
    let model = TableModel(title: "Async")
    if sharing {
      let section = ArrayOfObjectsSection(id: "async", store: store, definition: definition)
      section.fetchOptions = FetchOptions(batchSize: 7)
      section.rendersRowsOnDemand = onDemand
      section.placeholderText = "Nothing here"
      section.addItemText = "Add item"
      shareLists(of: model, withAWindowShowing: [section])
    }
    let paged = ArrayOfObjectsSection(id: "async", store: store, definition: definition)
    paged.fetchOptions = FetchOptions(batchSize: 7)
    paged.rendersRowsOnDemand = onDemand
    paged.placeholderText = "Nothing here"
    paged.addItemText = "Add item"
    model.addSection(paged)
    let whole = ArrayOfObjectsSection(
      id: "whole", header: "All at once", store: store, definition: definition)
    whole.allowsAdding = false
    whole.rendersRowsOnDemand = onDemand
    model.addSection(whole)
    return Navigator(root: Screen(model: model, navigationBar: .addRightEditLeft))
  }

  /// Lets `model` share its lists as the web host's sessions do, with another window that
  /// shows `sections` and is brought up to date only now and then: the shared lists serve
  /// sections at different versions.
  static func shareLists(of model: TableModel, withAWindowShowing sections: [Section]) {
    let lists = SharedLists()
    model.listSharing = lists
    let other = TableModel()
    other.listSharing = lists
    for section in sections { other.addSection(section) }
    other.processChanges()
    var runs = 0
    model.willProcessChanges = {
      runs += 1
      if runs % 4 == 0 { other.processChanges() }
    }
  }

  /// Two lists of one store shown as the web host's sessions show them, through shared lists:
  /// all of its items, and the same read-only.
  static func sharedList() throws -> Navigator {
    let definition = try itemDefinition()
    let store = MemoryStore(items: items(12), definition: definition)
    func sections() -> [Section] {
      let all = ArrayOfObjectsSection(id: "all", store: store, definition: definition)
      let fixed = ArrayOfObjectsSection(
        id: "fixed", header: "Read-only", store: store, definition: definition)
      fixed.allowsDeleting = false
      fixed.allowsMoving = false
      fixed.allowsAdding = false
      return [all, fixed]
    }
    let model = TableModel(title: "Shared")
    for section in sections() { model.addSection(section) }
    shareLists(of: model, withAWindowShowing: sections())
    return Navigator(root: Screen(model: model, navigationBar: .addRightEditLeft))
  }

  /// A store list grouped by rank, with index titles and a search that regroups.
  static func groupedList() throws -> Navigator {
    let definition = try itemDefinition()
    let store = MemoryStore(items: items(40), definition: definition)
    let list = ArrayOfObjectsModel(
      title: "Grouped", store: store, definition: definition,
      grouping: .key { reader in "Rank \(reader.value("rank")?.intValue ?? 0)" },
      search: "title", sort: [SortKey("title")])
    list.configureSection = { section in section.placeholderText = "Empty" }
    return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .addRightEditLeft))
  }

  /// Tasks in an SQLite file, loaded eight at a time, searched in SQL, with an add-item row.
  static func sqlitePagedList(in folder: URL) throws -> Navigator {
    let store = try TasksApp.sqliteStore(path: folder.appendingPathComponent("paged.sqlite").path)
    let names = ContactsApp.lastNames
    try store.insertAll(
      (0..<30).map { index in
        .object(ObjectReference(TaskItem(name: "\(names[index % names.count]) \(index)")))
      })
    let definition = try store.itemsDefinition ?? TasksApp.taskDefinition()
    let model = TableModel(title: "Tasks")
    let section = ArrayOfObjectsSection(id: "tasks", store: store, definition: definition)
    section.fetchOptions = FetchOptions(batchSize: 8)
    section.placeholderText = "No tasks"
    section.addItemText = "Add task"
    model.addSection(section)
    return Navigator(root: Screen(model: model, navigationBar: .addLeftEditRight))
  }
}
