import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// What the relationship contract does not cover: a related store follows other servers, and
/// an object whose row is gone is never made again by an object still pointing at it.
@Suite("PostgreSQL references", .serialized)
struct PostgresReferenceTests {
  @Test func aRelatedStoreHearsAnotherServersInsert() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresRelationshipContractTests.members(.nullify, ordered: true)
    let watcher = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let writer = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      watcher.shutdown()
      writer.shutdown()
    }
    let groups = try #require(try watcher.relatedStore(for: "group") as? PostgresStore)
    let heard = Locked([StoreChange]())
    let token = groups.observe { change in heard.withLock { $0.append(change) } }
    #expect(await PostgresTestSupport.until(groups) { groups.isListening })
    try await writer.relatedStore(for: "group")
      .insert(.object(ObjectReference(ContractGroup(name: "Red"))), at: nil)
    #expect(
      await PostgresTestSupport.until(groups) {
        heard.withLock { changes in
          changes.contains {
            if case .inserted(let item, _) = $0 {
              return (item.objectValue as? ContractGroup)?.name == "Red"
            }
            return false
          }
        }
      })
    _ = token
  }

  /// A list here shows each member's group; another server renames a group. Nothing here
  /// lists groups, yet the group's object takes the new name, and the rows of the members
  /// pointing at it show it, as a fresh page would: told by the group's notification, or,
  /// polling, by the group table's change.
  @Test(arguments: [false, true])
  func aGroupRenamedElsewhereReachesTheRowsOfItsMembers(polling: Bool) async throws {
    guard let url = PostgresTestSupport.url else { return }
    var entity = try PostgresRelationshipContractTests.members(.nullify, ordered: true)
    if polling {
      entity.pollInterval = .milliseconds(50)
      for index in entity.relationships.indices {
        entity.relationships[index].entity.pollInterval = .milliseconds(50)
      }
    }
    let writer = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { writer.shutdown() }
    let (groups, red, _) = try await PostgresTestSupport.memberOfRed(in: writer)
    try await writer.insert(
      .object(ObjectReference(ContractMember(name: "Bo", group: nil))), at: nil)

    let watcher = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { watcher.shutdown() }
    var definition = watcher.entity.definition
    definition.descriptionPropertyNames = ["group.name"]
    let section = ArrayOfObjectsSection(store: watcher, definition: definition)
    let model = TableModel(title: "Members")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    #expect(app.row("Ann")?.detail == "Red")
    let watchedGroups = try #require(try watcher.relatedStore(for: "group") as? PostgresStore)
    if polling {
      // Its second look has the table as it was before the rename to compare with; looks
      // tell no observer, so the count is looked at until it moves.
      let deadline = ContinuousClock.now + .seconds(10)
      while watchedGroups.looks < 2, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(watchedGroups.looks >= 2)
      // A list of groups opened and closed (a chooser) leaves it looking for the members.
      watchedGroups.observe { _ in }.cancel()
      #expect(watchedGroups.isPolling)
    } else {
      #expect(await PostgresTestSupport.until(watchedGroups) { watchedGroups.isListening })
    }

    try await groups.update(.object(ObjectReference(red)), values: ["name": .string("Blue")])
    try await app.settle(until: { app.row("Ann")?.detail == "Blue" }, timeout: .seconds(20))
    let ann = try #require(section.items.first?.objectValue as? ContractMember)
    #expect(ann.group?.name == "Blue")
    #expect(app.row("Bo")?.detail == nil)
    #expect(app.host(for: app.navigator.top).violations.isEmpty)
  }

  @Test func aGroupDeletedUnderNoActionIsNotMadeAgain() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresRelationshipContractTests.members(.noAction, ordered: false)
    let members = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { members.shutdown() }
    let (groups, red, ann) = try await PostgresTestSupport.memberOfRed(in: members)
    let item = Value.object(ObjectReference(ann))
    try await groups.delete(.object(ObjectReference(red)))
    #expect(ann.group === red, "no action leaves the object in memory")
    // Ann still points at Red: that write is refused on its row, and makes no new Red.
    await #expect {
      try await members.update(item, values: ["group": .object(ObjectReference(red))])
    } throws: { error in
      guard case .refusedValue(_, let message) = error as? StoreError else { return false }
      return message == "“Red” was deleted meanwhile: choose another"
    }
    // Her badges leave Red out, as the delete left it out of every other member's: the
    // choice list no longer offers it, so she could not untick it to save.
    try await members.update(item, values: ["badges": .array([.object(ObjectReference(red))])])
    members.applyArrivedValues()
    #expect(ann.badges.isEmpty)
    #expect(try await groups.count(FetchOptions()) == 0)
    try await members.update(item, values: ["group": .null])
    let fresh = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { fresh.shutdown() }
    let read = try await fresh.fetchPage(FetchOptions(), from: nil).items
      .compactMap { $0.objectValue as? ContractMember }
    #expect(read.map(\.name) == ["Ann"])
    #expect(read.first?.group == nil)
    #expect(read.first?.badges.isEmpty == true)
  }

  /// A badge another server deleted is left out of a member's pairs and of the member,
  /// whether this server heard of the delete before the write or finds it in the write.
  @Test func aBadgeAnotherServerDeletedIsLeftOutOfTheWrite() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresRelationshipContractTests.members(.nullify, ordered: false)
    let members = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    let other = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer {
      members.shutdown()
      other.shutdown()
    }
    let (groups, red, ann) = try await PostgresTestSupport.memberOfRed(in: members)
    let blue = ContractGroup(name: "Blue")
    try await groups.insert(.object(ObjectReference(blue)), at: nil)
    let otherGroups = try other.relatedStore(for: "group")
    let otherRed = try #require(
      try await otherGroups.fetchPage(FetchOptions(), from: nil).items.first {
        ($0.objectValue as? ContractGroup)?.name == "Red"
      })
    try await otherGroups.delete(otherRed)
    try await members.update(
      .object(ObjectReference(ann)),
      values: ["badges": .array([.object(ObjectReference(red)), .object(ObjectReference(blue))])])
    members.applyArrivedValues()
    #expect(ann.badges.map(\.name) == ["Blue"])
    let fresh = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { fresh.shutdown() }
    let read = try await fresh.fetchPage(FetchOptions(), from: nil).items
      .compactMap { $0.objectValue as? ContractMember }
    #expect(read.first?.badges.map(\.name) == ["Blue"])
  }

  @Test func aToOneComparedWithAnObjectIsFilteredInSQL() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresRelationshipContractTests.members(.nullify, ordered: true)
    let members = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    defer { members.shutdown() }
    let (groups, red, _) = try await PostgresTestSupport.memberOfRed(in: members)
    let blue = ContractGroup(name: "Blue")
    try await groups.insert(.object(ObjectReference(blue)), at: nil)
    try await members.insert(
      .object(ObjectReference(ContractMember(name: "Bea", group: blue))), at: nil)
    try await members.insert(
      .object(ObjectReference(ContractMember(name: "Cy", group: nil))), at: nil)
    // The group stands for its key in SQL, as in SQLite.
    for (group, names) in [(red, ["Ann"]), (blue, ["Bea"])] {
      let filter = ItemFilter(
        try Predicate("group == $group"), variables: ["group": .object(ObjectReference(group))])
      #expect(members.translates(filter), "the filter runs in SQL")
      let page = try await members.fetchPage(FetchOptions(filter: filter), from: nil)
      #expect(page.items.compactMap { ($0.objectValue as? ContractMember)?.name } == names)
    }
    // Sorting by the to-one orders by its key.
    let sorted = try await members.fetchPage(
      FetchOptions(sort: [SortKey("group", ascending: false)]), from: nil)
    #expect(
      sorted.items.compactMap { ($0.objectValue as? ContractMember)?.name } == ["Bea", "Ann", "Cy"])
  }
}
