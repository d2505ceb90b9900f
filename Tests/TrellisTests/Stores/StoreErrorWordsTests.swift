import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// What people read of a store's errors is words: the item's kind by its definition's name,
/// never a type's description; a search too long is refused before it reaches the store.
@Suite("Store errors in words")
struct StoreErrorWordsTests {
  @Test func aFormWhoseItemWasDeletedSaysSoInWords() throws {
    let task = TaskItem(name: "Write")
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(objects: [task, TaskItem(name: "Read")], definition: definition)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    try app.tap("Write")
    try app.enter("Write docs", at: "Name")
    // Another window deletes the task meanwhile.
    try store.delete(.object(ObjectReference(task)))
    #expect(throws: ScreenError.self) { try app.send(.done) }
    let notice = try #require(app.top.snapshot().notice)
    // The form heard of the delete before Done: it says so, and Done could only fail.
    #expect(notice.hasPrefix("Someone else deleted this task:"), "\(notice)")
    #expect(!notice.contains("TaskItem"))
  }

  @Test func errorsNameTheItemAndHideWhereItWas() throws {
    var definition = try TasksApp.taskDefinition()
    definition.name = "WeekDay"
    let error = StoreError.notFound("<TrellisExamples.WeekDay: 0x600000>")
    #expect(error.message(item: definition.itemNoun) == "Someone deleted this week day.")
    #expect(!ScreenError.store(error).description.contains("0x"))
    #expect(!TableEditError.store(section: "days", error).description.contains("WeekDay"))
    #expect(
      ArrayOfObjectsSection.LoadState.failed(.indexOutOfRange(4, count: 2)).errorMessage
        == "Could not load: The list changed meanwhile: try again.")
    // A store's own words are shown as they are.
    #expect(StoreError.failed("The disk is full.").message() == "The disk is full.")
  }

  @Test func aSearchTooLongIsRefusedBeforeItReachesTheStore() throws {
    let definition = try TasksApp.taskDefinition()
    let store = FailingStore(
      MemoryStore(
        objects: [TaskItem(name: "Write"), TaskItem(name: "Read")], definition: definition))
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    let fetches = app.host.model.statistics.fetches
    let long = String(repeating: "n", count: ItemFilter.maximumSearchLength + 1)
    #expect(throws: ScreenError.notApplicable(ItemFilter.searchTooLongMessage)) {
      try app.send(.search(long))
    }
    #expect(app.host.model.statistics.fetches == fetches, "nothing was fetched")
    #expect(app.texts == [["Write", "Read"]])
    #expect(app.top.searchText == "")
    #expect(ItemFilter.searchTooLongMessage.contains("1000"))

    // At the limit, the search runs.
    let longest = String(repeating: "e", count: ItemFilter.maximumSearchLength)
    try app.send(.search(longest))
    #expect(app.top.searchText == longest)
    #expect(app.host.model.statistics.fetches > fetches)
  }
}
