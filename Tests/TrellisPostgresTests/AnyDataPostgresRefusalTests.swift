import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisPostgres
import TrellisTesting

/// A value a column's rule refused, typed again and saved: nobody else changed the row, so
/// Done saves it without naming a conflict.
@Suite("Any data: a PostgreSQL form after a refusal")
struct AnyDataPostgresRefusalTests {
  @Test(arguments: [ControlInput.text("9.999"), .text("-3"), .text("abc")])
  func aValueFixedAfterARefusalSavesWithoutAConflict(refused: ControlInput) async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    let price = try #require(app.path(of: "Price"))
    let id = app.rowID(at: price)
    try app.send(.enter(id, refused, over: "12.50"))
    try await app.settle()
    #expect(app.navigator.top.snapshot().table[safe: price]?.validationMessage != nil)
    _ = try? app.send(.done)
    try await app.settle()
    #expect(app.navigator.top.model.title == "Hammer")
    // As a page sends it: typed over what the field shows, which is what was refused.
    let shown = try #require(app.row("Price")?.fieldText)
    #expect(shown != "10.00")
    try app.send(.enter(id, .text("9.70"), over: shown))
    try await app.settle()
    try app.send(.done)
    try await app.settle(
      until: { app.navigator.top.model.title == "product" }, timeout: .seconds(10))
    #expect(
      app.navigator.top.model.title == "product", "\(app.navigator.top.draft?.conflicts ?? [])")
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT price::text FROM product WHERE code = 'HAM-1'")
        == ["9.70"])
  }

  /// Text PostgreSQL cannot hold (a NUL character) is refused at Done, located; the name fixed
  /// then saves, with no conflict over a change nobody made.
  @Test func textWithANulCharacterIsRefusedAndTheFixSavesWithoutAConflict() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    let name = try #require(app.path(of: "Name"))
    let id = app.rowID(at: name)
    try app.send(.enter(id, .text("Ham\u{0}mer"), over: "Hammer"))
    try await app.settle()
    _ = try? app.send(.done)
    try await app.settle()
    #expect(app.navigator.top.model.title == "Hammer", "refused: the form stays")
    #expect(app.row("Name")?.validationMessage == "cannot hold text with a NUL character")
    let shown = try #require(app.row("Name")?.fieldText)
    try app.send(.enter(id, .text("Claw hammer"), over: shown))
    try await app.settle()
    try app.send(.done)
    try await app.settle(
      until: { app.navigator.top.model.title == "product" }, timeout: .seconds(10))
    #expect(
      app.navigator.top.model.title == "product", "\(app.navigator.top.draft?.conflicts ?? [])")
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT name FROM product WHERE code = 'HAM-1'")
        == ["Claw hammer"])
  }

  /// A to-one's target another program deleted while the form was open: Done is refused on
  /// the relationship's field, saying so, and another choice saves.
  @Test func aChosenTargetDeletedMeanwhileIsRefusedOnItsField() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    try await AnyDataPostgres.run(url, ["INSERT INTO category (name) VALUES ('Lonely')"])
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    try app.tap("Category")
    try await app.settle(until: { app.row("Lonely") != nil }, timeout: .seconds(10))
    try app.tap("Lonely")
    try await app.settle()
    #expect(app.row("Category")?.detail == "Lonely")
    try await AnyDataPostgres.run(url, ["DELETE FROM category WHERE name = 'Lonely'"])
    _ = try? app.send(.done)
    try await app.settle()
    #expect(app.navigator.top.model.title == "Hammer", "refused: the form stays")
    let message = app.row("Category")?.validationMessage ?? ""
    #expect(message.contains("deleted meanwhile"), "\(message)")
  }

  /// A column's rule Trellis cannot check itself (a `CHECK` of a function's result), which
  /// only the database refuses: Done is refused on the column's field, naming the rule, and
  /// the edit stays.
  @Test func aRuleOnlyTheDatabaseChecksIsRefusedOnItsField() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    try await AnyDataPostgres.run(
      url,
      ["ALTER TABLE supplier ADD CONSTRAINT supplier_name_check CHECK (upper(name) <> 'NOBODY')"])
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("supplier", "Acme", in: app)
    let name = try #require(app.path(of: "Name"))
    try app.send(.enter(app.rowID(at: name), .text("Nobody"), over: "Acme"))
    _ = try? app.send(.done)
    try await app.settle()
    #expect(app.navigator.top.model.title == "Acme", "refused: the form stays")
    #expect(app.row("Name")?.validationMessage == "refused by the rule supplier_name_check")
    #expect(app.row("Name")?.fieldText == "Nobody")
  }
}
