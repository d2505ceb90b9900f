import Trellis
import TrellisExamples
import TrellisTesting

/// The Contacts example's list over `count` people in memory, as a headless app.
enum ContactsTestApp {
  /// The app and the people it lists.
  static func make(people count: Int) throws -> (app: HeadlessApp, people: [Contact]) {
    let people = ContactsApp.people(count)
    let store = MemoryStore(objects: people, definition: try ContactsApp.definition())
    let list = try ContactsApp.model(store: store)
    let navigator = Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
    return (HeadlessApp(navigator: navigator), people)
  }
}
