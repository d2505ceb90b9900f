import Foundation
import Trellis

/// The contract every relational store keeps for to-one and many-to-many relationships and
/// their delete rules, as a suite that any relational store can run: one that answers at once
/// (``RelationalStore``) or later (``AsyncRelationalStore``).
///
/// The factory makes a fresh, empty store of ``ContractMember`` objects whose `group` is a
/// to-one to ``ContractGroup`` and whose `badges` is a many-to-many to the same groups, both
/// with the given delete rule; `relatedStore(for: "group")` gives the groups' store.
///
/// ```swift
/// let failures = await RelationshipContract.check { rule in
///   try SQLiteStore.inMemory(entity: membersEntity(deleteRule: rule))
/// }
/// #expect(failures == [])
/// ```
public enum RelationshipContract {
  /// Makes a fresh, empty members store whose `group` has `rule` as its delete rule.
  public typealias Factory = (RelationshipDeleteRule) throws -> any RelationalStore
  /// Makes a fresh, empty async members store whose `group` has `rule` as its delete rule.
  public typealias AsyncFactory = (RelationshipDeleteRule) async throws -> any AsyncRelationalStore

  /// Runs every check on stores that answer at once, and returns the failures; none when the
  /// store keeps the contract.
  public static func check(_ factory: Factory) async -> [StoreContract.Failure] {
    await run { rule in SyncStore(try factory(rule)) }
  }

  /// Runs every check on async stores, and returns the failures; none when the store keeps the
  /// contract.
  public static func check(async factory: AsyncFactory) async -> [StoreContract.Failure] {
    await run { rule in AsyncStore(try await factory(rule)) }
  }

  private static func run(_ make: (RelationshipDeleteRule) async throws -> any ContractStore)
    async -> [StoreContract.Failure]
  {
    var failures: [StoreContract.Failure] = []
    let checks: [(String, RelationshipDeleteRule, (any ContractStore) async throws -> [String])] = [
      ("a group created in place is stored with its member", .nullify, createdInPlace),
      ("the same row is the same object in both stores", .nullify, sharedIdentity),
      ("a member's group changes and clears", .nullify, changesAndClears),
      ("nullify clears the members of a deleted group", .nullify, nullify),
      ("cascade deletes the members of a deleted group", .cascade, cascade),
      ("deny refuses the delete and deletes nothing", .deny, deny),
      ("no action leaves a reference that reads as none", .noAction, noAction),
      ("a batch reads its groups once, as the same objects", .nullify, batches),
      ("many-to-many lists are kept in order, as the same objects", .nullify, badgesKept),
      ("nullify takes a deleted object out of the lists", .nullify, badgesNullify),
      ("deny refuses deleting an object a list holds", .deny, badgesDeny),
      ("cascade deletes the holders of a deleted object", .cascade, badgesCascade),
    ]
    for (name, rule, body) in checks {
      do {
        let problems = try await body(try await make(rule))
        failures += problems.map { StoreContract.Failure(check: name, message: $0) }
      } catch {
        failures.append(StoreContract.Failure(check: name, message: "threw \(error)"))
      }
    }
    return failures
  }

  // MARK: Checks

  private static func createdInPlace(_ members: any ContractStore) async throws -> [String] {
    let groups = try members.related("group")
    let reports = Reports(groups)
    let member = ContractMember(name: "Ann", group: ContractGroup(name: "Red"))
    try await members.insert(.object(ObjectReference(member)))
    var problems: [String] = []
    let stored = try await groups.fetch(FetchOptions()).compactMap {
      $0.objectValue as? ContractGroup
    }
    if stored.map(\.name) != ["Red"] { problems.append("groups hold \(stored.map(\.name))") }
    if stored.first !== member.group { problems.append("the stored group is another object") }
    if reports.changes.isEmpty { problems.append("the groups' observers heard nothing") }
    return problems
  }

  private static func sharedIdentity(_ members: any ContractStore) async throws -> [String] {
    let groups = try members.related("group")
    let red = ContractGroup(name: "Red")
    try await groups.insert(.object(ObjectReference(red)))
    try await members.insert(.object(ObjectReference(ContractMember(name: "Ann", group: red))))
    let member = try await members.fetch(FetchOptions()).first?.objectValue as? ContractMember
    return member?.group === red ? [] : ["the member's group is not the group the store holds"]
  }

