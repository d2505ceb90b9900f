import Observation
import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis

/// Many models showing the same objects, each tracking its own rows: a change made to an
/// object directly (not through its store) reaches every model, every time, and a model that
/// is gone is no longer told.
@Suite("Many models over one store")
struct ManyModelsOneStoreTests {
  private static func hosts(_ count: Int, tasks: [TaskItem]) throws -> [HeadlessHost] {
    let definition = try TasksApp.taskDefinition()
    return hosts(count, on: MemoryStore(objects: tasks, definition: definition), definition)
  }

  /// `count` models listing `store`, each shown by a headless table view.
  private static func hosts(_ count: Int, on store: MemoryStore, _ definition: DataDefinition)
    -> [HeadlessHost]
  {
    (0..<count).map { _ in
      let model = TableModel()
      model.addSection(ArrayOfObjectsSection(store: store, definition: definition))
      return HeadlessHost(model: model)
    }
  }

  @Test func aDirectChangeReachesEveryModelEachTime() throws {
    let tasks = ["A", "B", "C"].map { TaskItem(name: $0) }
    let hosts = try Self.hosts(3, tasks: tasks)
    for round in 1...3 {
      tasks[1].name = "B\(round)"
      for host in hosts {
        try host.check()
        #expect(host.texts == [["A", "B\(round)", "C"]])
      }
    }
    for host in hosts { #expect(host.violations.isEmpty) }
  }

  @Test func aModelThatIsGoneLeavesTheOthersUpdating() throws {
    let tasks = ["A", "B"].map { TaskItem(name: $0) }
    var hosts = try Self.hosts(2, tasks: tasks)
    hosts.removeFirst()
    tasks[0].name = "Z"
    try hosts[0].check()
    #expect(hosts[0].texts == [["Z", "B"]])
  }

  @Test func aModelThatIsGoneIsNoLongerMarked() throws {
    let tasks = ["A", "B"].map { TaskItem(name: $0) }
    var hosts = try Self.hosts(2, tasks: tasks)
    let goneSink = hosts[0].model.invalidation
    hosts.removeFirst()
    // The gone model's row tracking may still fire: its sink is closed and records nothing.
    #expect(goneSink.isClosed)
    tasks[1].name = "Y"
    #expect(goneSink.isEmpty)
    try hosts[0].check()
    #expect(hosts[0].texts == [["A", "Y"]])
  }

  @Test func rowsWithTheirOwnConfigurationKeepTheirOwnTracking() throws {
    let tasks = ["A", "B"].map { TaskItem(name: $0) }
    let hosts = try Self.hosts(2, tasks: tasks)
    nonisolated(unsafe) let other = TaskItem(name: "x")
    let section = try #require(hosts[0].model.sections.first as? ArrayOfObjectsSection)
    section.rowActions.willConfigure = { row, _ in row.detailText = other.name }
    try hosts[0].check()
    other.name = "y"
    try hosts[0].check()
    #expect(hosts[0].rows(inSection: 0).map(\.detail) == ["y", "y"])
    tasks[0].name = "A2"
    for host in hosts { try host.check() }
    #expect(hosts.allSatisfy { $0.texts == [["A2", "B"]] })
  }

  @Test func anUnobservedObjectUpdatedThroughItsStoreReachesEveryModel() throws {
    let labels = ["a", "b", "c"].map { Label(text: $0) }
    let definition = try DataDefinition(for: Label.self, names: "text", make: { Label() })
    let store = MemoryStore(objects: labels, definition: definition)
    let hosts = Self.hosts(3, on: store, definition)
    for round in 1...2 {
      let before = hosts.map(\.model.statistics.rowBuilds)
      try store.update(.object(ObjectReference(labels[1])), values: ["text": .string("b\(round)")])
      for host in hosts { try host.check() }
      #expect(hosts.allSatisfy { $0.texts == [["a", "b\(round)", "c"]] })
      // Not observable: each model renders its own row.
      #expect(zip(hosts, before).map { $0.model.statistics.rowBuilds - $1 }.reduce(0, +) == 3)
    }
  }

  @Test func aValueObservationIgnoresStillShowsWhenItsStoreReportsIt() throws {
    let items = ["a", "b"].map { Shelf(title: $0) }
    let definition = try DataDefinition(for: Shelf.self, names: "title", make: { Shelf() })
    let store = MemoryStore(objects: items, definition: definition)
    let hosts = Self.hosts(2, on: store, definition)
    try store.update(.object(ObjectReference(items[0])), values: ["title": "z"])
    for host in hosts { try host.check() }
    #expect(hosts.allSatisfy { $0.texts == [["z", "b"]] })
  }
}

/// An object that is not observable: only its store's reports say it changed.
private final class Label: PropertyTableProviding, @unchecked Sendable {
  var text = ""
  init(text: String = "") { self.text = text }
  static let propertyTable = PropertyTable<Label>([.init("text", \.text)])
}

/// An observable object whose title observation ignores.
@Observable
private final class Shelf: PropertyTableProviding, @unchecked Sendable {
  @ObservationIgnored var title = ""
  init(title: String = "") { self.title = title }
  static let propertyTable = PropertyTable<Shelf>([.init("title", \.title)])
}
