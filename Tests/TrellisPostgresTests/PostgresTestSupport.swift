import Foundation
import Synchronization
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A person with a unique name and a rank, for the contract and the list.
final class Person {
  var name = ""
  var rank = 0
  var note: String?
}

enum PostgresTestSupport {
  /// The server's address, or `nil` (a recorded issue when the server is required).
  static var url: String? {
    let environment = ProcessInfo.processInfo.environment
    if let value = environment["TRELLIS_POSTGRES_URL"], !value.isEmpty { return value }
    if environment["TRELLIS_REQUIRE_POSTGRES"] == "1" {
      Issue.record(
        "TRELLIS_POSTGRES_URL is not set: start the server with scripts/postgres.sh start")
    }
    return nil
  }

  static func definition() throws -> DataDefinition {
    var definition = try DataDefinition(
      for: Person.self,
      properties: [
        .init("name", \Person.name), .init("rank", \Person.rank), .init("note", \Person.note),
      ],
      make: { Person() })
    definition.name = "Person"
    definition.titlePropertyNames = ["name"]
    return definition
  }

  static let counter = Counter()

  /// A fresh table name for one check.
  static func freshTable(_ prefix: String) -> String {
    "\(prefix)_\(counter.next())_\(UUID().uuidString.prefix(8).lowercased())"
  }

  /// An ordered entity over a fresh table, its name unique.
  static func entity(_ prefix: String) throws -> PostgresEntity {
    try PostgresEntity(
      table: freshTable(prefix), definition: definition(), ordered: true, unique: ["name"])
  }

  /// A store over a fresh table holding `records`, inserted through the store.
  static func store(_ url: String, _ prefix: String, records: [(String, Int)]) async throws
    -> PostgresStore
  {
    let entity = try entity(prefix)
    let store = try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    for (name, rank) in records {
      let item = try store.create()
      let kvc = try #require(item.objectValue.flatMap { entity.definition.keyValueCoding(for: $0) })
      try kvc.setValue(.string(name), forKey: "name")
      try kvc.setValue(.int(rank), forKey: "rank")
      try await store.insert(item, at: nil)
    }
    return store
  }
}

/// Numbers 1, 2, 3… from any task.
final class Counter: Sendable {
  private let value = Mutex(0)
  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}

extension PostgresTestSupport {
  /// The channel a table's changes are announced on (as `PostgresTriggers` names it).
  static func channel(_ table: String) -> String { "trellis_" + table }

  /// The statement that ends every connection listening for `table`'s changes, as a server
  /// restart would.
  static func endListening(_ table: String) -> String {
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = "
      + "'LISTEN \"\(channel(table))\";'"
  }
}

extension PostgresTestSupport {
  /// Inserts the group Red into the related store of `members`, then Ann, who points at Red
  /// and holds it as a badge.
  static func memberOfRed(in members: PostgresStore) async throws
    -> (groups: any AsyncDataStore, red: ContractGroup, ann: ContractMember)
  {
    let groups = try members.relatedStore(for: "group")
    let red = ContractGroup(name: "Red")
    try await groups.insert(.object(ObjectReference(red)), at: nil)
    let ann = ContractMember(name: "Ann", group: red)
    ann.badges = [red]
    try await members.insert(.object(ObjectReference(ann)), at: nil)
    return (groups, red, ann)
  }
}
