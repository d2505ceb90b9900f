import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// A row another program wrote with a value its class cannot hold: the list shows every row,
/// that one with why; its form shows the value refused, and writes nothing until it is fixed.
@Suite("A row its class cannot hold")
struct UnfitRowTests {
  @Test func isListedWithWhyAndOpensNoScreenWhileTheOtherRowsWork() async throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    let keys: [Int64]
    do {
      let store = try TasksApp.sqliteStore(path: path)
      try TasksApp.insertSampleTasks(into: store)
      keys = try await store.database.read { db in
        try Int64.fetchAll(db, sql: "SELECT id FROM task ORDER BY position")
      }
      // Another program writes text where a task holds a Boolean.
      try await store.database.write { db in
        try db.execute(
          sql: "UPDATE task SET completed = 'maybe' WHERE id = ?", arguments: [keys[1]])
      }
    }
    let store = try TasksApp.sqliteStore(path: path)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    let rows = try #require(app.top.model.snapshot.sections.first?.items)
    #expect(rows.count == keys.count, "every row is listed")
    #expect(
      rows[1].validationMessage == "task row \(keys[1]): completed holds “maybe”, not true or false"
    )
    #expect(rows.enumerated().allSatisfy { $0.offset == 1 || $0.element.validationMessage == nil })

    // Opened, it shows the stored value refused on its row, to be fixed: Done writes nothing
    // until it is, and the value is kept.
    let unfit = try #require(rows[1].text)
    try app.tap(unfit)
    #expect(app.navigator.stack.count == 2)
    #expect(app.row("Completed")?.validationMessage == "Completed holds “maybe”, not true or false")
    try? app.send(.done)
    #expect(app.navigator.stack.count == 2, "Done waits for the value to be fixed")
    func stored() async throws -> String? {
      try await store.database.read { db in
        try String.fetchOne(
          db, sql: "SELECT completed FROM task WHERE id = ?", arguments: [keys[1]])
      }
    }
    #expect(try await stored() == "maybe", "the value is kept")

    // Fixed, Done writes it, and the list shows the row without its message.
    try app.enter(.bool(true), at: "Completed")
    try app.send(.done)
    #expect(app.navigator.stack.count == 1)
    #expect(try await stored() == "1")
    try await app.settle(
      until: { app.top.model.snapshot.sections.first?.items[1].validationMessage == nil },
      timeout: .seconds(10))

    // The other rows open and save.
    let other = try #require(rows[0].text)
    try app.tap(other)
    try app.enter(.string("\(other) again"), at: "Name")
    try app.send(.done)
    #expect(app.top.model.snapshot.sections.first?.items.first?.text == "\(other) again")
  }

  /// The row's object exists (this store inserted it): it keeps the value it can hold, and the
  /// row says why it shows no other.
  @Test func whoseObjectExistsKeepsItAndSaysWhy() async throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    let store = try TasksApp.sqliteStore(path: path)
    try TasksApp.insertSampleTasks(into: store)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    let tasks = try store.fetch(FetchOptions()).compactMap { $0.objectValue as? TaskItem }
    let key = try #require(store.key(of: .object(ObjectReference(tasks[1]))))
    let other = try DatabaseQueue(path: path)
    try await other.write { db in
      try db.execute(sql: "UPDATE task SET completed = 'maybe' WHERE id = ?", arguments: [key])
    }
    // Nothing but the file's watch brings it.
    try await app.settle(
      until: { app.top.model.snapshot.sections.first?.items[1].validationMessage != nil },
      timeout: .seconds(10))
    let row = try #require(app.top.model.snapshot.sections.first?.items[1])
    #expect(row.validationMessage == "task row \(key): completed holds “maybe”, not true or false")
    #expect(tasks[1].completed == false, "the object keeps what it can hold")
    #expect(throws: ScreenError.self) { try app.tap(try #require(row.text)) }
    #expect(app.navigator.stack.count == 1)

    try await other.write { db in
      try db.execute(sql: "UPDATE task SET completed = 1 WHERE id = ?", arguments: [key])
    }
    try await app.settle(
      until: { app.top.model.snapshot.sections.first?.items[1].validationMessage == nil },
      timeout: .seconds(10))
    #expect(tasks[1].completed == true)
  }

  /// A single record's form refuses such a record rather than show what its object holds.
  @Test func aSingleRecordsFormRefusesIt() async throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tasks.sqlite").path
    do {
      let store = try TasksApp.sqliteStore(path: path)
      try TasksApp.insertSampleTasks(into: store)
      try await store.database.write { db in
        try db.execute(
          sql: "UPDATE task SET completed = 'maybe' WHERE position = 0")
      }
    }
    let store = try TasksApp.sqliteStore(path: path)
    #expect {
      try Screen(singleObjectOf: store)
    } throws: { error in
      guard case .store(.invalidItem(let message)) = error as? ScreenError else { return false }
      return message.hasSuffix(": completed holds “maybe”, not true or false")
    }
  }
}
