import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// To-one and many-to-many relationships and their delete rules on PostgreSQL: the same
/// relationship contract the SQLite store keeps, on a real server, and what the tables hold.
@Suite("PostgreSQL relationship contract", .serialized)
struct PostgresRelationshipContractTests {
  /// Members with a to-one `group` and a many-to-many `badges`, both to groups, under `rule`,
  /// in fresh tables.
  static func members(_ rule: RelationshipDeleteRule, ordered: Bool) throws -> PostgresEntity {
    let group = try PostgresEntity(
      table: PostgresTestSupport.freshTable("grp"), definition: try ContractGroup.definition())
    return try PostgresEntity(
      table: PostgresTestSupport.freshTable("member"), definition: try ContractMember.definition(),
      ordered: ordered,
      relationships: [
        .toOne("group", to: group, inverse: "members", deleteRule: rule),
        .manyToMany("badges", to: group, inverse: "holders", deleteRule: rule),
      ])
  }

  @Test(arguments: [true, false])
  func keepsTheRelationshipContract(ordered: Bool) async throws {
    guard let url = PostgresTestSupport.url else { return }
    var stores: [PostgresStore] = []
    let failures = await RelationshipContract.check(async: { rule in
      let store = try PostgresStore(
        url: url, entity: try Self.members(rule, ordered: ordered), timeout: .seconds(30))
      stores.append(store)
      return store
    })
    for store in stores { store.shutdown() }
    #expect(failures == [])
  }
}
