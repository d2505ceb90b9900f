import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis
@testable import TrellisWeb

/// Windows that show one list of an async store (a web service, PostgreSQL) share its pages:
/// the shared list loads and renders them once, and each window's own cache rests, hearing
/// nothing, until the window shows the list otherwise.
@Suite("Shared lists of async stores")
struct AsyncSharedListTests {
  struct Fixture {
    let apps: [HeadlessApp]
    /// The signal every window's models wake.
    let wakes: WakeSignal
    let memory: MemoryStore
    let service: AsyncStoreWrapper
    let tasks: [TaskItem]

    var sections: [ArrayOfObjectsSection] {
      apps.map { $0.navigator.stack[0].model.sections[0] as! ArrayOfObjectsSection }
    }

    /// Settles every window until `condition` holds and none has anything under way.
    func settle(until condition: () -> Bool = { true }) async throws {
      let deadline = ContinuousClock.now + .seconds(30)
      while true {
        for app in apps { try await app.settle() }
        let busy = apps.contains {
          $0.top.model.hasWorkUnderWay || $0.top.model.hasPendingChanges
        }
        if !busy && condition() { return }
        let left = deadline - ContinuousClock.now
        guard left > .zero else {
          throw HeadlessAppError.timedOut("windows show \(apps.map(\.texts))")
        }
        await wakes.wait(atMost: left)
      }
    }

    /// Settles until every window's list shows `names`, then its special rows.
    func settle(showing names: [String], then specials: [String]) async throws {
      let expected = [names + specials]
      try await settle(until: { apps.allSatisfy { $0.texts == expected } })
      for app in apps { #expect(app.host.violations.isEmpty) }
    }
  }

  /// `count` windows over one async store of `rows` tasks, 7 to a page, sharing their lists
  /// as the web host's sessions do.
  static func fixture(windows count: Int = 3, rows: Int = 20, onDemand: Bool = false) throws
    -> Fixture
  {
    let definition = try TasksApp.taskDefinition()
    let tasks = (0..<rows).map { TaskItem(name: "Task \($0 + 1)") }
    let memory = MemoryStore(objects: tasks, definition: definition)
    let service = AsyncStoreWrapper(memory, latency: .milliseconds(2))
    let lists = SharedLists()
    let wakes = WakeSignal()
    let apps = (0..<count).map { _ in
      let section = ArrayOfObjectsSection(id: "tasks", store: service, definition: definition)
      section.fetchOptions.batchSize = 7
      section.placeholderText = "No tasks"
      section.addItemText = "New task"
      section.rendersRowsOnDemand = onDemand
      let model = TableModel(title: "Tasks")
      model.listSharing = lists
      model.addSection(section)
      return HeadlessApp(
        navigator: Navigator(root: Screen(model: model, navigationBar: .none)), wakes: wakes)
    }
    return Fixture(apps: apps, wakes: wakes, memory: memory, service: service, tasks: tasks)
  }

  static func names(_ range: ClosedRange<Int>) -> [String] { range.map { "Task \($0)" } }

