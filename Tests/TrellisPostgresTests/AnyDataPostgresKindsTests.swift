import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisSQL

/// Columns of types a form edits as PostgreSQL prints them (the fixture
/// `AnyData/kinds-postgres.sql`): times of day, single-precision numbers and addresses.
extension AnyDataPostgresTests {
  @Test func aTimeOfDayIsEditedAsTextAndCheckedAsATime() async throws {
    guard let url = try await AnyDataPostgres.database("kinds-postgres.sql") else { return }
    let schema = try await PostgresDatabase.readSchema(url: url)
    let table = try #require(schema.table("shifts"))
    #expect(table.column("starts")?.kind == .text)
    #expect(table.column("starts")?.checks == [.timeOfDay])
    #expect(table.column("ends")?.checks == [.timeOfDay])
    #expect(table.column("planned")?.kind == .date)
    #expect(table.column("planned")?.checks == [])
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let shifts = try #require(database.store(for: "shifts"))
    let shift = try #require(shifts.itemsDefinition)
    let placeholder = shift["starts"]?.attributes.row.placeholder
    #expect(placeholder == "hh:mm")
    // A form refuses what is no time before PostgreSQL is asked.
    let check = try #require(shift["starts"]?.actions.valueIsValid)
    let context = RowContext(rowID: RowID(.string("starts")))
    #expect(
      check(.string("7.30"), context)
        == "Starts must be a time of day, such as 09:30 or 17:45:30")
    #expect(check(.string("08:15"), context) == nil)
    let early = try await AnyDataPostgres.item(shifts, "name", "Early")
    // It is read as PostgreSQL prints it, and written as typed.
    #expect(try AnyDataPostgres.value(early, "starts", shifts.entity.definition) == "07:30:00")
    try await shifts.update(early, values: ["starts": .string("08:15"), "ends": "16:00+01"])
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT starts::text || '|' || ends::text FROM shifts")
        == ["08:15:00|16:00:00+01"])
  }

  @Test func aSinglePrecisionNumberReadsAsPostgreSQLPrintsIt() async throws {
    guard let url = try await AnyDataPostgres.database("kinds-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let shifts = try #require(database.store(for: "shifts"))
    let early = try await AnyDataPostgres.item(shifts, "name", "Early")
    #expect(try AnyDataPostgres.value(early, "load", shifts.entity.definition) == .double(0.1))
    // Written and read back, and expected as read, without a conflict over the float8 digits.
    try await shifts.prepareUpdate(
      early, values: ["load": .double(123456.78)], expecting: ["load": .double(0.1)]
    ).run()
    #expect(try await AnyDataPostgres.texts(url, "SELECT load::text FROM shifts") == ["123456.78"])
    let again = try await PostgresDatabase.open(url: url)
    defer { again.shutdown() }
    let fresh = try await AnyDataPostgres.item(
      try #require(again.store(for: "shifts")), "name", "Early")
    #expect(
      try AnyDataPostgres.value(fresh, "load", shifts.entity.definition) == .double(123456.78))
    // A view reads it the same way.
    let view = try #require(again.viewStore(for: "loads"))
    let row = try #require(try await view.fetchPage(FetchOptions(), from: nil).items.first)
    #expect(try AnyDataPostgres.value(row, "load", view.definition) == .double(123456.78))
    #expect(try AnyDataPostgres.value(row, "host", view.definition) == .string("10.0.0.1"))
  }

  @Test func anAddressReadsAsPostgreSQLPrintsIt() async throws {
    guard let url = try await AnyDataPostgres.database("kinds-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let shifts = try #require(database.store(for: "shifts"))
    let definition = shifts.entity.definition
    let early = try await AnyDataPostgres.item(shifts, "name", "Early")
    #expect(try AnyDataPostgres.value(early, "host", definition) == .string("10.0.0.1"))
    // A network keeps its mask; what PostgreSQL cannot read is refused on the field.
    try await shifts.prepareUpdate(
      early, values: ["host": .string("10.1.0.0/16")], expecting: ["host": .string("10.0.0.1")]
    ).run()
    #expect(try AnyDataPostgres.value(early, "host", definition) == .string("10.1.0.0/16"))
    await #expect {
      try await shifts.update(early, values: ["host": .string("ten")])
    } throws: { error in
      guard case .refusedValue(let property, _)? = error as? StoreError else { return false }
      return property == "host"
    }
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT host::text FROM shifts") == ["10.1.0.0/16"])
  }
}

extension AnyDataPostgresTests {
  @Test func aTypesLengthAndDigitsAreCheckedBeforePostgreSQLRoundsOrRefuses() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let products = try #require(database.store(for: "product"))
    let digits = products.itemsDefinition?["price"]?.attributes.row.fractionDigits
    #expect(digits == 2, "shown as 12.50")
    let check = try #require(products.itemsDefinition?["price"]?.actions.valueIsValid)
    let context = RowContext(rowID: RowID(.string("price")))
    #expect(check(.double(12.5), context) == nil)
    #expect(check(.double(99_999_999.99), context) == nil)
    #expect(
      check(.double(12.555), context) == "Price must have at most 2 digits after the point")
    #expect(check(.double(100_000_000), context) == "Price must be less than 100000000")
    #expect(check(.double(-1), context) == "Price must be at least 0")
    let suppliers = try #require(database.store(for: "supplier"))
    let name = try #require(suppliers.itemsDefinition?["name"]?.actions.valueIsValid)
    #expect(
      name(.string(String(repeating: "x", count: 61)), context)
        == "Name must be at most 60 characters")
    // An integer's and a real's own range, which PostgreSQL refuses without naming the column.
    let stock = try #require(products.itemsDefinition?["stock"]?.actions.valueIsValid)
    #expect(
      stock(.int(3_000_000_000), context)?.hasPrefix("Stock must be at most 2147483647") == true
    )
  }

  @Test func aRealBeyondItsRangeIsRefusedOnItsRow() async throws {
    guard let url = try await AnyDataPostgres.database("kinds-postgres.sql") else { return }
    let schema = try await PostgresDatabase.readSchema(url: url)
    let limit = Double(Float.greatestFiniteMagnitude)
    #expect(
      schema.table("shifts")?.column("load")?.checks
        == [.minimum(-limit, inclusive: true), .maximum(limit, inclusive: true)])
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let shifts = try #require(database.store(for: "shifts"))
    let check = try #require(shifts.itemsDefinition?["load"]?.actions.valueIsValid)
    let context = RowContext(rowID: RowID(.string("load")))
    #expect(check(.double(1e38), context) == nil)
    #expect(check(.double(1e39), context)?.hasPrefix("Load must be at most") == true)
    #expect(check(.double(-1e39), context)?.hasPrefix("Load must be at least") == true)
  }
}
