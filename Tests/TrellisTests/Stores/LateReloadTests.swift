import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// A store that starts listening once something observes it, then says that anything may have
/// changed (what it could have missed before it listened): a list over it reads its pages
/// again, whenever that report lands, and every changeset it sends stays valid.
@Suite("A list over a store that reports a reload of its own")
struct LateReloadTests {
  /// An async store that, some time after it is first observed, goes live and reports
  /// `.reset`, as a database that starts listening for other servers' writes does.
  final class ListeningStore: ForwardingAsyncStore {
    let inner: AsyncStoreWrapper
    let delay: Duration
    private let linkHandlers = Locked<[@Sendable (StoreLink) -> Void]>([])
    private let handlers = Locked<[@Sendable (StoreChange) -> Void]>([])
    /// The reports sent once observed, each from a task of its own.
    private let reports = Locked<[Task<Void, Never>]>([])

    /// Returns once every report sent so far has been made.
    func reportsSent() async {
      for report in reports.withLock({ $0 }) { await report.value }
    }

    /// Reports, on this thread and now, that anything may have changed.
    func reportReload() {
      for handler in handlers.withLock({ $0 }) { handler(.reset) }
    }

    init(_ inner: AsyncStoreWrapper, delay: Duration) {
      self.inner = inner
      self.delay = delay
    }

    func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
      let token = inner.observe(handler)
      handlers.withLock { $0.append(handler) }
      let delay = delay
      let links = linkHandlers
      let report = Task {
        try? await Task.sleep(for: delay)
        for link in links.withLock({ $0 }) { link(.live) }
        handler(.reset)
      }
      reports.withLock { $0.append(report) }
      return token
    }

    func observeLink(_ handler: @escaping @Sendable (StoreLink) -> Void) -> ObservationToken? {
      linkHandlers.withLock { $0.append(handler) }
      return ObservationToken {}
    }
  }

  static func app(delay: Duration, latency: Duration, count: Int = 20) throws -> (
    HeadlessApp, ArrayOfObjectsSection, ListeningStore
  ) {
    let definition = try TasksApp.taskDefinition()
    let tasks = (1...count).map { TaskItem(name: "Task \($0)") }
    let memory = MemoryStore(objects: tasks, definition: definition)
    let store = ListeningStore(AsyncStoreWrapper(memory, latency: latency), delay: delay)
    let section = ArrayOfObjectsSection(store: store, definition: definition)
    section.fetchOptions.batchSize = 7
    section.placeholderText = "No tasks"
    section.addItemText = "New task"
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    return (app, section, store)
  }

  /// The reload starts a refresh, whose loading row (the list is empty) must reach the host
  /// as a changeset of its own: a changeset another section sends meanwhile describes the
  /// list as it was, and the list, rendered afresh, shows the same rows.
  @Test func aRefreshStartedByTheStoreIsShownThroughAChangeset() async throws {
    let definition = try TasksApp.taskDefinition()
    let memory = MemoryStore(objects: [TaskItem](), definition: definition)
    let store = ListeningStore(
      AsyncStoreWrapper(memory, latency: .milliseconds(30)), delay: .seconds(3600))
    let list = ArrayOfObjectsSection(store: store, definition: definition)
    list.fetchOptions.batchSize = 7
    list.placeholderText = "No tasks"
    let notes = MemoryStore(objects: [TaskItem(name: "Note")], definition: definition)
    let other = ArrayOfObjectsSection(store: notes, definition: definition)
    let model = TableModel(title: "Tasks")
    model.addSection(list)
    model.addSection(other)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    try await app.settle()
    #expect(app.texts[0] == ["No tasks"])

    store.reportReload()
    try notes.insert(.object(ObjectReference(TaskItem(name: "Another note"))), at: nil)
    try app.host.check()
    #expect(app.texts[0] == ["Loading…"], "the refresh under way shows")
    #expect(app.texts[1] == ["Note", "Another note"])
    try await app.settle()
    #expect(app.texts[0] == ["No tasks"])
    #expect(app.host.violations.isEmpty)
  }

  /// A refresh of a list that shows items keeps them, with no loading row, until its page
  /// replaces them.
  @Test func aRefreshKeepsTheItemsShown() async throws {
    let (app, _, _) = try Self.app(delay: .seconds(3600), latency: .milliseconds(30))
    try await app.settle()
    let shown = (1...7).map { "Task \($0)" } + ["Load more…", "New task"]
    #expect(app.texts == [shown])
    let section = try #require(app.navigator.top.model.sections.first as? ArrayOfObjectsSection)
    try section.refresh()
    try app.host.check()
    #expect(app.texts == [shown])
    try await app.settle()
    #expect(app.texts == [shown])
    #expect(app.host.violations.isEmpty)
  }

  @Test(arguments: [0, 1, 3, 8, 15, 20, 25, 40])
  func aReloadAnyTimeAroundTheFirstPageKeepsEveryChangesetValid(delayMs: Int) async throws {
    let (app, _, store) = try Self.app(delay: .milliseconds(delayMs), latency: .milliseconds(10))
    try await app.settle()
    // The report may land after the first settle: wait until it has been made, then taken.
    await store.reportsSent()
    try await app.settle()
    #expect(app.texts == [(1...7).map { "Task \($0)" } + ["Load more…", "New task"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test(arguments: [0, 5, 12, 30])
  func aReloadWhileMorePagesLoadKeepsEveryChangesetValid(delayMs: Int) async throws {
    let (app, _, store) = try Self.app(delay: .milliseconds(delayMs), latency: .milliseconds(6))
    for _ in 0..<3 {
      try await Task.sleep(for: .milliseconds(4))
      app.navigator.processChanges()
      try app.host.check()
      if app.path(of: "Load more…") != nil { try app.tap("Load more…") }
    }
    await store.reportsSent()
    try await app.settle()
    #expect(app.host.violations.isEmpty)
    #expect(app.texts.first?.first == "Task 1")
  }
}
