import Testing
import Trellis
import TrellisExamples
import TrellisTerminal
import TrellisTesting

/// A list over an async store: pages load in the background while the screen shows a loading
/// row, a failed load offers a retry, deletes are optimistic and rolled back when refused, and
/// a detail screen's Done waits for the store and loses nothing when it refuses.
@Suite("Lists over async stores")
struct AsyncListTests {
  struct Fixture {
    let app: HeadlessApp
    let memory: MemoryStore
    let service: AsyncStoreWrapper
    let section: ArrayOfObjectsSection
  }

  static func fixture(
    count: Int = 20, batch: Int? = 7, latency: Duration = .milliseconds(2)
  ) throws -> Fixture {
    let definition = try TasksApp.taskDefinition()
    let tasks = (1...max(count, 1)).prefix(count).map { TaskItem(name: "Task \($0)") }
    let memory = MemoryStore(objects: tasks, definition: definition)
    let service = AsyncStoreWrapper(memory, latency: latency)
    let section = ArrayOfObjectsSection(store: service, definition: definition)
    section.fetchOptions.batchSize = batch
    section.placeholderText = "No tasks"
    section.addItemText = "New task"
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    return Fixture(app: app, memory: memory, service: service, section: section)
  }

  static func names(_ range: ClosedRange<Int>) -> [String] { range.map { "Task \($0)" } }