  private static func changesAndClears(_ members: any ContractStore) async throws -> [String] {
    let groups = try members.related("group")
    let red = ContractGroup(name: "Red")
    let blue = ContractGroup(name: "Blue")
    for group in [red, blue] { try await groups.insert(.object(ObjectReference(group))) }
    let ann = ContractMember(name: "Ann", group: red)
    let item = Value.object(ObjectReference(ann))
    try await members.insert(item)
    var problems: [String] = []
    try await members.update(item, values: ["group": .object(ObjectReference(blue))])
    if try await groupName(members) != "Blue" { problems.append("the change to Blue was not kept") }
    try await members.update(item, values: ["group": .null])
    if try await groupName(members) != nil { problems.append("clearing the group was not kept") }
    return problems
  }

  private static func nullify(_ members: any ContractStore) async throws -> [String] {
    let (groups, red, ann) = try await oneMember(members)
    let reports = Reports(members)
    try await groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    if ann.group != nil { problems.append("the member in memory still points at the group") }
    if try await members.count(FetchOptions()) != 1 { problems.append("the member was deleted") }
    if try await groupName(members) != nil {
      problems.append("the stored member still has a group")
    }
    if reports.changes.isEmpty { problems.append("the members' observers heard nothing") }
    return problems
  }

  private static func cascade(_ members: any ContractStore) async throws -> [String] {
    let (groups, red, _) = try await oneMember(members)
    try await members.insert(.object(ObjectReference(ContractMember(name: "Bob", group: nil))))
    let reports = Reports(members)
    try await groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    let names = try await members.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? ContractMember)?.name
    }
    if names != ["Bob"] { problems.append("members left: \(names), expected [Bob]") }
    if reports.changes.isEmpty { problems.append("the members' observers heard nothing") }
    return problems
  }

  private static func deny(_ members: any ContractStore) async throws -> [String] {
    let (groups, red, ann) = try await oneMember(members)
    var problems = await refusal(deleting: red, from: groups)
    if try await groups.count(FetchOptions()) != 1 { problems.append("the group was deleted") }
    if ann.group !== red { problems.append("the member lost its group") }
    if try await groupName(members) != "Red" { problems.append("the stored member lost its group") }
    return problems
  }

  private static func noAction(_ members: any ContractStore) async throws -> [String] {
    let (groups, red, _) = try await oneMember(members)
    try await groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    if try await members.count(FetchOptions()) != 1 { problems.append("the member was deleted") }
    if try await groupName(members) != nil { problems.append("a gone group does not read as none") }
    return problems
  }

  private static func batches(_ members: any ContractStore) async throws -> [String] {
    let groups = try members.related("group")
    let all = (0..<3).map { ContractGroup(name: "G\($0)") }
    for group in all { try await groups.insert(.object(ObjectReference(group))) }
    for index in 0..<120 {
      let member = ContractMember(name: "M\(index)", group: index % 4 == 3 ? nil : all[index % 4])
      try await members.insert(.object(ObjectReference(member)))
    }
    let batch = try await members.fetch(FetchOptions(batchSize: 50, offset: 60))
      .compactMap { $0.objectValue as? ContractMember }
    var problems: [String] = []
    if batch.count != 50 { problems.append("the batch holds \(batch.count) members") }
    for (offset, member) in batch.enumerated() {
      let index = 60 + offset
      let expected = index % 4 == 3 ? nil : all[index % 4]
      if member.group !== expected {
        problems.append("M\(index)'s group is \(member.group?.name ?? "none")")
        break
      }
    }
    return problems
  }

  // MARK: Many-to-many

  private static func badgesKept(_ members: any ContractStore) async throws -> [String] {
    let groups = try members.related("group")
    let red = ContractGroup(name: "Red")
    try await groups.insert(.object(ObjectReference(red)))
    let blue = ContractGroup(name: "Blue")  // new: made in place with the member
    let ann = ContractMember(name: "Ann", group: nil)
    ann.badges = [blue, red]
    let bob = ContractMember(name: "Bob", group: nil)
    bob.badges = [red]
    for member in [ann, bob] { try await members.insert(.object(ObjectReference(member))) }
    var problems: [String] = []
    let stored = try await groups.fetch(FetchOptions()).compactMap {
      $0.objectValue as? ContractGroup
    }
    if stored.map(\.name) != ["Red", "Blue"] {
      problems.append("groups hold \(stored.map(\.name))")
    }
    let read = try await members.fetch(FetchOptions()).compactMap {
      $0.objectValue as? ContractMember
    }
    if read.first?.badges.map(\.name) != ["Blue", "Red"] {
      problems.append("Ann's badges read back as \(read.first?.badges.map(\.name) ?? [])")
    }
    if read.first?.badges.last !== red || read.last?.badges.first !== red {
      problems.append("a badge held twice is not one object")
    }
    try await members.update(.object(ObjectReference(ann)), values: ["badges": .array([])])
    let again = try await members.fetch(FetchOptions()).first?.objectValue as? ContractMember
    if again?.badges.isEmpty != true { problems.append("emptying the badges was not kept") }
    return problems
  }

  /// Ann and Bob both wear Red; Ann also wears Blue.
  private static func twoHolders(_ members: any ContractStore) async throws -> (
    any ContractStore, ContractGroup, ContractMember, ContractMember
  ) {
    let groups = try members.related("group")
    let red = ContractGroup(name: "Red")
    let blue = ContractGroup(name: "Blue")
    for group in [red, blue] { try await groups.insert(.object(ObjectReference(group))) }
    let ann = ContractMember(name: "Ann", group: nil)
    ann.badges = [red, blue]
    let bob = ContractMember(name: "Bob", group: nil)
    bob.badges = [red]
    for member in [ann, bob] { try await members.insert(.object(ObjectReference(member))) }
    return (groups, red, ann, bob)
  }

  private static func badgesNullify(_ members: any ContractStore) async throws -> [String] {
    let (groups, red, ann, bob) = try await twoHolders(members)
    try await groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    if ann.badges.map(\.name) != ["Blue"] || !bob.badges.isEmpty {
      problems.append("the lists in memory still hold the deleted group")
    }
    let read = try await members.fetch(FetchOptions()).compactMap {
      $0.objectValue as? ContractMember
    }
    if read.map({ $0.badges.map(\.name) }) != [["Blue"], []] {
      problems.append("the stored lists read \(read.map { $0.badges.map(\.name) })")
    }
    return problems
  }

  private static func badgesDeny(_ members: any ContractStore) async throws -> [String] {
    let (groups, red, ann, _) = try await twoHolders(members)
    var problems = await refusal(deleting: red, from: groups)
    if try await groups.count(FetchOptions()) != 2 { problems.append("the group was deleted") }
    if ann.badges.count != 2 { problems.append("a list lost the group") }
    return problems
  }

  private static func badgesCascade(_ members: any ContractStore) async throws -> [String] {
    let (groups, _, _, _) = try await twoHolders(members)
    let blue = try await groups.fetch(FetchOptions()).last ?? .null
    try await groups.delete(blue)
    let names = try await members.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? ContractMember)?.name
    }
    return names == ["Bob"] ? [] : ["members left: \(names), expected [Bob]"]
  }

  // MARK: Helpers

  /// What is wrong with deleting `group` under a deny rule: it must be refused, naming the rule.
  private static func refusal(deleting group: ContractGroup, from groups: any ContractStore)
    async -> [String]
  {
    do {
      try await groups.delete(.object(ObjectReference(group)))
      return ["the delete was not refused"]
    } catch {
      return error.description.contains("deny")
        ? [] : ["the refusal does not name the rule: \(error)"]
    }
  }

  /// A group "Red" with one member "Ann" in it.
  private static func oneMember(_ members: any ContractStore) async throws -> (
    any ContractStore, ContractGroup, ContractMember
  ) {
    let groups = try members.related("group")
    let red = ContractGroup(name: "Red")
    try await groups.insert(.object(ObjectReference(red)))
    let ann = ContractMember(name: "Ann", group: red)
    try await members.insert(.object(ObjectReference(ann)))
    return (groups, red, ann)
  }

  /// The name of the first stored member's group, read back through the store.
  private static func groupName(_ members: any ContractStore) async throws -> String? {
    let member = try await members.fetch(FetchOptions()).first?.objectValue as? ContractMember
    return member?.group?.name
  }

  /// What a store reported.
  private final class Reports {
    private let received = Locked([StoreChange]())
    private var token: ObservationToken?

    init(_ store: any ContractStore) {
      let received = received
      token = store.observe { change in received.withLock { $0.append(change) } }
    }

    var changes: [StoreChange] { received.withLock { $0 } }
  }
}
