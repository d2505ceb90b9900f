import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// A move in a list that shows part of its store (a search) moves the row that was dragged
/// next to the row it was dropped on, whatever else the store holds: moved up, right before
/// it; moved down, right after it.
@Suite("Moves in searched lists")
struct SearchedMoveTests {
  typealias Backing = TasksOnSQLiteTests.Backing

  /// The Tasks app with `names` added through its form.
  static func app(_ backing: Backing, _ names: [String]) throws -> (HeadlessApp, any DataStore) {
    let store = try TasksOnSQLiteTests.makeStore(backing)
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    for name in names {
      try app.send(.add(section: nil))
      try app.enter(.string(name), at: "Name")
      try app.send(.done)
    }
    return (app, store)
  }

  @Test(arguments: Backing.allCases)
  func aMoveInASearchMovesTheDraggedItem(_ backing: Backing) throws {
    let (app, store) = try Self.app(
      backing, ["Water the plants", "Write the report", "Book the dentist"])
    try app.send(.search("n"))
    #expect(app.texts == [["Water the plants", "Book the dentist"]])
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 0, section: 0)), to: ItemPath(item: 1, section: 0)))
    #expect(app.texts == [["Book the dentist", "Water the plants"]])
    #expect(
      try TasksOnSQLiteTests.names(store) == [
        "Write the report", "Book the dentist", "Water the plants",
      ])
    try app.send(.search(""))
    #expect(app.texts == [["Write the report", "Book the dentist", "Water the plants"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test(arguments: Backing.allCases)
  func aMoveToTheTopOfASearchGoesBeforeEveryItem(_ backing: Backing) throws {
    let (app, store) = try Self.app(
      backing, ["Water the plants", "Write the report", "Book the dentist", "Plan the trip"])
    try app.send(.search("n"))
    #expect(app.texts == [["Water the plants", "Book the dentist", "Plan the trip"]])
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 2, section: 0)), to: ItemPath(item: 0, section: 0)))
    #expect(app.texts == [["Plan the trip", "Water the plants", "Book the dentist"]])
    #expect(
      try TasksOnSQLiteTests.names(store) == [
        "Plan the trip", "Water the plants", "Write the report", "Book the dentist",
      ])
    #expect(app.host.violations.isEmpty)
  }

  @Test(arguments: Backing.allCases)
  func aMoveUpGoesRightBeforeTheRowItWasDroppedOn(_ backing: Backing) throws {
    let (app, store) = try Self.app(
      backing, ["Water the plants", "Write the report", "Book the dentist", "Plan the trip"])
    try app.send(.search("n"))
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 2, section: 0)), to: ItemPath(item: 1, section: 0)))
    #expect(app.texts == [["Water the plants", "Plan the trip", "Book the dentist"]])
    // Right before "Book the dentist", not right after "Water the plants".
    #expect(
      try TasksOnSQLiteTests.names(store) == [
        "Water the plants", "Write the report", "Plan the trip", "Book the dentist",
      ])
    // Moved down, right after the row it was dropped on.
    try app.send(
      .move(app.rowID(at: ItemPath(item: 0, section: 0)), to: ItemPath(item: 1, section: 0)))
    #expect(app.texts == [["Plan the trip", "Water the plants", "Book the dentist"]])
    #expect(
      try TasksOnSQLiteTests.names(store) == [
        "Write the report", "Plan the trip", "Water the plants", "Book the dentist",
      ])
    try app.send(.search(""))
    #expect(
      app.texts == [["Write the report", "Plan the trip", "Water the plants", "Book the dentist"]])
    #expect(app.host.violations.isEmpty)
  }
}
