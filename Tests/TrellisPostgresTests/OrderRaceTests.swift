import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisPostgres

/// Many writers on one ordered table at once: the rows' positions stay consecutive, with none
/// shared, whatever the interleaving.
@Suite("Positions under concurrent writers")
struct OrderRaceTests {
  /// The positions of a table's rows, in order.
  static func positions(in table: String, _ store: PostgresStore) async throws -> [Int] {
    try await store.client.withConnection { connection in
      var positions: [Int] = []
      for try await position in try await connection.query(
        PostgresQuery(unsafeSQL: "SELECT position FROM \"\(table)\" ORDER BY position"),
        logger: Logger(label: "test")
      ).decode(Int64.self) {
        positions.append(Int(position))
      }
      return positions
    }
  }

  @Test func insertsMovesAndDeletesFromThreeServersAtOnceLeaveEveryPositionOnce() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let entity = try PostgresTestSupport.entity("order_race")
    let servers = try (0..<3).map { _ in
      try PostgresStore(url: url, entity: entity, timeout: .seconds(30))
    }
    defer { servers.forEach { $0.shutdown() } }
    for index in 0..<6 {
      try await CrossServerTests.insert("seed \(index)", at: nil, into: servers[0])
    }
    // Each server adds rows at the front, in the middle and at the end, all at once.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (number, server) in servers.enumerated() {
        for row in 0..<12 {
          group.addTask {
            try await CrossServerTests.insert(
              "s\(number) r\(row)", at: [0, 3, nil][row % 3], into: server)
          }
        }
      }
      try await group.waitForAll()
    }
    var positions = try await Self.positions(in: entity.table, servers[0])
    #expect(positions == Array(positions[0]..<positions[0] + 42))

    // Then moves and deletes, at once, of rows each server holds.
    let items = try await servers[0].fetchPage(FetchOptions(), from: nil).items
    #expect(items.count == 42)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (offset, item) in items.enumerated() {
        switch offset % 3 {
        case 0: group.addTask { try? await servers[0].delete(item) }
        case 1: group.addTask { try? await servers[0].move(item, after: nil) }
        default: group.addTask { try? await servers[0].move(item, after: items[offset / 2]) }
        }
      }
      try await group.waitForAll()
    }
    positions = try await Self.positions(in: entity.table, servers[0])
    #expect(positions == Array(positions[0]..<positions[0] + 28))
  }
}
