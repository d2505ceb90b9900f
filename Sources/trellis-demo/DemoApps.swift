import Foundation
import Trellis
import TrellisExamples
import TrellisWeb

/// The demo's apps and the data they share between browser windows.
///
/// Every store is made here, once, and injected into the apps: swapping the in-memory stores
/// for SQLite ones changes only the lines marked "store".
struct DemoApps {
  let webApps: [WebApp]

  init(databasePath: String, documentPath: String?, numberCount: Int) throws {
    // Tasks (seed 000).
    let taskDefinition = try TasksApp.taskDefinition()
    // store: the tasks' store. With SQLite: an SQLiteStore on `databasePath`.
    let taskStore: any DataStore = MemoryStore(
      objects: Self.sampleTasks(), definition: taskDefinition)
    let tasks = WebApp(
      id: "tasks", title: "Tasks", subtitle: "Steps, categories, due dates, validation"
    ) {
      Navigator(root: TasksApp.listScreen(store: taskStore, definition: taskDefinition))
    }

    // Contacts (seed 000): a searchable list of generated names.
    let contactDefinition = try Self.contactDefinition()
    // store: the contacts' store. With SQLite: an SQLiteStore on `databasePath`.
    let contactStore: any DataStore = MemoryStore(
      items: Self.sampleContacts(count: 300), definition: contactDefinition)
    let contacts = WebApp(id: "contacts", title: "Contacts", subtitle: "A searchable list") {
      Navigator(root: Self.contactsScreen(store: contactStore, definition: contactDefinition))
    }

    let settings = try Self.settingsApp()
    let documents = try Self.documentsApp(
      path: documentPath ?? Self.defaultDocumentPath(near: databasePath))
    let goFish = Self.goFishApp()

    // Numbers: a long list, to scroll.
    let numbers = (1...max(1, numberCount)).map { "Number \($0)" }
    let numbersApp = WebApp(
      id: "numbers", title: "Numbers", subtitle: "\(numbers.count) rows, loaded as you scroll"
    ) {
      let model = TableModel(title: "Numbers", style: .plain)
      model.addSection(
        ContentSection(id: "numbers", header: "\(numbers.count) numbers", content: numbers) {
          number, row in row.text = number
        })
      return Navigator(root: Screen(model: model))
    }
    webApps = [tasks, settings, contacts, documents, goFish, numbersApp]
  }

  static func sampleTasks() -> [Task] {
    let report = Task(name: "Write the report", category: "Work")
    report.taskSteps = [TaskStep(name: "Outline"), TaskStep(name: "First draft")]
    return [
      report, Task(name: "Water the plants"), Task(name: "Book the dentist", category: "Other"),
    ]
  }

  // MARK: Contacts

  static func contactDefinition() throws -> DataDefinition {
    var definition = try DataDefinition.dictionary(
      keys: "Name:(firstName,lastName);Contact:(phone,email)")
    definition.titlePropertyNames = ["firstName", "lastName"]
    definition.descriptionPropertyNames = ["email"]
    for key in ["firstName", "lastName", "phone", "email"] {
      definition[key]?.type = .textField
    }
    return definition
  }

  static func contactsScreen(store: any DataStore, definition: DataDefinition) -> Screen {
    let model = TableModel(title: "Contacts")
    let section = ArrayOfObjectsSection(id: "contacts", store: store, definition: definition)
    section.searchPropertyNames = ["firstName", "lastName", "email"]
    section.placeholderText = "No contacts"
    model.addSection(section)
    return Screen(model: model, navigationBar: .editRight)
  }

  static func sampleContacts(count: Int) -> [Value] {
    let first = [
      "Ada", "Alan", "Barbara", "Claude", "Dennis", "Edsger", "Frances", "Grace", "Hedy", "Ivan",
      "John", "Ken", "Linus", "Margaret", "Niklaus", "Radia", "Sophie", "Tim", "Yukihiro", "Zoe",
    ]
    let last = [
      "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton",
      "Hopper", "Knuth", "Lamport", "Liskov", "Lovelace", "Perlman", "Ritchie", "Thompson",
      "Turing", "Wilson",
    ]
    return (0..<count).map { index in
      let given = first[index % first.count]
      let family = last[(index / first.count + index) % last.count]
      let email = "\(given.lowercased()).\(family.lowercased())\(index)@example.com"
      let phone = String(format: "+1 555 %04d", index)
      return .dictionary(
        ValueDictionary([
          ("firstName", .string(given)), ("lastName", .string(family)),
          ("phone", .string(phone)), ("email", .string(email)),
        ]))
    }
  }
}
