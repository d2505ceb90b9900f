import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// Every definition generates a store that fits it (STV's `generateCompatibleDataStore`), and
/// a list section made from a definition alone uses it.
@Suite("Compatible data stores")
struct CompatibleStoreTests {
  @Test func aDictionaryDefinitionsStoreMakesItsObjects() throws {
    let definition = try DataDefinition.dictionary(keys: "name;city")
    let store = definition.generateCompatibleDataStore()
    #expect(try store.count(FetchOptions()) == 0)
    #expect(store.itemsDefinition?.name == definition.name)
    let made = try store.create()
    try store.insert(made, at: nil)
    #expect(try store.count(FetchOptions()) == 1)
  }

  @Test func aClassDefinitionsStoreStartsWithTheItemsGiven() throws {
    let definition = try TasksApp.taskDefinition()
    let task = TaskItem()
    task.name = "Write the report"
    let store = definition.generateCompatibleDataStore(items: [.object(ObjectReference(task))])
    #expect(try store.fetch(FetchOptions()).count == 1)
    #expect(store.itemsDefinition?.canMakeObjects == true)
  }

  @Test func aSectionFromADefinitionAloneListsAndAdds() throws {
    let definition = try DataDefinition.dictionary(keys: "name;city")
    let section = ArrayOfObjectsSection(id: "people", header: "People", definition: definition)
    section.allowsAdding = true
    let model = TableModel(title: "People")
    model.addSection(section)
    let app = HeadlessApp(
      navigator: Navigator(root: Screen(model: model, navigationBar: .addRight)))
    #expect(section.store is MemoryStore)
    try app.send(.add(section: 0))
    #expect(app.top.title == "New Dictionary")
    try app.enter("Ada", at: "Name")
    try app.send(.done)
    #expect(app.navigator.stack.count == 1)
    #expect(try section.store.count(FetchOptions()) == 1)
    #expect(app.texts.joined().contains("Ada"))
    try app.host.check()
  }
}
