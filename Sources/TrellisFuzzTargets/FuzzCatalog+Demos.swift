import Foundation
import Trellis
import TrellisDescriptors
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisSettings
import TrellisTesting

extension FuzzCatalog {
  /// The demo's apps, built as `trellis-demo` builds them, with their data in temporary files
  /// (SQLite databases, a user-defaults suite, a JSON document); and the seed examples.
  package static func demos() -> [FuzzTarget] {
    [
      FuzzTarget("demo/tasks", listsAlwaysLoad: true) { setup in
        let path = try setup.temporaryDirectory().appendingPathComponent("tasks.sqlite").path
        let store = try TasksApp.sqliteStore(path: path)
        try TasksApp.insertSampleTasks(into: store)
        let definition = try store.itemsDefinition ?? TasksApp.taskDefinition()
        return Navigator(root: TasksApp.listScreen(store: store, definition: definition))
      },
      FuzzTarget("demo/tasks-unfit-rows", listsAlwaysLoad: true) { setup in
        // Two rows another program wrote with values a task cannot hold: listed with why,
        // refused when opened, deleted and moved like the others.
        let path = try setup.temporaryDirectory().appendingPathComponent("tasks.sqlite").path
        let store = try TasksApp.sqliteStore(path: path)
        try TasksApp.insertSampleTasks(into: store)
        try store.database.write { db in
          try db.execute(sql: "UPDATE task SET completed = 'maybe' WHERE position = 1")
          try db.execute(sql: "UPDATE task SET name = x'00ff' WHERE position = 2")
        }
        // A store that has read nothing yet lists them as faults.
        let fresh = try TasksApp.sqliteStore(path: path)
        let definition = try fresh.itemsDefinition ?? TasksApp.taskDefinition()
        let screen = TasksApp.listScreen(store: fresh, definition: definition)
        // An app's action that reads the selected row's object: a row listed as values is
        // made then, and a row no object can hold is not.
        for list in screen.model.sections.compactMap({ $0 as? ArrayOfObjectsSection }) {
          list.rowActions.didSelect = { context in _ = try? context.object?.value(forKey: "name") }
        }
        return Navigator(root: screen)
      },
      FuzzTarget("demo/categories", listsAlwaysLoad: true) { setup in
        // Categories and tags: deleting follows a rule, and each one's form lists its tasks.
        let path = try setup.temporaryDirectory().appendingPathComponent("tasks.sqlite").path
        let store = try TasksApp.sqliteStore(
          path: path, categoryDeleteRule: .deny, tagDeleteRule: .cascade)
        try TasksApp.insertSampleTasks(into: store)
        return Navigator(
          root: try TasksApp.categoriesScreen(
            store: store, categoryDeleteRule: .deny, tagDeleteRule: .cascade))
      },
      // The team's tasks under its policy: a member's own rows, a guest's read-only ones, and
      // someone with no role, who sees none.
      FuzzTarget("demo/team-member", listsAlwaysLoad: true) { setup in
        try teamNavigator(setup, Person(name: "ann", roles: ["member"]))
      },
      FuzzTarget("demo/team-guest", listsAlwaysLoad: true) { setup in
        try teamNavigator(setup, Person(name: "gus", roles: ["guest"]))
      },
      FuzzTarget("demo/team-nobody", listsAlwaysLoad: true) { setup in
        try teamNavigator(setup, Person(name: "nora", roles: []))
      },
      FuzzTarget("demo/tasks-memory", listsAlwaysLoad: true) { _ in
        try TasksApp.sampleNavigator().0
      },
      FuzzTarget("demo/tasks-master-detail") { _ in
        let navigator = try TasksApp.sampleNavigator().0
        navigator.isMasterDetail = true
        return navigator
      },
      FuzzTarget("demo/contacts", listsAlwaysLoad: true) { setup in
        let path = try setup.temporaryDirectory().appendingPathComponent("contacts.sqlite").path
        let store = try ContactsApp.sqliteStore(path: path, people: 60)
        let list = try ContactsApp.model(store: store)
        return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
      },
      FuzzTarget("demo/contacts-memory", listsAlwaysLoad: true) { _ in
        let definition = try ContactsApp.definition()
        let store = MemoryStore(objects: ContactsApp.people(30), definition: definition)
        let list = try ContactsApp.model(store: store)
        return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
      },
      FuzzTarget("demo/settings") { setup in
        // A suite named by an absolute path is kept at `<path>.plist`: never the real defaults.
        let suite = try setup.temporaryDirectory().appendingPathComponent("settings").path
        let store = try UserDefaultsStore(suiteName: suite)
        setup.atEnd { UserDefaults.standard.removePersistentDomain(forName: suite) }
        return Navigator(root: try SettingsApp.screen(for: SettingsApp.settings(in: store)))
      },
      FuzzTarget("demo/documents") { setup in
        let url = try setup.temporaryDirectory().appendingPathComponent("document.json")
        _ = try DocumentFile.create(at: url, root: SampleContent.document, format: .json)
        // Every commit is saved, as the demo saves it.
        let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
        setup.atEnd { _ = document }
        let object = document.store.root
        let definition = DataDefinition.document(object.root, name: url.lastPathComponent)
        let model = TableModel(title: url.lastPathComponent)
        let draft = try model.generateSections(for: object, definition: definition, mode: .deferred)
        let navigator = Navigator(
          root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
        document.attach(navigator)
        return navigator
      },
      FuzzTarget("demo/gofish") { _ in
        GoFishTable.playableNavigator(for: GoFishGame.seedExample())
      },
      FuzzTarget("demo/theme") { _ in try ThemeExample.navigator().0 },
      FuzzTarget("demo/shapes") { _ in EditingShapes.navigator(state: try EditingShapes.State()) },
      FuzzTarget("demo/actions") { _ in try ActionsApp.navigator().navigator },
      FuzzTarget("demo/tasks-fetched-rows") { _ in
        // A list whose fetch appends a button row (seed 000's didFetchItems example).
        let navigator = try TasksApp.sampleNavigator().0
        navigator.top.model.modelActions.didFetchItems = { fetched in
          var button = Row(id: RowID(.null), kind: .button, text: "Tap me!")
          button.attributes.textAlignment = .center
          fetched.appendedRows.append(button)
        }
        if let list = navigator.top.model.sections.first {
          list.rowDefaults.detailAccessory = .detailDisclosureButton
        }
        return navigator
      },
      FuzzTarget("demo/numbers") { _ in
        SampleContent.numbersNavigator(
          store: SampleContent.numbersStore(SampleContent.numbers(600)))
      },
      FuzzTarget("examples/strings") { _ in
        Navigator(root: Screen(model: StringsExample.model().0, navigationBar: .addRightEditLeft))
      },
    ]
  }

  /// The team's tasks in an SQLite file, as `person` sees them under the team's policy.
  static func teamNavigator(_ setup: FuzzTarget.Setup, _ person: Person) throws -> Navigator {
    let path = try setup.temporaryDirectory().appendingPathComponent("team.sqlite").path
    let store = try TeamApp.sqliteStore(path: path)
    let definition = try store.itemsDefinition ?? TeamApp.taskDefinition()
    let navigator = Navigator(root: TeamApp.listScreen(store: store, definition: definition))
    navigator.access = Access(person: person, policy: TeamApp.policy)
    return navigator
  }
}
