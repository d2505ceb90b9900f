import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis

/// A long list of documents over an async store (as a web service's list is) that renders its
/// rows on demand: each page adds its items' identities, and a row is rendered only when a host
/// reads it, from the item's values as they were when the list was rendered.
@Suite("Async lists with rows on demand")
struct AsyncListRowsOnDemandTests {
  struct Fixture {
    let app: HeadlessApp
    let model: TableModel
    let memory: MemoryStore
    let tasks: [DocumentObject]
    let section: ArrayOfObjectsSection
  }

  static func fixture(count: Int, batch: Int) throws -> Fixture {
    var definition = try DataDefinition.dictionary(keys: "name")
    definition.titlePropertyNames = ["name"]
    let tasks = (1...count).map { DocumentObject(["name": .string("Task \($0)")]) }
    let memory = MemoryStore(
      items: tasks.map { .object(ObjectReference($0)) }, definition: definition)
    let service = AsyncStoreWrapper(memory, latency: .milliseconds(1))
    let section = ArrayOfObjectsSection(store: service, definition: definition)
    section.fetchOptions.batchSize = batch
    section.rendersRowsOnDemand = true
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    return Fixture(app: app, model: model, memory: memory, tasks: tasks, section: section)
  }

  static func name(_ task: DocumentObject) -> String {
    (try? task.value(forKey: "name"))?.stringValue ?? ""
  }

  /// Loads pages until `count` items are listed.
  static func load(_ count: Int, in f: Fixture) async throws {
    try await f.app.settle()
    while f.section.currentItems.count < count {
      try f.section.loadMore()
      try await f.app.settle()
    }
  }

  @Test func aRowNamedByItsHashIsFoundWhereItIsAfterEveryPage() async throws {
    let f = try Self.fixture(count: 30, batch: 7)
    f.section.addItemText = "New Task"
    try await f.app.settle()
    for _ in 0..<4 {
      let shown = f.model.shown.sections[0].items
      for (index, row) in shown.enumerated() {
        #expect(
          f.model.indexPath(ofRowHash: row.id.hashValue) == ItemPath(item: index, section: 0),
          "\(row.text ?? "") at \(index) of \(shown.count)")
      }
      guard f.section.currentItems.count < 30 else { break }
      try f.section.loadMore()
      try await f.app.settle()
    }
  }

  @Test func pagesAddIdentitiesAndRenderNoRowUntilOneIsRead() async throws {
    let f = try Self.fixture(count: 2_000, batch: 500)
    try await Self.load(2_000, in: f)
    // Only the "Load more…" and "Loading…" rows were rendered, one per page or so.
    let builds = f.model.statistics.rowBuilds
    #expect(builds <= 10, "no host read an item's row")
    let shown = f.model.shown.sections[0].items
    #expect(shown.count == 2_000)
    #expect(shown.map(\.id) == f.tasks.map { RowID(object: $0) })
    // Every page after the first came as inserts at the end, and nothing was reloaded.
    let changesets = f.app.host.changesets.filter { !$0.stages.isEmpty }
    #expect(changesets.allSatisfy { $0.totals.itemReloads == 0 })
    #expect(changesets.map(\.totals.itemInserts).reduce(0, +) >= 2_000)
    #expect(f.app.host.violations.isEmpty)

    #expect(shown[1_234].text == "Task 1235")
    #expect(f.model.statistics.rowBuilds == builds + 1, "one row read, one row rendered")
    #expect(f.app.texts == [f.tasks.map(Self.name)], "every row reads its own item")
  }

  /// An async list lists each item once by construction, so paging counts nothing per item:
  /// the counts that find an edited item's rows are made when an edit first needs them.
  @Test func pagesCountNothingPerItemUntilAnEditNeedsIt() async throws {
    let f = try Self.fixture(count: 2_000, batch: 500)
    try await Self.load(2_000, in: f)
    #expect(f.section.itemCounts?.distinct == nil, "paging counted the items")
    try f.memory.update(
      .object(ObjectReference(f.tasks[1_500])), values: ["name": .string("Renamed")])
    try await f.app.settle()
    #expect(f.section.itemCounts?.distinct == 2_000)
    let last = try #require(f.app.host.changesets.last)
    #expect(last.totals.itemReloads == 1)
    #expect(f.model.shown.sections[0].items[1_500].text == "Renamed")
    #expect(f.app.host.violations.isEmpty)
  }

  @Test func anEditReloadsTheChangedRowsWhetherOrNotAHostReadThem() async throws {
    let f = try Self.fixture(count: 1_000, batch: 250)
    try await Self.load(1_000, in: f)
    _ = f.model.shown.sections[0].items[3].text  // a host shows row 3
    try f.memory.update(.object(ObjectReference(f.tasks[3])), values: ["name": .string("Renamed")])
    try f.memory.update(
      .object(ObjectReference(f.tasks[700])), values: ["name": .string("Renamed too")])
    try await f.app.settle()
    // A row no host read keeps the values it was rendered with: hosts that keep rows of their
    // own (the terminal's lines) are told of it too.
    let last = try #require(f.app.host.changesets.last)
    #expect(last.totals.itemReloads == 2)
    #expect(last.target.sections[0].items[3].text == "Renamed")
    #expect(last.target.sections[0].items[700].text == "Renamed too")
    #expect(f.app.host.violations.isEmpty)
  }

  @Test func theLoadMoreRowFollowsThePagesAndTheLastPageEndsIt() async throws {
    let f = try Self.fixture(count: 30, batch: 10)
    try await Self.load(10, in: f)
    #expect(f.app.texts[0].suffix(1) == ["Load more…"])
    try f.app.tap("Load more…")
    try await f.app.settle()
    #expect(f.app.texts[0].count == 21)
    try await Self.load(30, in: f)
    #expect(f.app.texts == [f.tasks.map(Self.name)], "the last page has no next")
    #expect(f.app.host.violations.isEmpty)
  }

  @Test func aRowNoHostReadShowsTheValuesOfItsRenderAndTheNextRenderTheNewOnes() async throws {
    let f = try Self.fixture(count: 40, batch: 20)
    try await Self.load(40, in: f)
    let before = f.model.shown
    // A value set on the object directly, which no store reports: the snapshot the host holds
    // still shows what it showed when it was rendered, as a content section's does.
    try f.tasks[5].setValue("Changed behind the list", forKey: "name")
    #expect(before.sections[0].items[5].text == "Task 6")
    try f.memory.update(
      .object(ObjectReference(f.tasks[5])), values: ["name": .string("Changed")])
    try await f.app.settle()
    #expect(f.model.shown.sections[0].items[5].text == "Changed")
    #expect(f.app.host.violations.isEmpty)
  }

  @Test func itemsThatAreNotDocumentsAreRenderedUpFront() async throws {
    let definition = try TasksApp.taskDefinition()
    let tasks = (1...30).map { TaskItem(name: "Task \($0)") }
    let memory = MemoryStore(objects: tasks, definition: definition)
    let section = ArrayOfObjectsSection(
      store: AsyncStoreWrapper(memory, latency: .milliseconds(1)), definition: definition)
    section.fetchOptions.batchSize = 10
    section.rendersRowsOnDemand = true
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    try await app.settle()
    #expect(model.statistics.rowBuilds >= 10, "their values cannot be kept without reading them")
    tasks[2].name = "Renamed"
    try await app.settle()
    #expect(app.texts[0][2] == "Renamed")
    #expect(app.host.violations.isEmpty)
  }
}
