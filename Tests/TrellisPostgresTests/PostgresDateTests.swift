import Foundation
import Testing
import TrellisPostgres
import TrellisValues

/// Dates before the Gregorian reform (15 October 1582) mean the same day in Trellis as in
/// PostgreSQL, which counts days in the proleptic Gregorian calendar as ISO 8601 does.
@Suite(.serialized) struct PostgresDateTests {
  /// 1500-06-15 and 0001-01-01 12:00 UTC, counted in the proleptic Gregorian calendar.
  static let fifteenHundred = Date(timeIntervalSince1970: -14_817_513_600)
  static let yearOne = Date(timeIntervalSince1970: -62_135_596_800 + 43_200)

  @Test func aDateBeforeTheReformIsWrittenAndReadAsTheDatabaseCountsIt() async throws {
    guard let url = try await AnyDataPostgres.database("plural-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let orders = try #require(database.store(for: "orders"))
    let order = try await AnyDataPostgres.item(orders, "placed", "2024-01-01")
    try await orders.update(
      order, values: ["due": .date(Self.fifteenHundred), "shipped_at": .date(Self.yearOne)])
    let written = try await AnyDataPostgres.texts(
      url, "SELECT due::text || '|' || shipped_at::text FROM orders")
    #expect(written == ["1500-06-15|0001-01-01 12:00:00"])

    // 1582-10-10 is a day only the proleptic calendar has; 1200-02-29 one both calendars have.
    try await AnyDataPostgres.run(
      url, ["UPDATE orders SET due = '1582-10-10', shipped_at = '1200-02-29 08:00'"])
    let reader = try await PostgresDatabase.open(url: url)
    defer { reader.shutdown() }
    let fresh = try #require(reader.store(for: "orders"))
    let read = try await AnyDataPostgres.item(fresh, "placed", "2024-01-01")
    let definition = fresh.entity.definition
    let due = try AnyDataPostgres.value(read, "due", definition)
    let shipped = try AnyDataPostgres.value(read, "shipped_at", definition)
    #expect(due.dateValue.map(Value.isoText) == "1582-10-10T00:00:00Z")
    #expect(shipped.dateValue.map(Value.isoText) == "1200-02-29T08:00:00Z")
  }
}
