import Testing
import Trellis
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// The delete rules as statements (`DeleteRuleWalk`), driven by hand with the keys a database
/// would read: the statements each rule runs, in order, and what each did.
@Suite("Delete rule walk")
struct DeleteRuleWalkTests {
  /// The steps of deleting row `id` of a group that `members` point at, each select answered
  /// by `answers` (the rows of the table it reads that point at the key it binds), and what
  /// the rules did.
  static func walk(
    _ id: Int64, of members: SQLiteEntity, answers: [String: [Int64: [Int64]]]
  ) throws(StoreError) -> (steps: [String], effects: DeleteEffects) {
    let entities = members.graph.map(\.entity)
    let group = entities.first { $0.table == "grp" }!
    var walk = DeleteRuleWalk(deleting: id, of: group, among: RelationalEntities(entities))
    var steps: [String] = []
    var rows: [Int64] = []
    while let step = try walk.next(rows) {
      let text = step.sql.split(whereSeparator: \.isWhitespace).prefix(4).joined(separator: " ")
      steps.append("\(text) \(step.keys)")
      rows = []
      if step.selects,
        let table = step.sql.split(separator: " FROM ").last?.split(separator: " ")
          .first
      {
        rows = answers[String(table)]?[step.keys[0]] ?? []
      }
      #expect(steps.count < 100, "the walk ends")
      if steps.count >= 100 { break }
    }
    return (steps, walk.effects)
  }

  @Test func nullifyClearsTheToOnesAndTakesTheRowOutOfTheLists() throws {
    let members = try RelationshipsOnSQLiteTests.members(deleteRule: .nullify)
    let (steps, effects) = try Self.walk(
      7, of: members, answers: ["\"member\"": [7: [1, 2]], "\"member_badges\"": [7: [3]]])
    #expect(
      steps == [
        "SELECT \"id\" FROM \"member\" [7]", "UPDATE \"member\" SET \"groupId\" [7]",
        "SELECT \"sourceId\" FROM \"member_badges\" [7]", "DELETE FROM \"member_badges\" WHERE [7]",
      ])
    #expect(effects.nullified.map(\.row.id) == [1, 2])
    #expect(effects.unlinked.map(\.row.id) == [3])
    #expect(effects.deleted.isEmpty)
  }

  @Test func denyRefusesWithHowManyPointAtTheRow() throws {
    let members = try RelationshipsOnSQLiteTests.members(deleteRule: .deny)
    #expect(throws: StoreError.self) {
      try Self.walk(7, of: members, answers: ["\"member\"": [7: [1, 2]]])
    }
    // Nothing points at it: nothing is refused, and nothing runs but the selects.
    let (steps, _) = try Self.walk(8, of: members, answers: [:])
    #expect(steps.allSatisfy { $0.hasPrefix("SELECT") })
  }

  @Test func aCascadeDeletesEachRowOnceByItsOwnRulesThenRenumbers() throws {
    let members = try RelationshipsOnSQLiteTests.members(deleteRule: .cascade)
    // Member 1 points at the group and holds it as a badge: it is deleted once.
    let (steps, effects) = try Self.walk(
      7, of: members, answers: ["\"member\"": [7: [1, 2]], "\"member_badges\"": [7: [1]]])
    #expect(effects.deleted.map(\.id) == [1, 2])
    #expect(steps.filter { $0.hasPrefix("DELETE FROM \"member\" WHERE") }.count == 2)
    // Each member's own pairs go before it, and the order is made whole after the last.
    let deleteOne = try #require(steps.firstIndex(of: "DELETE FROM \"member\" WHERE [1]"))
    let pairsOfOne = try #require(steps.firstIndex(of: "DELETE FROM \"member_badges\" WHERE [1]"))
    #expect(pairsOfOne < deleteOne)
    let renumber = try #require(
      steps.lastIndex { $0.hasPrefix("UPDATE \"member\" SET \"position\"") })
    #expect(renumber > (steps.firstIndex(of: "DELETE FROM \"member\" WHERE [2]") ?? .max))
  }
}
