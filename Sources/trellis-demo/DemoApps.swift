import Foundation
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisWeb

/// The demo's apps and the data they share between browser windows.
///
/// Every store is made here, once, and shared by every browser window: Tasks and Contacts live
/// in the SQLite file, Settings and the Settings bundle's values in user defaults, Documents in
/// its file.
struct DemoApps {
  let webApps: [WebApp]
  /// The Contacts table as a REST API, served at `DemoAPI.contactsURL`; its latency may change
  /// while the demo runs.
  let contactsAPI: StoreAPI

  init(
    databasePath: String, documentPath: String?, numberCount: Int,
    settingsBundle: String? = nil, settingsLocale: String = "en",
    categoryDeleteRule: RelationshipDeleteRule = .nullify,
    tagDeleteRule: RelationshipDeleteRule = .nullify, apiLatency: Duration = .zero,
    service: String? = nil, serviceKeys: String? = nil, postgres: PostgresApps? = nil
  ) throws {
    // Tasks (seed 000), in the SQLite file: data survives a restart. The first run starts
    // with a few sample tasks.
    let taskStore = try TasksApp.sqliteStore(
      path: databasePath, categoryDeleteRule: categoryDeleteRule, tagDeleteRule: tagDeleteRule)
    if try taskStore.count(FetchOptions()) == 0 {
      try TasksApp.insertSampleTasks(into: taskStore)
    }
    let taskDefinition = try taskStore.itemsDefinition ?? TasksApp.taskDefinition()
    let tasks = WebApp(
      id: "tasks", title: "Tasks", subtitle: "Steps, categories, due dates, validation"
    ) {
      Navigator(root: TasksApp.listScreen(store: taskStore, definition: taskDefinition))
    }

    // Team tasks: each someone's. With sign-in (--people), members see and change only
    // their own, leads everyone's, guests only look; the core records who changed each.
    let teamStore = try TeamApp.sqliteStore(path: databasePath)
    let teamDefinition = try teamStore.itemsDefinition ?? TeamApp.taskDefinition()
    var team = WebApp(
      id: "team", title: "Team Tasks", subtitle: "Roles: who may see and change what"
    ) {
      Navigator(root: TeamApp.listScreen(store: teamStore, definition: teamDefinition))
    }
    team.policy = TeamApp.policy

    // Categories and tags: entities of their own, which tasks point at; each lists its
    // tasks, and deleting one follows the delete rule its section's footer states.
    let categories = WebApp(
      id: "categories", title: "Categories and Tags", subtitle: "Tasks point at them; delete rules"
    ) {
      Navigator(
        root: try TasksApp.categoriesScreen(
          store: taskStore, categoryDeleteRule: categoryDeleteRule, tagDeleteRule: tagDeleteRule))
    }

    // Contacts (seed 000): grouped by last name, with index titles and a search over first
    // and last names that runs in SQL. The first run generates a few hundred people.
    let contactStore = try SQLiteStore(path: databasePath, entity: ContactsApp.entity())
    if try contactStore.count(FetchOptions()) == 0 {
      try contactStore.insertAll(ContactsApp.people(300).map { .object(ObjectReference($0)) })
    }
    var contacts = WebApp(
      id: "contacts", title: "Contacts", subtitle: "Grouped, indexed and searchable"
    ) {
      let list = try ContactsApp.model(store: contactStore)
      return Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
    }
    // The same table as a REST API (DemoAPI.contactsURL), on the server's port: what the API
    // changes, the Contacts windows show at once.
    contactsAPI = try StoreAPI(
      store: contactStore, path: DemoAPI.contactsPath, latency: apiLatency)
    contacts.apis = [contactsAPI]

    let settings = try Self.settingsApp()
    let settingsBundleApp = try Self.settingsBundleApp(
      path: settingsBundle ?? Self.fixtureSettingsBundle, locale: settingsLocale)
    let documents = try Self.documentsApp(
      path: documentPath ?? Self.defaultDocumentPath(near: databasePath))
    let goFish = Self.goFishApp()

    // Numbers: a long list, to scroll.
    let numbers = SampleContent.numbersStore(SampleContent.numbers(numberCount))
    var numbersApp = WebApp(
      id: "numbers", title: "Numbers",
      subtitle: "\(numberCount.formatted()) rows, loaded as you scroll"
    ) { SampleContent.numbersNavigator(store: numbers) }
    // Its rows are values of its own, shared with no other app: it need not take turns with
    // them (the other apps share one domain, since several show the same stores).
    numbersApp.domain = "numbers"
    // Actions: every hook and built-in action, each writing to a log on the first screen. A
    // window's data is its own.
    var actionsApp = WebApp(
      id: "actions", title: "Actions", subtitle: "Every hook and built-in action, logged"
    ) { try ActionsApp.navigator().navigator }
    actionsApp.domain = "actions"
    // With --postgres, Tasks (with their categories and tags) and Contacts live in PostgreSQL
    // instead, shared by every server on that database; the SQLite file keeps the rest (the
    // Contacts API).
    let appsBeforeService: [WebApp] =
      if let postgres {
        [
          postgres.tasks, postgres.categories, postgres.settings, settingsBundleApp,
          postgres.contacts,
        ]
      } else {
        [tasks, categories, settings, settingsBundleApp, contacts]
      }
    webApps =
      appsBeforeService + [
        Self.webServiceApp(service: service, keys: serviceKeys), documents, goFish, numbersApp,
        try Self.themeApp(), Self.looksApp(), try Self.editingShapesApp(), team, actionsApp,
        try Self.profileApp(),
      ]
  }
}
