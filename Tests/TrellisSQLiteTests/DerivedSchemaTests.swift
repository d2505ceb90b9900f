import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples

/// A member with a unique code, an optional note, a step it points at and a cache.
private final class Member {
  var code = ""
  var name = "Anonymous"
  var note: String?
  var visits = 3
  var step: TaskStep?
  var cache: [Int] = []
}

private func memberDefinition() throws -> DataDefinition {
  var definition = try DataDefinition(
    for: Member.self,
    properties: [
      .init("code", \Member.code), .init("name", \Member.name), .init("note", \Member.note),
      .init("visits", \Member.visits), .init("step", \Member.step),
      .init("cache", \Member.cache),
    ],
    make: { Member() })
  definition.name = "Member"
  return definition
}

/// The schema comes from the class: columns, types, nullability, defaults; what cannot be
/// stored, and columns that disagree with their class, are errors at start-up that say where.
@Suite("Schemas derived from classes")
struct DerivedSchemaTests {
  @Test func theTaskEntityIsDerivedFromItsClass() throws {
    let task = try TasksApp.taskEntity()
    #expect(
      task.columns.map(\.name) == ["name", "description", "dueDate", "completed"])
    #expect(task.relationships.map(\.name) == ["taskSteps", "category", "tags"])
    #expect(task.column("dueDate")?.kind == .date)
    #expect(task.column("dueDate")?.isNullable == true)
    #expect(task.column("completed")?.kind == .bool)
    #expect(task.column("name")?.isIndexed == true)
    // A new task's values are the columns' defaults.
    #expect(task.column("completed")?.defaultValue == false)
    #expect(task.relationships.first?.entity.columns.map(\.name) == ["name", "description"])
    #expect(task.mismatches().isEmpty)
  }

  @Test func aPropertyWithoutAColumnTypeIsNamedWithWhatToDo() throws {
    let definition = try memberDefinition()
    let error = #expect(throws: DiagnosticList.self) {
      try SQLiteEntity(table: "member", definition: definition)
    }
    let messages = error?.diagnostics.map(\.message) ?? []
    #expect(messages.count == 2)
    #expect(
      messages.contains {
        $0.contains("entity 'member' (Member), property 'step'") && $0.contains("transient")
      })
    #expect(messages.contains { $0.contains("property 'cache'") && $0.contains("list of") })
    let entity = try SQLiteEntity(
      table: "member", definition: definition, unique: ["code"], transient: ["step", "cache"])
    #expect(entity.columns.map(\.name) == ["code", "name", "note", "visits"])
    #expect(entity.column("note")?.isNullable == true)
    #expect(entity.column("visits")?.defaultValue == .int(3))
  }

  @Test func aMisspeltNameGetsASuggestion() throws {
    let error = #expect(throws: DiagnosticList.self) {
      try SQLiteEntity(
        table: "member", definition: try memberDefinition(), indexed: ["nmae"],
        transient: ["step", "cache"])
    }
    #expect(error?.description.contains("has no property 'nmae'; did you mean 'name'?") == true)
  }

  @Test func columnsThatDisagreeWithTheClassStopTheStore() throws {
    let entity = SQLiteEntity(
      table: "task", definition: try TasksApp.taskDefinition(),
      columns: [
        .text("name"), .integer("description"), .date("dueDate"),
        .bool("completed", nullable: true), .text("titel"),
      ])
    let problems = entity.mismatches().map(\.message)
    #expect(problems.count == 4)
    #expect(problems.contains { $0.contains("'description' is String but its column is integer") })
    #expect(
      problems.contains { $0.contains("'dueDate' is optional but its column is not nullable") })
    #expect(
      problems.contains { $0.contains("'completed' is not optional but its column is nullable") })
    #expect(problems.contains { $0.contains("column 'titel' but no property") })
    let error = #expect(throws: StoreError.self) { try SQLiteStore.inMemory(entity: entity) }
    #expect(error?.description.contains("disagree with their classes") == true)
  }

  @Test func aColumnAddedLaterStartsAtTheClassDefault() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("members.sqlite").path
    let before = SQLiteEntity(
      table: "member", definition: try memberDefinition(), columns: [.text("code")])
    let first = try SQLiteStore(path: path, entity: before, watchInterval: nil)
    try first.database.write { db in try db.execute(sql: "INSERT INTO member (code) VALUES ('a')") }
    let after = try SQLiteEntity(
      table: "member", definition: try memberDefinition(), transient: ["step", "cache"])
    let store = try SQLiteStore(path: path, entity: after, watchInterval: nil)
    let item = try #require(try store.fetch(FetchOptions()).first)
    let reader = after.definition.reader(for: item)
    #expect(reader.value("name") == "Anonymous")
    #expect(reader.value("visits") == .int(3))
    #expect(reader.value("note") == .null)
  }

  @Test func aUniqueValueIsRefusedWithAMessageAndNothingWritten() throws {
    let entity = try SQLiteEntity(
      table: "member", definition: try memberDefinition(), unique: ["code"],
      transient: ["step", "cache"])
    let store = try SQLiteStore.inMemory(entity: entity)
    func member(_ code: String) -> Value {
      let member = Member()
      member.code = code
      return .object(ObjectReference(member))
    }
    try store.insert(member("A1"), at: nil)
    let error = #expect(throws: StoreError.self) { try store.insert(member("A1"), at: nil) }
    #expect(error?.description.contains("Code must be unique") == true)
    #expect(try store.count(FetchOptions()) == 1)
    let second = member("B2")
    try store.insert(second, at: nil)
    #expect(throws: StoreError.self) { try store.update(second, values: ["code": "A1"]) }
    // The refused update left the object as it was.
    #expect(entity.definition.reader(for: second).value("code") == "B2")
  }
}
