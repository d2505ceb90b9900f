import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// To-one relationships and delete rules on SQLite: the relationship contract, and what the
/// tables hold.
@Suite("Relationships on SQLite")
struct RelationshipsOnSQLiteTests {
  static func members(
    deleteRule: RelationshipDeleteRule, ordered: Bool = true
  ) throws -> SQLiteEntity {
    let group = try SQLiteEntity(table: "grp", definition: try ContractGroup.definition())
    return try SQLiteEntity(
      table: "member", definition: try ContractMember.definition(),
      relationships: [
        .toOne("group", to: group, inverse: "members", deleteRule: deleteRule),
        .manyToMany("badges", to: group, inverse: "holders", deleteRule: deleteRule),
      ],
      ordered: ordered)
  }

  @Test(arguments: [true, false])
  func keepsTheRelationshipContract(ordered: Bool) async {
    let failures = await RelationshipContract.check { rule in
      try SQLiteStore.inMemory(entity: try Self.members(deleteRule: rule, ordered: ordered))
    }
    #expect(failures == [])
  }

  /// A group the app made and deleted is never made again by what still holds it, as a row
  /// read from the file is not: a to-one is refused on its row (the person chooses another),
  /// and a many-to-many leaves it out, as the delete left it out of every other member's.
  @Test func anObjectTheAppMadeIsNotMadeAgainAfterItsDelete() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.members(deleteRule: .nullify))
    let groups = try store.store(for: "group")
    let red = ContractGroup(name: "Red")
    try groups.insert(.object(ObjectReference(red)), at: nil)
    try groups.delete(.object(ObjectReference(red)))
    let bo = ContractMember(name: "Bo", group: red)
    #expect {
      try store.insert(.object(ObjectReference(bo)), at: nil)
    } throws: { error in
      guard case .refusedValue(_, let message) = error as? StoreError else { return false }
      return message == "“Red” was deleted meanwhile: choose another"
    }
    let cy = ContractMember(name: "Cy", group: nil)
    cy.badges = [red]
    try store.insert(.object(ObjectReference(cy)), at: nil)
    #expect(cy.badges.isEmpty)
    #expect(try groups.count(FetchOptions()) == 0)
    #expect(try store.count(FetchOptions()) == 1)
    try store.delete(.object(ObjectReference(cy)))
    // A group made anew is written.
    try store.insert(
      .object(ObjectReference(ContractMember(name: "Di", group: ContractGroup(name: "Red")))),
      at: nil)
    #expect(try groups.count(FetchOptions()) == 1)
  }

  @Test func theKeyIsAColumnOfTheMembersTable() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.members(deleteRule: .nullify))
    let columns = try store.database.read { db in try db.columns(in: "member").map(\.name) }
    #expect(columns.contains("groupId"))
    let tables = try store.database.read { db in try db.tableExists("grp") }
    #expect(tables)
    #expect(try Self.members(deleteRule: .nullify).mismatches().isEmpty)
  }

  @Test func aCascadeKeepsTheOrderOfWhatIsLeft() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.members(deleteRule: .cascade))
    let groups = try store.store(for: "group")
    let red = ContractGroup(name: "Red")
    try groups.insert(.object(ObjectReference(red)), at: nil)
    for (name, group) in [("A", nil), ("B", red), ("C", nil), ("D", red), ("E", nil)] {
      try store.insert(.object(ObjectReference(ContractMember(name: name, group: group))), at: nil)
    }
    try groups.delete(.object(ObjectReference(red)))
    let positions = try store.database.read { db in
      try Int.fetchAll(db, sql: "SELECT position FROM member ORDER BY position")
    }
    #expect(positions == [0, 1, 2])
    // A move after the cascade still finds every position.
    try store.move(at: 2, to: 0)
    let names = try store.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? ContractMember)?.name
    }
    #expect(names == ["E", "A", "C"])
  }

  @Test func aToOneThatIsNotAnOptionalObjectIsAnError() throws {
    let group = try SQLiteEntity(table: "grp", definition: try ContractGroup.definition())
    let entity = SQLiteEntity(
      table: "member", definition: try ContractMember.definition(), columns: [.text("name")],
      relationships: [.toOne("name", to: group)])
    let problems = entity.mismatches().map(\.message)
    #expect(problems.contains { $0.contains("property 'name' is String, but a to-one") })
    #expect(throws: StoreError.self) { try SQLiteStore.inMemory(entity: entity) }
  }

  @Test func aGroupsMembersAreReadInBatchesInSQL() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.members(deleteRule: .nullify))
    let groups = try store.store(for: "group")
    let all = (0..<3).map { ContractGroup(name: "G\($0)") }
    for group in all { try groups.insert(.object(ObjectReference(group)), at: nil) }
    try store.insertAll(
      (0..<90).map { .object(ObjectReference(ContractMember(name: "M\($0)", group: all[$0 % 3]))) })
    let filter = try store.filter(
      relationship: "group", pointingAt: .object(ObjectReference(all[1])))
    #expect(try store.count(FetchOptions(filter: filter)) == 30)
    let batch = try store.fetch(FetchOptions(filter: filter, batchSize: 10, offset: 10))
      .compactMap { $0.objectValue as? ContractMember }
    #expect(batch.map(\.name) == (10..<20).map { "M\($0 * 3 + 1)" })
    #expect(batch.allSatisfy { $0.group === all[1] })
    // The same filter holds in memory, by identity.
    let reader = store.entity.definition.reader(for: .object(ObjectReference(batch[0])))
    #expect(filter(reader))
    let other = ContractMember(name: "X", group: all[2])
    #expect(!filter(store.entity.definition.reader(for: .object(ObjectReference(other)))))
    // A group no store holds has no members.
    let stranger = try store.filter(
      relationship: "group", pointingAt: .object(ObjectReference(ContractGroup(name: "S"))))
    #expect(try store.count(FetchOptions(filter: stranger)) == 0)
    #expect(throws: StoreError.self) {
      try store.filter(relationship: "name", pointingAt: .null)
    }
  }

  @Test func theHoldersOfAnObjectAreFoundInSQLAndInMemory() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.members(deleteRule: .nullify))
    let groups = try store.store(for: "group")
    let red = ContractGroup(name: "Red")
    let blue = ContractGroup(name: "Blue")
    for group in [red, blue] { try groups.insert(.object(ObjectReference(group)), at: nil) }
    let members = (0..<30).map { index in
      let member = ContractMember(name: "M\(index)", group: nil)
      member.badges = index % 3 == 0 ? [red, blue] : [blue]
      return member
    }
    try store.insertAll(members.map { .object(ObjectReference($0)) })
    let filter = try store.filter(relationship: "badges", pointingAt: .object(ObjectReference(red)))
    #expect(try store.count(FetchOptions(filter: filter)) == 10)
    let batch = try store.fetch(FetchOptions(filter: filter, batchSize: 3, offset: 3))
      .compactMap { ($0.objectValue as? ContractMember)?.name }
    #expect(batch == ["M9", "M12", "M15"])
    #expect(filter(store.entity.definition.reader(for: .object(ObjectReference(members[0])))))
    #expect(!filter(store.entity.definition.reader(for: .object(ObjectReference(members[1])))))
    // The membership is a subquery on the join table, with the key bound.
    let predicate = try Predicate("ANY badges == $target")
    let (sql, arguments) = try predicate.sql(
      columns: { $0 == "id" ? "id" : nil },
      memberships: { path in
        path == "badges"
          ? PredicateSQLMembership(
            table: "member_badges", source: "sourceId", target: "targetId", ownerKey: "id")
          : nil
      },
      variables: ["target": 7])
    #expect(sql == #""id" IN (SELECT "sourceId" FROM "member_badges" WHERE "targetId" = ?)"#)
    #expect(arguments == [7])
  }

  @Test func anUnknownRelationshipNameGetsASuggestion() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.members(deleteRule: .nullify))
    let error = #expect(throws: StoreError.self) { try store.store(for: "gruop") }
    #expect(error?.description.contains("did you mean 'group'?") == true)
  }
}

