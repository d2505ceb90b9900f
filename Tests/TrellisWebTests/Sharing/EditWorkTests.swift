import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis
@testable import TrellisWeb

/// The work of one edit, counted: a task renamed in its form, then Done, with the list open in
/// three sessions that share the app's lists, as the web host's sessions do.
@Suite("The work of one edit")
struct EditWorkTests {
  /// What the models of one edit did: each session's list, the shared list's own model, and
  /// the form.
  struct Work: Equatable {
    var lists: [TableModel.Statistics]
    var shared: TableModel.Statistics
    var form: TableModel.Statistics
  }

  /// Three sessions of the Tasks app over one store, sharing their lists, with the first
  /// showing the form of "Read".
  static func sessions() throws -> (apps: [HeadlessApp], form: TableModel) {
    let definition = try TasksApp.taskDefinition()
    let store = MemoryStore(
      objects: ["Write", "Read", "Sleep"].map { TaskItem(name: $0) }, definition: definition)
    let lists = SharedLists()
    let apps = try (0..<3).map { _ in
      let navigator = try TasksApp.navigator(store: store)
      navigator.top.model.listSharing = lists
      return HeadlessApp(navigator: navigator)
    }
    for app in apps { try app.send(.refresh) }
    try apps[0].tap("Read")
    return (apps, apps[0].top.model)
  }

  static func work(_ apps: [HeadlessApp], _ form: TableModel) throws -> Work {
    let lists = apps.map { $0.navigator.stack[0].model }
    let list = try #require(lists[0].sections.first as? ArrayOfObjectsSection)
    let shared = try #require(list.sharedListLink?.list.model)
    return Work(
      lists: lists.map(\.statistics), shared: shared.statistics, form: form.statistics)
  }

  /// The difference between two counts.
  static func delta(_ a: TableModel.Statistics, _ b: TableModel.Statistics) -> (
    builds: Int, runs: Int, fetches: Int
  ) {
    (
      b.rowBuilds - a.rowBuilds, b.processChangesRuns - a.processChangesRuns,
      b.fetches - a.fetches
    )
  }

  @Test func typingInTheFormBuildsTheEditedRowOnceAndTouchesNoList() throws {
    let (apps, form) = try Self.sessions()
    let before = try Self.work(apps, form)
    try apps[0].enter(.string("Read more"), at: "Name")
    let after = try Self.work(apps, form)
    #expect(Self.delta(before.form, after.form) == (1, 1, 0))
    for (old, new) in zip(before.lists + [before.shared], after.lists + [after.shared]) {
      #expect(Self.delta(old, new) == (0, 0, 0))
    }
  }

  @Test func doneBuildsTheListRowOnceForEverySessionAndRunsEachListOnce() throws {
    let (apps, form) = try Self.sessions()
    try apps[0].enter(.string("Read more"), at: "Name")
    let before = try Self.work(apps, form)
    try apps[0].send(.done)
    for app in apps.dropFirst() {
      app.navigator.processChanges()
      try app.host.check()
    }
    let after = try Self.work(apps, form)
    for app in apps { #expect(app.texts == [["Write", "Read more", "Sleep"]]) }
    // The shared list builds the edited row, once, for every session.
    #expect(Self.delta(before.shared, after.shared) == (1, 1, 0))
    for (old, new) in zip(before.lists, after.lists) {
      #expect(Self.delta(old, new) == (0, 1, 0))
    }
    // The form was popped: nobody shows it, nothing processes it.
    #expect(Self.delta(before.form, after.form) == (0, 0, 0))
  }
}
