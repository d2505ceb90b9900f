import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis
@testable import TrellisWeb

/// Models that share their lists (the web host's sessions) show every change of a shared
/// store, each through its own table view, while the shared list does the work once.
@Suite("Shared lists")
struct SharedListTests {
  /// `count` models over one store of `names`, sharing one registry of shared lists, each
  /// shown by a headless table view (which checks every changeset against a fresh render).
  private static func hosts(_ count: Int, names: [String]) throws -> (
    hosts: [HeadlessHost], store: MemoryStore, tasks: [TaskItem]
  ) {
    let definition = try TasksApp.taskDefinition()
    let tasks = names.map { TaskItem(name: $0) }
    let store = MemoryStore(objects: tasks, definition: definition)
    let lists = SharedLists()
    let hosts = (0..<count).map { _ in
      let model = TableModel()
      model.listSharing = lists
      model.addSection(ArrayOfObjectsSection(id: "tasks", store: store, definition: definition))
      return HeadlessHost(model: model)
    }
    return (hosts, store, tasks)
  }

  /// Another model over `store`'s tasks, sharing `host`'s lists, not processed yet.
  private static func model(sharingWith host: HeadlessHost, store: MemoryStore) throws -> (
    TableModel, ArrayOfObjectsSection
  ) {
    let model = TableModel()
    model.listSharing = host.model.listSharing
    let list = ArrayOfObjectsSection(
      id: "tasks", store: store, definition: try TasksApp.taskDefinition())
    model.addSection(list)
    return (model, list)
  }

  private static func list(_ host: HeadlessHost) throws -> ArrayOfObjectsSection {
    try #require(host.model.sections.first as? ArrayOfObjectsSection)
  }

  private static func names(_ store: MemoryStore) throws -> [String] {
    try store.fetch(FetchOptions()).compactMap { ($0.objectValue as? TaskItem)?.name }
  }

