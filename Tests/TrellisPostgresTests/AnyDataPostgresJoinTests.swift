import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A join table another program changes while a form shows the row's choices.
@Suite("Any data: a PostgreSQL join table changed by another program")
struct AnyDataPostgresJoinTests {
  /// Looked for, without triggers; announced by the join table's trigger, with them.
  @Test(arguments: [false, true])
  func anOpenFormShowsTheChoicesAnotherProgramMade(triggers: Bool) async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    if triggers { _ = try await PostgresTriggerInstaller.install(url: url) }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    let before = app.row("Tags")?.detail
    try await AnyDataPostgres.run(
      url, ["INSERT INTO product_tag (product_id, tag_id) VALUES (1, 1)"])
    try? await app.settle(until: { app.row("Tags")?.detail != before }, timeout: .seconds(10))
    #expect(app.row("Tags")?.detail != before, "Tags: \(before ?? "nil")")
    if triggers {
      let database = try #require(PostgresDatabase.opened(url: url))
      #expect(database.announcedTables.contains("product"), "announced, not looked for")
    }
  }

  /// A join table without a column for the pairs' order lists them by the keys they hold:
  /// the window that saved a choice shows it in that order too, as a fresh page (or another
  /// server) reads it, not in the order it was tapped.
  @Test func savedChoicesShowInTheOrderTheDatabaseKeeps() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    #expect(app.row("Tags")?.detail == "heavy")
    try app.tap("Tags")
    try await app.settle(until: { app.row("sale") != nil }, timeout: .seconds(10))
    try app.tap("sale")
    try await app.settle()
    try app.send(.back)
    #expect(app.row("Tags")?.detail == "heavy, sale", "as chosen, until saved")
    try app.send(.done)
    try await app.settle(until: { app.row("Hammer") != nil }, timeout: .seconds(10))
    try app.tap("Hammer")
    try await app.settle(until: { app.row("Tags")?.detail == "sale, heavy" }, timeout: .seconds(5))
    let stored = try await AnyDataPostgres.texts(
      url,
      "SELECT t.label FROM product_tag p JOIN tag t ON t.id = p.tag_id "
        + "WHERE p.product_id = 1 ORDER BY p.tag_id")
    #expect(stored == ["sale", "heavy"])
    #expect(app.row("Tags")?.detail == "sale, heavy")
  }

  /// A table of keys only, with a key of its own, is listed and edited, its rows titled by
  /// the rows they point at.
  @Test func aTableOfKeysOnlyIsTitledByTheRowsItPointsAt() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    try await AnyDataPostgres.run(
      url,
      [
        """
        CREATE TABLE product_badge (id serial PRIMARY KEY,
          product_id bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
          tag_id integer NOT NULL REFERENCES tag (id) ON DELETE CASCADE)
        """,
        "INSERT INTO product_badge (product_id, tag_id) VALUES (1, 1), (2, 3)",
      ])
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product_badge", "Rake · heavy", in: app)
    #expect(app.navigator.top.model.title == "Rake · heavy")
    #expect(app.row("Product")?.detail == "Rake")
    #expect(app.row("Tag")?.detail == "heavy")
  }
}
