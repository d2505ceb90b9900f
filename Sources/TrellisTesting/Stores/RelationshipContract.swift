import Foundation
import Trellis

/// The contract every ``RelationalStore`` keeps for to-one relationships and delete rules, as
/// a suite that any relational store can run.
///
/// The factory makes a fresh, empty store of ``ContractMember`` objects whose `group` is a
/// to-one to ``ContractGroup`` and whose `badges` is a many-to-many to the same groups, both
/// with the given delete rule; ``RelationalStore/relatedStore(for:)`` with `"group"` gives the
/// groups' store.
///
/// ```swift
/// let failures = RelationshipContract.check { rule in
///   try SQLiteStore.inMemory(entity: membersEntity(deleteRule: rule))
/// }
/// #expect(failures == [])
/// ```
public enum RelationshipContract {
  /// Makes a fresh, empty members store whose `group` has `rule` as its delete rule.
  public typealias Factory = (RelationshipDeleteRule) throws -> any RelationalStore

  /// Runs every check and returns the failures; none when the store keeps the contract.
  public static func check(_ factory: Factory) -> [StoreContract.Failure] {
    var failures: [StoreContract.Failure] = []
    let checks: [(String, RelationshipDeleteRule, (any RelationalStore) throws -> [String])] = [
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
        let problems = try body(try factory(rule))
        failures += problems.map { StoreContract.Failure(check: name, message: $0) }
      } catch {
        failures.append(StoreContract.Failure(check: name, message: "threw \(error)"))
      }
    }
    return failures
  }

  // MARK: Checks

  private static func createdInPlace(_ members: any RelationalStore) throws -> [String] {
    let groups = try members.relatedStore(for: "group")
    let reports = Reports(groups)
    let member = ContractMember(name: "Ann", group: ContractGroup(name: "Red"))
    try members.insert(.object(ObjectReference(member)), at: nil)
    var problems: [String] = []
    let stored = try groups.fetch(FetchOptions()).compactMap { $0.objectValue as? ContractGroup }
    if stored.map(\.name) != ["Red"] { problems.append("groups hold \(stored.map(\.name))") }
    if stored.first !== member.group { problems.append("the stored group is another object") }
    if reports.changes.isEmpty { problems.append("the groups' observers heard nothing") }
    return problems
  }

  private static func sharedIdentity(_ members: any RelationalStore) throws -> [String] {
    let groups = try members.relatedStore(for: "group")
    let red = ContractGroup(name: "Red")
    try groups.insert(.object(ObjectReference(red)), at: nil)
    try members.insert(.object(ObjectReference(ContractMember(name: "Ann", group: red))), at: nil)
    let member = try members.fetch(FetchOptions()).first?.objectValue as? ContractMember
    return member?.group === red ? [] : ["the member's group is not the group the store holds"]
  }

  private static func changesAndClears(_ members: any RelationalStore) throws -> [String] {
    let groups = try members.relatedStore(for: "group")
    let red = ContractGroup(name: "Red")
    let blue = ContractGroup(name: "Blue")
    for group in [red, blue] { try groups.insert(.object(ObjectReference(group)), at: nil) }
    let ann = ContractMember(name: "Ann", group: red)
    let item = Value.object(ObjectReference(ann))
    try members.insert(item, at: nil)
    var problems: [String] = []
    try members.update(item, values: ["group": .object(ObjectReference(blue))])
    if try groupName(members) != "Blue" { problems.append("the change to Blue was not kept") }
    try members.update(item, values: ["group": .null])
    if try groupName(members) != nil { problems.append("clearing the group was not kept") }
    return problems
  }

  private static func nullify(_ members: any RelationalStore) throws -> [String] {
    let (groups, red, ann) = try oneMember(members)
    let reports = Reports(members)
    try groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    if ann.group != nil { problems.append("the member in memory still points at the group") }
    if try members.count(FetchOptions()) != 1 { problems.append("the member was deleted") }
    if try groupName(members) != nil { problems.append("the stored member still has a group") }
    if reports.changes.isEmpty { problems.append("the members' observers heard nothing") }
    return problems
  }

  private static func cascade(_ members: any RelationalStore) throws -> [String] {
    let (groups, red, _) = try oneMember(members)
    try members.insert(.object(ObjectReference(ContractMember(name: "Bob", group: nil))), at: nil)
    let reports = Reports(members)
    try groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    let names = try members.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? ContractMember)?.name
    }
    if names != ["Bob"] { problems.append("members left: \(names), expected [Bob]") }
    if reports.changes.isEmpty { problems.append("the members' observers heard nothing") }
    return problems
  }

  private static func deny(_ members: any RelationalStore) throws -> [String] {
    let (groups, red, ann) = try oneMember(members)
    var problems = refusal(deleting: red, from: groups)
    if try groups.count(FetchOptions()) != 1 { problems.append("the group was deleted") }
    if ann.group !== red { problems.append("the member lost its group") }
    if try groupName(members) != "Red" { problems.append("the stored member lost its group") }
    return problems
  }

  private static func noAction(_ members: any RelationalStore) throws -> [String] {
    let (groups, red, _) = try oneMember(members)
    try groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    if try members.count(FetchOptions()) != 1 { problems.append("the member was deleted") }
    if try groupName(members) != nil { problems.append("a gone group does not read as none") }
    return problems
  }

  private static func batches(_ members: any RelationalStore) throws -> [String] {
    let groups = try members.relatedStore(for: "group")
    let all = (0..<3).map { ContractGroup(name: "G\($0)") }
    for group in all { try groups.insert(.object(ObjectReference(group)), at: nil) }
    for index in 0..<120 {
      let member = ContractMember(name: "M\(index)", group: index % 4 == 3 ? nil : all[index % 4])
      try members.insert(.object(ObjectReference(member)), at: nil)
    }
    let batch = try members.fetch(FetchOptions(batchSize: 50, offset: 60))
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

  private static func badgesKept(_ members: any RelationalStore) throws -> [String] {
    let groups = try members.relatedStore(for: "group")
    let red = ContractGroup(name: "Red")
    try groups.insert(.object(ObjectReference(red)), at: nil)
    let blue = ContractGroup(name: "Blue")  // new: made in place with the member
    let ann = ContractMember(name: "Ann", group: nil)
    ann.badges = [blue, red]
    let bob = ContractMember(name: "Bob", group: nil)
    bob.badges = [red]
    for member in [ann, bob] { try members.insert(.object(ObjectReference(member)), at: nil) }
    var problems: [String] = []
    let stored = try groups.fetch(FetchOptions()).compactMap { $0.objectValue as? ContractGroup }
    if stored.map(\.name) != ["Red", "Blue"] {
      problems.append("groups hold \(stored.map(\.name))")
    }
    let read = try members.fetch(FetchOptions()).compactMap { $0.objectValue as? ContractMember }
    if read.first?.badges.map(\.name) != ["Blue", "Red"] {
      problems.append("Ann's badges read back as \(read.first?.badges.map(\.name) ?? [])")
    }
    if read.first?.badges.last !== red || read.last?.badges.first !== red {
      problems.append("a badge held twice is not one object")
    }
    try members.update(.object(ObjectReference(ann)), values: ["badges": .array([])])
    let again = try members.fetch(FetchOptions()).first?.objectValue as? ContractMember
    if again?.badges.isEmpty != true { problems.append("emptying the badges was not kept") }
    return problems
  }

  /// Ann and Bob both wear Red; Ann also wears Blue.
  private static func twoHolders(_ members: any RelationalStore) throws -> (
    any DataStore, ContractGroup, ContractMember, ContractMember
  ) {
    let groups = try members.relatedStore(for: "group")
    let red = ContractGroup(name: "Red")
    let blue = ContractGroup(name: "Blue")
    for group in [red, blue] { try groups.insert(.object(ObjectReference(group)), at: nil) }
    let ann = ContractMember(name: "Ann", group: nil)
    ann.badges = [red, blue]
    let bob = ContractMember(name: "Bob", group: nil)
    bob.badges = [red]
    for member in [ann, bob] { try members.insert(.object(ObjectReference(member)), at: nil) }
    return (groups, red, ann, bob)
  }

  private static func badgesNullify(_ members: any RelationalStore) throws -> [String] {
    let (groups, red, ann, bob) = try twoHolders(members)
    try groups.delete(.object(ObjectReference(red)))
    var problems: [String] = []
    if ann.badges.map(\.name) != ["Blue"] || !bob.badges.isEmpty {
      problems.append("the lists in memory still hold the deleted group")
    }
    let read = try members.fetch(FetchOptions()).compactMap { $0.objectValue as? ContractMember }
    if read.map({ $0.badges.map(\.name) }) != [["Blue"], []] {
      problems.append("the stored lists read \(read.map { $0.badges.map(\.name) })")
    }
    return problems
  }

  private static func badgesDeny(_ members: any RelationalStore) throws -> [String] {
    let (groups, red, ann, _) = try twoHolders(members)
    var problems = refusal(deleting: red, from: groups)
    if try groups.count(FetchOptions()) != 2 { problems.append("the group was deleted") }
    if ann.badges.count != 2 { problems.append("a list lost the group") }
    return problems
  }

  private static func badgesCascade(_ members: any RelationalStore) throws -> [String] {
    let (groups, _, _, _) = try twoHolders(members)
    let blue = try groups.fetch(FetchOptions()).last ?? .null
    try groups.delete(blue)
    let names = try members.fetch(FetchOptions()).compactMap {
      ($0.objectValue as? ContractMember)?.name
    }
    return names == ["Bob"] ? [] : ["members left: \(names), expected [Bob]"]
  }

  // MARK: Helpers

  /// What is wrong with deleting `group` under a deny rule: it must be refused, naming the rule.
  private static func refusal(deleting group: ContractGroup, from groups: any DataStore)
    -> [String]
  {
    do {
      try groups.delete(.object(ObjectReference(group)))
      return ["the delete was not refused"]
    } catch {
      return error.description.contains("deny")
        ? [] : ["the refusal does not name the rule: \(error)"]
    }
  }

  /// A group "Red" with one member "Ann" in it.
  private static func oneMember(_ members: any RelationalStore) throws -> (
    any DataStore, ContractGroup, ContractMember
  ) {
    let groups = try members.relatedStore(for: "group")
    let red = ContractGroup(name: "Red")
    try groups.insert(.object(ObjectReference(red)), at: nil)
    let ann = ContractMember(name: "Ann", group: red)
    try members.insert(.object(ObjectReference(ann)), at: nil)
    return (groups, red, ann)
  }

  /// The name of the first stored member's group, read back through the store.
  private static func groupName(_ members: any RelationalStore) throws -> String? {
    let member = try members.fetch(FetchOptions()).first?.objectValue as? ContractMember
    return member?.group?.name
  }

  /// What a store reported.
  private final class Reports {
    private let received = Locked([StoreChange]())
    private var token: ObservationToken?

    init(_ store: any DataStore) {
      let received = received
      token = store.observe { change in received.withLock { $0.append(change) } }
    }

    var changes: [StoreChange] { received.withLock { $0 } }
  }
}