  @Test func attachedListsShowEveryChangeAndDoNoRowWorkOfTheirOwn() throws {
    let (hosts, store, tasks) = try Self.hosts(4, names: ["A", "B", "C", "D"])
    for host in hosts { try #expect(Self.list(host).sharedListLink != nil) }
    let builds = hosts.map(\.model.statistics.rowBuilds)
    let fetches = hosts.map(\.model.statistics.fetches)
    // Renames, through the store and directly; an insert, a delete, a move.
    try store.update(.object(ObjectReference(tasks[1])), values: ["name": "B2"])
    tasks[2].name = "C2"
    for host in hosts { try host.check() }
    try store.insert(.object(ObjectReference(TaskItem(name: "E"))), at: 1)
    for host in hosts.prefix(2) { try host.check() }
    try store.delete(.object(ObjectReference(tasks[0])))
    try store.move(from: 0, to: 3)
    for host in hosts { try host.check() }
    let expected = try Self.names(store)
    #expect(expected == ["B2", "C2", "D", "E"])
    for host in hosts {
      #expect(host.texts == [expected])
      #expect(host.violations.isEmpty)
      try #expect(Self.list(host).sharedListLink != nil)
    }
    // The shared section rendered the rows: the models built none and fetched nothing.
    #expect(hosts.map(\.model.statistics.rowBuilds) == builds)
    #expect(hosts.map(\.model.statistics.fetches) == fetches)
  }

  /// An attached section's items are the section's: what it opens, deletes or moves by
  /// position is the item its row shows. (A model without a table view, since checking a
  /// table view renders the model afresh, which fetches its items again.)
  @Test func anAttachedListsItemsAreTheOnesItShows() throws {
    let (hosts, store, tasks) = try Self.hosts(1, names: ["A", "B", "C"])
    let (model, list) = try Self.model(sharingWith: hosts[0], store: store)
    model.processChanges()
    #expect(list.sharedListLink != nil)
    try store.insert(.object(ObjectReference(TaskItem(name: "D"))), at: 0)
    try store.delete(.object(ObjectReference(tasks[1])))
    try store.move(at: 0, to: 2)
    model.processChanges()
    let shown = model.snapshot.sections[0].items.map { $0.text ?? "" }
    #expect(shown == (try Self.names(store)))
    let items = list.currentItems.compactMap { ($0.objectValue as? TaskItem)?.name }
    #expect(items == shown)
    // It started on the shared list: its items, no fetch of its own.
    #expect(model.statistics.fetches == 0)
  }

  /// A model opened on a list others share takes the shared rows at once: it renders none
  /// and tracks none of its own (ten thousand sessions cost one rendering).
  @Test func aNewModelOnASharedListRendersNoRows() throws {
    let (hosts, store, tasks) = try Self.hosts(1, names: ["A", "B", "C"])
    let (model, list) = try Self.model(sharingWith: hosts[0], store: store)
    let host = HeadlessHost(model: model)
    #expect(list.sharedListLink != nil)
    #expect(model.statistics.rowBuilds == 0)
    #expect(host.texts == [["A", "B", "C"]])
    tasks[1].name = "B2"
    for host in hosts + [host] { try host.check() }
    #expect(host.texts == [["A", "B2", "C"]])
    #expect(model.statistics.rowBuilds == 0)
    #expect(host.violations.isEmpty)
  }

  /// An edit through one model reaches every model; a move of a row another model deleted
  /// meanwhile is refused, not applied to whatever row took its place.
  @Test func anEditThroughOneModelReachesEveryModel() throws {
    let (hosts, store, _) = try Self.hosts(3, names: ["A", "B", "C"])
    try hosts[1].model.deleteRow(at: ItemPath(item: 0, section: 0))
    #expect(throws: TableEditError.self) {
      try hosts[2].model.moveRow(
        from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0))
    }
    for host in hosts { try host.check() }
    try hosts[0].model.moveRow(
      from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0))
    for host in hosts { try host.check() }
    let expected = try Self.names(store)
    #expect(expected == ["C", "B"])
    for host in hosts {
      #expect(host.texts == [expected])
      #expect(host.violations.isEmpty)
    }
  }

  @Test func anAttachedListIsWokenOnceUntilItCatchesUpThenAgain() throws {
    let (hosts, store, tasks) = try Self.hosts(3, names: ["A", "B", "C"])
    for host in hosts { try #expect(Self.list(host).sharedListLink != nil) }
    let wakes = hosts.map { host in
      let count = Locked(0)
      host.model.setWakeHandler { count.withLock { $0 += 1 } }
      return count
    }
    func counts() -> [Int] { wakes.map { $0.withLock { $0 } } }
    // Three edits before anyone catches up: one wake each.
    try store.update(.object(ObjectReference(tasks[0])), values: ["name": "A2"])
    tasks[1].name = "B2"
    try store.update(.object(ObjectReference(tasks[2])), values: ["name": "C2"])
    #expect(counts() == [1, 1, 1])
    // The first catches up; the next edit wakes it again, and only it.
    try hosts[0].check()
    #expect(hosts[0].texts == [["A2", "B2", "C2"]])
    tasks[0].name = "A3"
    #expect(counts() == [2, 1, 1])
    for host in hosts { try host.check() }
    for host in hosts {
      #expect(host.texts == [["A3", "B2", "C2"]])
      #expect(host.violations.isEmpty)
    }
    tasks[1].name = "B3"
    #expect(counts() == [3, 2, 2])
    for host in hosts { try host.check() }
    for host in hosts { #expect(host.texts == [["A3", "B3", "C2"]]) }
  }

  @Test func aListThatChangesHowItShowsDetachesAndTheOthersStay() throws {
    let (hosts, store, tasks) = try Self.hosts(3, names: ["A", "B", "C"])
    let leaving = try Self.list(hosts[0])
    let shared = try #require(Self.list(hosts[1]).sharedListLink?.list)
    leaving.allowsDeleting = false
    try hosts[0].check()
    // It shows its rows otherwise now: the shared list of lists shown like it, not the others'.
    #expect(leaving.sharedListLink?.list !== shared)
    tasks[0].name = "A2"
    try store.insert(.object(ObjectReference(TaskItem(name: "D"))), at: nil)
    for host in hosts { try host.check() }
    #expect(hosts[0].rows(inSection: 0).allSatisfy { !$0.isDeletable })
    #expect(hosts[1].rows(inSection: 0).allSatisfy { $0.isDeletable })
    try #expect(Self.list(hosts[1]).sharedListLink != nil)
    for host in hosts {
      #expect(host.texts == [["A2", "B", "C", "D"]])
      #expect(host.violations.isEmpty)
    }
  }

  @Test func aModelFarBehindCatchesUpWithOneDifference() throws {
    let (hosts, store, tasks) = try Self.hosts(2, names: (0..<5).map { "Task \($0)" })
    // The second model is not processed for more changes than the shared list keeps.
    for round in 0..<(SharedList.retainedChangesets * 3) {
      tasks[round % tasks.count].name = "Round \(round)"
      try hosts[0].check()
    }
    try store.insert(.object(ObjectReference(TaskItem(name: "Last"))), at: 0)
    for host in hosts { try host.check() }
    let expected = try Self.names(store)
    for host in hosts {
      #expect(host.texts == [expected])
      #expect(host.violations.isEmpty)
    }
  }

  @Test func anEmptiedListDetachesForItsPlaceholder() throws {
    let (hosts, store, _) = try Self.hosts(2, names: ["A"])
    for host in hosts { try Self.list(host).placeholderText = "None" }
    for host in hosts { try host.check() }
    try store.delete(at: 0)
    for host in hosts { try host.check() }
    for host in hosts {
      #expect(host.texts == [["None"]])
      #expect(host.violations.isEmpty)
    }
    try store.insert(.object(ObjectReference(TaskItem(name: "B"))), at: nil)
    for host in hosts { try host.check() }
    for host in hosts { #expect(host.texts == [["B"]]) }
  }

  /// Random edits of every kind, through the store, the objects and the models, with models
  /// that change how they show the list and models left behind: every model shows the store,
  /// and every changeset passes the table view's rules.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func randomEditsKeepEveryModelRight(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let (hosts, store, _) = try Self.hosts(4, names: (0..<6).map { "Task \($0)" })
    var added = 0
    for step in 0..<120 {
      let objects = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TaskItem }
      let host = hosts[Int.random(in: 0..<hosts.count, using: &random)]
      let deletes = try Self.list(host).allowsDeleting
      switch Int.random(in: 0..<9, using: &random) {
      case 0 where !objects.isEmpty:
        let task = objects[Int.random(in: 0..<objects.count, using: &random)]
        try store.update(.object(ObjectReference(task)), values: ["name": .string("S\(step)")])
      case 1 where !objects.isEmpty:
        objects[Int.random(in: 0..<objects.count, using: &random)].name = "D\(step)"
      case 2:
        added += 1
        let at = Int.random(in: 0...objects.count, using: &random)
        try store.insert(.object(ObjectReference(TaskItem(name: "New \(added)"))), at: at)
      case 3 where objects.count > 1:
        try store.delete(at: Int.random(in: 0..<objects.count, using: &random))
      case 4 where objects.count > 1:
        let from = Int.random(in: 0..<objects.count, using: &random)
        try store.move(from: from, to: Int.random(in: 0..<objects.count, using: &random))
      case 5 where objects.count > 1 && deletes:
        // The row deleted is the one the model shows there (every name is different).
        try host.check()
        let index = Int.random(in: 0..<objects.count, using: &random)
        let shown = host.texts[0][index]
        try host.model.deleteRow(at: ItemPath(item: index, section: 0))
        #expect(try !Self.names(store).contains(shown), "step \(step)")
      case 6:
        let list = try Self.list(host)
        list.allowsDeleting.toggle()
      case 7:
        let list = try Self.list(host)
        list.placeholderText = list.placeholderText == nil ? "None" : nil
      default:
        break
      }
      // Some models are left behind for a while; the others keep up.
      for host in hosts where Bool.random(using: &random) { try host.check() }
    }
    for host in hosts { try host.check() }
    let expected = try Self.names(store)
    for host in hosts {
      #expect(host.texts == [expected.isEmpty ? ["None"] : expected] || host.texts == [expected])
      #expect(host.violations.isEmpty, "\(host.violations.prefix(3))")
    }
  }
}