/// A to-one in a generated form: an object-selection row over the other entity's store.
@Suite("To-one rows on SQLite")
struct ToOneRowsOnSQLiteTests {
  @Test func aMembersFormChoosesItsGroupFromTheGroupsStore() throws {
    let store = try SQLiteStore.inMemory(
      entity: try RelationshipsOnSQLiteTests.members(deleteRule: .nullify))
    let groups = try store.store(for: "group")
    let red = ContractGroup(name: "Red")
    let blue = ContractGroup(name: "Blue")
    for group in [red, blue] { try groups.insert(.object(ObjectReference(group)), at: nil) }
    let definition = try #require(store.itemsDefinition)
    #expect(definition["group"]?.type == .objectSelection)
    let model = TableModel(title: "Members")
    model.addSection(ArrayOfObjectsSection(id: "members", store: store, definition: definition))
    let app = HeadlessApp(
      navigator: Navigator(root: Screen(model: model, navigationBar: .addLeftEditRight)))
    try app.send(.add(section: nil))
    try app.enter("Ann", at: "Name")
    try app.tap("Group")
    #expect(app.texts.flatMap { $0 }.contains("Red"))
    #expect(app.texts.flatMap { $0 }.contains("Blue"))
    try app.tap("Blue")
    #expect(app.row("Group")?.detail == "Blue" || app.row("Group")?.value == "Blue")
    try app.send(.done)
    let ann = try #require(try store.fetch(FetchOptions()).first?.objectValue as? ContractMember)
    #expect(ann.name == "Ann")
    #expect(ann.group === blue)
    // Deleting the group empties the member's row in the list's detail.
    try groups.delete(.object(ObjectReference(blue)))
    #expect(ann.group == nil)
    try app.host.check()
  }
}
