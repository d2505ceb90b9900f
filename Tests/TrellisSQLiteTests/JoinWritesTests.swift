import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// The pairs of a many-to-many as the relational layer writes them
/// (`SQLRelationship.joinWrites`): each target once, in the list's order, in inserts of a
/// bounded number of placeholders.
@Suite("Join writes")
struct JoinWritesTests {
  @Test func aLongListWithRepeatsIsStoredOnceEachInOrder() throws {
    let store = try SQLiteStore.inMemory(
      entity: try RelationshipsOnSQLiteTests.members(deleteRule: .nullify))
    let groups = try store.store(for: "group")
    let badges = (0..<700).map { ContractGroup(name: "G\($0)") }
    for group in badges { try groups.insert(.object(ObjectReference(group)), at: nil) }
    let ann = ContractMember(name: "Ann", group: nil)
    // Reversed, so that the order kept is the list's, not the keys'; with repeats.
    ann.badges = badges.reversed() + badges.prefix(10)
    try store.insert(.object(ObjectReference(ann)), at: nil)
    let names = try store.database.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT grp.name FROM member_badges JOIN grp ON grp.id = member_badges.targetId
          ORDER BY member_badges.rowid
          """)
    }
    #expect(names == badges.reversed().map(\.name))
    // A fresh store reads the list back in that order.
    let again = try SQLiteStore(
      database: store.database, entity: try RelationshipsOnSQLiteTests.members(deleteRule: .nullify)
    )
    let read = try #require(try again.fetch(FetchOptions()).first?.objectValue as? ContractMember)
    #expect(read.badges.map(\.name) == badges.reversed().map(\.name))
  }

  @Test func theInsertsStayWithinThePlaceholderLimit() throws {
    let members = try RelationshipsOnSQLiteTests.members(deleteRule: .nullify)
    let badges = try #require(members.relationship(named: "badges"))
    let statements = badges.joinWrites(of: 1, in: members, holding: Array(1...1000) + [5, 5])
    #expect(statements.count == 1 + 4)
    #expect(statements[0].sql.hasPrefix("DELETE FROM \"member_badges\""))
    #expect(statements.dropFirst().allSatisfy { $0.keys.count <= 600 })
    #expect(statements.dropFirst().flatMap { $0.keys }.count == 2000)
  }
}
