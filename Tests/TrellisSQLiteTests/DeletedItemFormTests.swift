import Foundation
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
}