  @Test func pagesLoadInTheBackgroundWithALoadingRow() async throws {
    let f = try Self.fixture(latency: .milliseconds(20))
    #expect(f.app.texts == [["Loading…", "New task"]], "the screen shows at once")
    #expect(f.section.loadState == .loading(.firstPage))
    #expect(TextRenderer(width: 40).render(f.app.top.snapshot()).contains("Loading…"))
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...7) + ["Load more…", "New task"]])
    #expect(f.section.loadState == .loaded)

    try f.app.tap("Load more…")
    #expect(f.app.texts == [Self.names(1...7) + ["Loading…", "New task"]])
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...14) + ["Load more…", "New task"]])
    try f.app.tap("Load more…")
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...20) + ["New task"]], "the last page has no next")
    #expect(f.app.host.violations.isEmpty)
  }

  @Test func anEmptyStoreShowsThePlaceholderOnlyOnceLoaded() async throws {
    let f = try Self.fixture(count: 0)
    #expect(f.app.texts == [["Loading…", "New task"]])
    try await f.app.settle()
    #expect(f.app.texts == [["No tasks", "New task"]])
    #expect(f.section.loadState == .empty)
  }

  @Test func aFailedLoadShowsTheErrorAndRetries() async throws {
    let f = try Self.fixture()
    f.service.failNext(.fetch, with: .failed("the server answered 500"))
    try await f.app.settle()
    #expect(f.app.texts == [["Could not load: the server answered 500", "New task"]])
    let errorRow = try #require(f.app.row("Could not load: the server answered 500"))
    #expect(errorRow.detail == "Try again")
    try f.app.tap("Could not load: the server answered 500")
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...7) + ["Load more…", "New task"]])

    // A failed next page keeps the rows shown.
    f.service.failNext(.fetch, with: .failed("timed out"))
    try f.app.tap("Load more…")
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...7) + ["Could not load: timed out", "New task"]])
    try f.app.tap("Could not load: timed out")
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...14) + ["Load more…", "New task"]])
  }

  @Test func aFailedLoadIsReadAgainWithoutATap() async throws {
    let f = try Self.fixture()
    f.service.failNext(.fetch, with: .failed("timed out"))
    f.service.failNext(.fetch, with: .failed("timed out"))
    try await f.app.settle()
    #expect(f.app.texts == [["Could not load: timed out", "New task"]])
    // Read again after 1 s, which fails, then after 2 s more.
    let loaded = Self.names(1...7) + ["Load more…", "New task"]
    try await f.app.settle(until: { f.app.texts == [loaded] }, timeout: .seconds(20))

    // A failed next page is read again too, and the rows shown stay.
    f.service.failNext(.fetch, with: .failed("connection reset"))
    try f.app.tap("Load more…")
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...7) + ["Could not load: connection reset", "New task"]])
    let more = Self.names(1...14) + ["Load more…", "New task"]
    try await f.app.settle(until: { f.app.texts == [more] }, timeout: .seconds(20))
  }

  @Test func theWaitBeforeReadingAgainDoublesUpToAMaximum() {
    let delays = (1...8).map { AsyncStoreCache.retryDelay(afterFailures: $0) }
    #expect(delays == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
  }

  @Test func aNewSearchSupersedesTheLoadUnderWay() async throws {
    let f = try Self.fixture(count: 30, batch: nil, latency: .milliseconds(30))
    try await f.app.settle()
    try f.app.send(.search("Task 1"))
    try f.app.send(.search("Task 2"))
    #expect(f.section.loadState == .loading(.firstPage))
    try await f.app.settle()
    #expect(f.app.texts == [["Task 2"] + Self.names(20...29) + ["New task"]])
  }

  /// A search that finds nothing says so, in place of the list's placeholder, and a list
  /// without a placeholder says so too; clearing the search lists the items again.
  @Test func aSearchThatFindsNothingSaysSo() async throws {
    let f = try Self.fixture(count: 3, batch: nil)
    try await f.app.settle()
    try f.app.send(.search("zebra"))
    try await f.app.settle()
    #expect(f.app.texts == [["No results for “zebra”", "New task"]])
    try f.app.send(.search(""))
    try await f.app.settle()
    #expect(f.app.texts == [Self.names(1...3) + ["New task"]])
    let memory = ArrayOfObjectsSection(
      store: MemoryStore(
        objects: [TaskItem(name: "Milk")], definition: try TasksApp.taskDefinition()),
      definition: try TasksApp.taskDefinition())
    let model = TableModel(title: "Plain")
    model.addSection(memory)
    let plain = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try plain.send(.search("zebra"))
    #expect(plain.texts == [["No results for “zebra”"]])
    #expect(plain.host.table.visible.first?.items.first?.isEnabled == false)
    try plain.send(.search("mil"))
    #expect(plain.texts == [["Milk"]])
  }

  @Test func aDeleteIsOptimisticAndARefusalPutsTheItemBack() async throws {
    let f = try Self.fixture(count: 3, latency: .milliseconds(10))
    try await f.app.settle()
    f.service.failNext(.delete, with: .refused("Task 2 is shared"))
    try f.app.send(.delete(f.app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(f.app.texts == [["Task 1", "Task 3", "New task"]], "gone at once")
    try await f.app.settle()
    #expect(
      f.app.texts == [
        ["Task 1", "Task 2", "Task 3", "Could not delete “Task 2”: Task 2 is shared", "New task"]
      ])
    #expect(try f.memory.count(FetchOptions()) == 3)
    // Said under the bar too: the row may be far below where the person deleted.
    #expect(f.app.navigator.top.snapshot().notice == "Could not delete “Task 2”: Task 2 is shared")
    try f.app.tap("Could not delete “Task 2”: Task 2 is shared")
    try await f.app.settle()
    #expect(f.app.texts == [["Task 1", "Task 2", "Task 3", "New task"]])
    #expect(f.app.navigator.top.snapshot().notice == nil)
    // Acting again on the screen (here, edit mode) answers it too.
    f.service.failNext(.delete, with: .refused("Task 2 is shared"))
    try f.app.send(.delete(f.app.rowID(at: ItemPath(item: 1, section: 0))))
    try await f.app.settle()
    #expect(f.app.navigator.top.snapshot().notice != nil)
    try f.app.send(.setEditing(true))
    try await f.app.settle()
    #expect(f.app.navigator.top.snapshot().notice == nil)
    #expect(f.app.texts == [["Task 1", "Task 2", "Task 3", "New task"]])
    try f.app.send(.setEditing(false))

    try f.app.send(.delete(f.app.rowID(at: ItemPath(item: 0, section: 0))))
    try await f.app.settle()
    #expect(f.app.texts == [["Task 2", "Task 3", "New task"]])
    #expect(try f.memory.count(FetchOptions()) == 2)
  }

  @Test func doneWaitsForTheStoreAndARefusalKeepsTheDraft() async throws {
    let f = try Self.fixture(count: 2, latency: .milliseconds(10))
    try await f.app.settle()
    try f.app.tap("Task 1")
    try await f.app.settle()
    try f.app.enter("Task one", at: "Name")
    f.service.failNext(.update, with: .refusedValue(property: "name", message: "Name is taken"))
    try f.app.send(.done)
    #expect(f.app.navigator.stack.count == 2, "the screen waits for the store")
    #expect(f.app.top.snapshot().notice == "Saving…")
    #expect(!f.app.top.snapshot().isDoneEnabled)
    try await f.app.settle()
    #expect(f.app.navigator.stack.count == 2, "a refusal keeps the screen")
    #expect(f.app.top.snapshot().notice == "Name is taken")
    #expect(f.app.row("Name")?.value == "Task one", "and the typed value")
    #expect(f.app.top.draft?.message("name") == "Name is taken")

    try f.app.enter("Task uno", at: "Name")
    try f.app.send(.done)
    try await f.app.settle()
    #expect(f.app.navigator.stack.count == 1)
    #expect(f.app.texts == [["Task uno", "Task 2", "New task"]])
  }

  @Test func aNewItemIsListedOnceTheStoreHasIt() async throws {
    let f = try Self.fixture(count: 2, latency: .milliseconds(10))
    try await f.app.settle()
    try f.app.tap("New task")
    try f.app.enter("Buy milk", at: "Name")
    f.service.failNext(.insert, with: .failed("offline"))
    try f.app.send(.done)
    try await f.app.settle()
    #expect(f.app.navigator.stack.count == 2)
    #expect(f.app.top.snapshot().notice == "offline")
    #expect(try f.memory.count(FetchOptions()) == 2)
    try f.app.send(.done)
    try await f.app.settle()
    #expect(f.app.navigator.stack.count == 1)
    #expect(f.app.texts == [["Task 1", "Task 2", "Buy milk", "New task"]])
    #expect(try f.memory.count(FetchOptions()) == 3)
  }

  @Test func anotherListsWriteReachesThisOne() async throws {
    let f = try Self.fixture(count: 2)
    try await f.app.settle()
    let definition = try TasksApp.taskDefinition()
    let second = ArrayOfObjectsSection(store: f.service, definition: definition)
    let model = TableModel()
    model.addSection(second)
    let app2 = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app2.settle()
    try app2.send(.delete(app2.rowID(at: ItemPath(item: 0, section: 0))))
    try await app2.settle()
    try await f.app.settle()
    #expect(f.app.texts == [["Task 2", "New task"]])
  }
}