  @Test func windowsShowOneListsPagesWhileTheirOwnCachesRest() async throws {
    let f = try Self.fixture()
    try await f.settle(showing: Self.names(1...7), then: ["Load more…", "New task"])
    for section in f.sections {
      #expect(section.sharedListLink != nil)
      let cache = try #require(section.asyncCache)
      #expect(!cache.followsSource, "a window's own cache hears nothing")
      #expect(cache.loadedItems.isEmpty)
    }
    // Another writer's changes reach every window, through the one shared list.
    try f.memory.update(.object(ObjectReference(f.tasks[2])), values: ["name": "Renamed"])
    try f.memory.insert(.object(ObjectReference(TaskItem(name: "First"))), at: 0)
    try f.memory.delete(.object(ObjectReference(f.tasks[0])))
    var expected = Self.names(1...7)
    expected[2] = "Renamed"
    expected.removeFirst()
    try await f.settle(showing: ["First"] + expected, then: ["Load more…", "New task"])
    for section in f.sections {
      #expect(section.sharedListLink != nil)
      #expect(section.asyncCache?.loadedItems.isEmpty == true, "and keeps nothing")
    }
    // The windows built no rows of their own since they started on the shared list.
    for app in f.apps.dropFirst() { #expect(app.top.model.statistics.rowBuilds == 0) }
  }

  /// The pages are the shared list's: a window that loads more loads them for every window.
  @Test(arguments: [false, true])
  func loadingMoreInOneWindowLoadsTheSharedList(onDemand: Bool) async throws {
    let f = try Self.fixture(onDemand: onDemand)
    try await f.settle(showing: Self.names(1...7), then: ["Load more…", "New task"])
    try f.apps[1].tap("Load more…")
    try await f.settle(showing: Self.names(1...14), then: ["Load more…", "New task"])
    // As a page asks when its "Load more…" row scrolls into view.
    try f.apps[2].send(.loadMore(section: 0))
    try await f.settle(showing: Self.names(1...20), then: ["New task"])
    for section in f.sections { #expect(section.sharedListLink != nil) }
    // A row a page names by its key (its identity's hash) is found where the shared list
    // shows it now, not where a window's resting cache had it: "New task" opens a new task.
    for app in f.apps {
      let model = app.top.model
      for (index, row) in model.snapshot.sections[0].items.enumerated() {
        #expect(model.indexPath(ofRowHash: row.id.hashValue) == ItemPath(item: index, section: 0))
      }
    }
    let newTask = try #require(f.apps[0].top.model.snapshot.sections[0].items.last)
    let path = try #require(f.apps[0].top.model.indexPath(ofRowHash: newTask.id.hashValue))
    try f.apps[0].send(.select(try #require(f.apps[0].top.model.rowID(at: path))))
    #expect(f.apps[0].top.snapshot().title == "New Task")
  }

  /// A window's delete, move and detail edit go through the shared list's store, and every
  /// window shows them.
  @Test func editsInOneWindowReachTheStoreAndEveryWindow() async throws {
    let f = try Self.fixture(rows: 5)
    try await f.settle(showing: Self.names(1...5), then: ["New task"])
    try f.apps[0].send(.delete(f.apps[0].rowID(at: ItemPath(item: 0, section: 0))))
    try await f.settle(showing: Self.names(2...5), then: ["New task"])
    #expect(try f.memory.count(FetchOptions()) == 4)

    try f.apps[1].tap("Task 3")
    try await f.apps[1].settle()
    try f.apps[1].enter("Task three", at: "Name")
    try f.apps[1].send(.done)
    try await f.settle(showing: ["Task 2", "Task three", "Task 4", "Task 5"], then: ["New task"])
    #expect(f.tasks[2].name == "Task three")
    #expect(f.apps[1].navigator.stack.count == 1)

    try f.apps[2].tap("New task")
    try f.apps[2].enter("Buy milk", at: "Name")
    try f.apps[2].send(.done)
    try await f.settle(
      showing: ["Task 2", "Task three", "Task 4", "Task 5", "Buy milk"], then: ["New task"])
    #expect(try f.memory.count(FetchOptions()) == 5)
  }

  /// A window's delete or move is its own until the store has it: a refusal puts the item
  /// back with a notice in that window alone, and the other windows, which never showed the
  /// edit, show no notice either. A delete the store takes reaches every window.
  @Test func aRefusedEditShowsItsNoticeOnlyInTheWindowThatMadeIt() async throws {
    let f = try Self.fixture(rows: 5)
    try await f.settle(showing: Self.names(1...5), then: ["New task"])
    let others = f.apps.dropFirst()
    let changesets = others.map(\.host.changesets.count)

    f.service.failNext(.delete, with: .refused("Task 1 is shared"))
    try f.apps[0].send(.delete(f.apps[0].rowID(at: ItemPath(item: 0, section: 0))))
    #expect(f.apps[0].texts == [Self.names(2...5) + ["New task"]], "gone at once, here")
    let deleteNotice = "Could not delete “Task 1”: Task 1 is shared"
    try await f.settle(until: {
      f.apps[0].texts == [Self.names(1...5) + [deleteNotice, "New task"]]
    })

    f.service.failNext(.move, with: .refused("the order is fixed"))
    try f.apps[0].send(
      .move(f.apps[0].rowID(at: ItemPath(item: 4, section: 0)), to: ItemPath(item: 0, section: 0)))
    let moveNotice = "Could not move “Task 5”: the order is fixed"
    try await f.settle(until: { f.apps[0].texts == [Self.names(1...5) + [moveNotice, "New task"]] })
    for app in others {
      #expect(app.texts == [Self.names(1...5) + ["New task"]])
      #expect(app.host.violations.isEmpty)
    }
    #expect(others.map(\.host.changesets.count) == changesets, "the others never showed the edits")
    #expect(f.sections[1].sharedListLink != nil)

    // Its notice dismissed, the window shows the shared list again, and a delete the store
    // takes reaches everyone.
    try f.apps[0].tap(moveNotice)
    try f.apps[0].send(.delete(f.apps[0].rowID(at: ItemPath(item: 1, section: 0))))
    try await f.settle(showing: ["Task 1", "Task 3", "Task 4", "Task 5"], then: ["New task"])
    #expect(try f.memory.count(FetchOptions()) == 4)
  }

  /// A window that searches shows its own results from its own cache, which wakes; the
  /// others stay on the shared list, and it sees their edits when it comes back. Showing what
  /// the shared list shows again, it attaches again, and its cache rests.
  @Test func aSearchingWindowLeavesTheSharedListAndTheOthersStay() async throws {
    let f = try Self.fixture(rows: 12)
    try await f.settle(showing: Self.names(1...7), then: ["Load more…", "New task"])
    let searching = f.sections[0]
    searching.search("Task 1")
    try await f.settle(until: {
      f.apps[0].texts == [["Task 1", "Task 10", "Task 11", "Task 12", "New task"]]
    })
    #expect(searching.sharedListLink == nil)
    #expect(searching.asyncCache?.followsSource == true)
    #expect(f.sections[1].sharedListLink != nil)

    try f.memory.update(.object(ObjectReference(f.tasks[1])), values: ["name": "Second"])
    searching.search("")
    var expected = Self.names(1...7)
    expected[1] = "Second"
    try await f.settle(showing: expected, then: ["Load more…", "New task"])
    // A list that rendered its own rows looks for its shared list now and then, as it changes.
    for round in 0..<40 where searching.sharedListLink == nil {
      expected[3] = "Round \(round)"
      try f.memory.update(
        .object(ObjectReference(f.tasks[3])), values: ["name": .string(expected[3])])
      try await f.settle(showing: expected, then: ["Load more…", "New task"])
    }
    #expect(searching.sharedListLink != nil)
    #expect(searching.asyncCache?.followsSource == false)
    // Its "Load more…" loads the shared list's last page, for every window.
    try f.apps[0].tap("Load more…")
    try await f.settle(showing: expected + Self.names(8...12), then: ["New task"])
  }

  /// A window that leaves the shared list keeps its rows while its own cache reads them
  /// again: it shows no loading row, and loses no change made meanwhile.
  @Test func aWindowThatLeavesKeepsItsRowsAndMissesNoChange() async throws {
    let f = try Self.fixture(rows: 5)
    try await f.settle(showing: Self.names(1...5), then: ["New task"])
    let leaving = f.sections[0]
    let link = try #require(leaving.sharedListLink)
    try f.memory.update(.object(ObjectReference(f.tasks[4])), values: ["name": "Fifth"])
    // Its rows show otherwise now: not like the shared list's.
    leaving.allowsDeleting = false
    f.apps[0].navigator.processChanges()
    #expect(leaving.sharedListLink?.list !== link.list)
    #expect(f.apps[0].texts.first?.contains("Loading…") == false)
    #expect(leaving.asyncCache?.followsSource == true)
    try await f.settle(
      showing: ["Task 1", "Task 2", "Task 3", "Task 4", "Fifth"], then: ["New task"])
    #expect(link.list.section.asyncCache?.followsSource == true)
  }
}
