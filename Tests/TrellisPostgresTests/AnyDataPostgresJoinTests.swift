import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisPostgres

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

extension AnyDataPostgresJoinTests {
  /// A row read again as another table's target (a tag's product, after the tag's pair
  /// changed) comes without its own pairs: when it arrives after the row's own read, the
  /// object still takes the pairs that read brought.
  @Test func aRowReadAsATargetKeepsThePairsItsOwnReadBrought() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    let database = try #require(PostgresDatabase.opened(url: url))
    let products = try #require(database.store(for: "product"))
    let tags = try #require(database.store(for: "tag"))
    try await AnyDataPostgres.run(
      url, ["INSERT INTO product_tag (product_id, tag_id) VALUES (1, 1)"])
    // The product's own read, then the tag's, which brings the product again, as the two
    // stores' notifications may when they arrive at once.
    let own = try #require(try await products.record(1))
    let tag = try #require(try await tags.record(1))
    #expect(own.referencesLoaded && own.held["Tags"] == [1, 3])
    #expect(tag.related["Products"]?.contains { $0.id == 1 && !$0.referencesLoaded } == true)
    let object = try products.materialize(own)
    _ = try tags.materialize(tag)
    products.applyArrivedValues()
    let held = try (object as? KeyValueCoding)?.value(forKey: "Tags").arrayValue ?? []
    #expect(held.count == 2, "the product holds \(held.count) tags")
  }

  /// A pair another program adds while the listening connection is down (a restart) shows
  /// in the open form once the store listens again: its notification is lost, so the list
  /// beneath the form reads its rows, and their pairs, again.
  @Test func aChoiceMadeWhileNothingListenedShowsOnceTheStoreListens() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    _ = try await PostgresTriggerInstaller.install(url: url)
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("product", "Hammer", in: app)
    let database = try #require(PostgresDatabase.opened(url: url))
    let store = try #require(database.store(for: "product"))
    _ = await PostgresTestSupport.until(store, within: .seconds(10)) { store.isListening }
    let before = app.row("Tags")?.detail
    // The server ends the listening connection; the pair is added before it listens again.
    try await AnyDataPostgres.run(
      url,
      [
        PostgresTestSupport.endListening("product"),
        "INSERT INTO product_tag (product_id, tag_id) VALUES (1, 1)",
      ])
    try? await app.settle(until: { app.row("Tags")?.detail != before }, timeout: .seconds(10))
    #expect(app.row("Tags")?.detail != before, "Tags: \(before ?? "nil")")
  }
}
