import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// A form open on a stored item that another window deletes says so at once, with Done
/// disabled and the person's values kept; a move elsewhere changes nothing.
@Suite("A form whose item is deleted elsewhere")
struct DeletedItemFormTests {
  /// The seed's tasks in memory and in an SQLite file, each shown by two windows.
  static func stores() throws -> [(String, any DataStore, DataDefinition)] {
    let (_, memory) = try TasksApp.sampleNavigator()
    let sqlite = try TasksApp.sqliteStore(path: nil)
    for task in TasksApp.sampleTasks(categories: []) {
      try sqlite.insert(.object(ObjectReference(task)), at: nil)
    }
    return [
      ("memory", memory, try #require(memory.itemsDefinition)),
      ("sqlite", sqlite, sqlite.itemsDefinition ?? sqlite.entity.definition),
    ]
  }

  static func window(_ store: any DataStore, _ definition: DataDefinition) -> HeadlessApp {
    HeadlessApp(
      navigator: Navigator(root: TasksApp.listScreen(store: store, definition: definition)))
  }

  @Test func theFormSaysSoAndKeepsTheValues() throws {
    for (name, store, definition) in try Self.stores() {
      let editing = Self.window(store, definition)
      let other = Self.window(store, definition)
      let first = try #require(editing.texts.first?.first)
      try editing.tap(first)
      try editing.enter("Renamed", at: "Name")
      #expect(editing.top.snapshot().isDoneEnabled, "\(name)")
      // A move in the other window is no delete.
      try other.drag(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0))
      try editing.host.check()
      #expect(editing.top.itemGone == nil, "\(name)")
      let row = try #require(other.path(of: first))
      try other.send(.delete(other.rowID(at: row)))
      try editing.host.check()
      let snapshot = editing.top.snapshot()
      #expect(snapshot.notice?.hasPrefix("Someone else deleted this task") == true, "\(name)")
      #expect(!snapshot.isDoneEnabled, "\(name)")
      #expect(editing.row("Name")?.value == "Renamed", "\(name): the values stay")
      // Cancel leaves, and the list no longer shows the task.
      try editing.send(.cancel)
      #expect(!editing.texts.joined().contains(first), "\(name)")
    }
  }

  /// Another program's write reaches a form whose list is covered: the form shows the row as
  /// stored now, its tags included, and that it is gone once that program deletes it.
  @Test func anotherProgramsWritesReachTheOpenForm() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-open-form-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tasks.sqlite").path
    let store = try TasksApp.sqliteStore(path: path)
    store.stopWatching()
    try TasksApp.insertSampleTasks(into: store)
    let app = Self.window(store, store.itemsDefinition ?? store.entity.definition)
    let first = try #require(app.texts.first?.first)
    try app.tap(first)
    let other = try DatabaseQueue(path: path)
    try other.write { db in
      try db.execute(
        sql: "UPDATE task SET name = 'Renamed elsewhere' WHERE name = ?", arguments: [first])
      try db.execute(
        sql:
          "DELETE FROM task_tags WHERE sourceId = (SELECT id FROM task WHERE name = 'Renamed elsewhere')"
      )
      try db.execute(
        sql:
          "INSERT INTO task_tags (sourceId, targetId) SELECT (SELECT id FROM task WHERE name = 'Renamed elsewhere'), id FROM tag ORDER BY id LIMIT 1"
      )
    }
    let tag = try other.read { db in
      try String.fetchOne(db, sql: "SELECT name FROM tag ORDER BY id LIMIT 1")
    }
    #expect(store.checkForExternalChanges())
    try app.host.check()
    #expect(app.row("Name")?.value == "Renamed elsewhere")
    #expect(app.top.title == "Renamed elsewhere")
    #expect(app.row("Tags")?.detail == tag)
    #expect(app.top.itemGone == nil)
    try other.write { db in try db.execute(sql: "DELETE FROM task WHERE name = 'Renamed elsewhere'")
    }
    #expect(store.checkForExternalChanges())
    try app.host.check()
    #expect(app.top.snapshot().notice?.hasPrefix("Someone else deleted this task") == true)
    #expect(!app.top.snapshot().isDoneEnabled)
  }
}
