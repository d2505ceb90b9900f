import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisTerminal
import TrellisTesting

/// `sqlite` sources: a table already in a file, its columns read from it, listed and edited.
@Suite("Descriptor sources: SQLite tables")
struct SQLiteSourceTests {
  @Test func theFixtureListsItsTable() throws {
    let folder = try SourceTestSupport.tasksFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try TableDescriptor(
      data: Data(contentsOf: folder.appendingPathComponent("Tasks.json")),
      file: folder.appendingPathComponent("Tasks.json").path)
    let app = try SourceTestSupport.app(descriptor)
    #expect(
      app.texts == [["Water the plants", "Pay the rent", "Call Sam", "New Task"]])
    #expect(app.row("Water the plants")?.detail == "The fern too")
    // A detail screen shows the keys' groups; Done writes the row.
    try app.tap("Call Sam")
    #expect(app.texts == [["Name", "Notes"], ["Done"]])
    try app.enter("About Saturday", at: "Notes")
    try app.send(.done)
    #expect(app.row("Call Sam")?.detail == "About Saturday")
    let reopened = try SourceTestSupport.app(descriptor)
    #expect(reopened.row("Call Sam")?.detail == "About Saturday")
  }

  @Test func aTableWithoutAKeyIsListedByRowID() throws {
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try SourceTestSupport.makeDatabase(
      at: folder.appendingPathComponent("words.db"),
      sql: """
        CREATE TABLE word (text VARCHAR(20), count INT, weight REAL, seen DATE);
        INSERT INTO word VALUES ('apple', 3, 0.5, NULL), ('pear', 1, 1.5, 0);
        """)
    let descriptor = try SourceTestSupport.descriptor(
      #"""
      {"schemaVersion": 1, "sections": [{"source": {"sqlite": {"file": "words.db",
        "table": "word"}}, "detail": ["count", "weight"], "batchSize": 1}]}
      """#, in: folder)
    let app = try SourceTestSupport.app(descriptor)
    #expect(app.texts == [["apple", "Load more…"]])
    try app.tap("Load more…")
    #expect(app.texts == [["apple", "pear"]])
    #expect(app.row("pear")?.detail == "1 1.5")
  }

  @Test func mistakesAreLocatedWithSuggestions() throws {
    let folder = try SourceTestSupport.tasksFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try SourceTestSupport.descriptor(
      #"""
      {"schemaVersion": 1, "sections": [
        {"source": {"sqlite": {"file": "tasks.sqlite", "table": "tasks"}}},
        {"source": {"sqlite": {"file": "tasks.sqlite", "table": "task", "keys": "name;note"}}},
        {"source": {"sqlite": {"file": "missing.sqlite", "table": "task"}}},
        {"source": {"sqlite": {"file": "Tasks.json", "table": "task"}}},
        {"source": {"sqlite": {"file": "tasks.sqlite", "table": "task"}}, "title": "nme",
         "search": ["notes", "colour"]}
      ]}
      """#, in: folder)
    let problems = SourceTestSupport.problems(descriptor)
    #expect(problems.count == 6)
    #expect(
      problems.first
        == "T.json:2:59: error: 'tasks.sqlite' has no table 'tasks' (did you mean 'task'?)")
    #expect(
      problems.dropFirst().first
        == "T.json:3:75: error: 'keys' names 'note', which the table 'task' has no column for "
        + "(did you mean 'notes'?)")
    #expect(
      problems.dropFirst(2).first?.hasPrefix(
        "T.json:4:34: error: no SQLite file 'missing.sqlite' at ") == true)
    #expect(
      problems.dropFirst(3).first?.hasPrefix(
        "T.json:5:34: error: cannot open 'Tasks.json' as an SQLite database: ") == true)
    #expect(
      Array(problems.suffix(2)) == [
        "T.json:6:78: error: 'title' names 'nme', which the items do not have (did you mean 'name'?)",
        "T.json:7:14: error: 'search' names 'colour', which the items do not have; their keys are "
          + "name, notes, done",
      ])
  }

  @Test func aProgramWithoutTheResolverSaysSo() throws {
    let folder = try SourceTestSupport.tasksFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try TableDescriptor(
      data: Data(contentsOf: folder.appendingPathComponent("Tasks.json")), file: "Tasks.json")
    #expect(
      SourceTestSupport.problems(descriptor, library: DescriptorLibrary()) == [
        "Tasks.json:8:17: error: this program cannot open SQLite sources (no resolver is "
          + "registered for 'sqlite')"
      ])
  }

  @Test func rendersAsText() throws {
    let folder = try SourceTestSupport.tasksFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let descriptor = try TableDescriptor(
      data: Data(contentsOf: folder.appendingPathComponent("Tasks.json")),
      file: folder.appendingPathComponent("Tasks.json").path)
    let app = try SourceTestSupport.app(descriptor)
    let text = TextRenderer(width: 40).render(app.top.snapshot())
    #expect(text.contains("Water the plants"))
    #expect(text.contains("The fern too"))
    #expect(text.contains("New Task"))
  }
}
