import Foundation
import Testing
import Trellis
import TrellisListSources
import TrellisTesting

/// The tables migration tools keep (Rails's `schema_migrations`, Django's
/// `django_migrations`, …) are shown, never edited: a row changed by hand breaks the app's
/// next migration.
@Suite("Any data: migration tools' tables")
struct AnyDataBookkeepingTests {
  @Test func aMigrationToolsTablesAreReadOnly() throws {
    let folder = try SourceTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("app.sqlite")
    try SourceTestSupport.makeDatabase(
      at: url,
      sql: """
        CREATE TABLE articles (id integer PRIMARY KEY, title varchar);
        CREATE TABLE schema_migrations (version varchar NOT NULL PRIMARY KEY);
        INSERT INTO schema_migrations VALUES ('20240101000000');
        CREATE TABLE django_migrations (id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
          app varchar(255) NOT NULL, name varchar(255) NOT NULL, applied datetime NOT NULL);
        CREATE TABLE migrations (id integer PRIMARY KEY, title TEXT);
        """)
    let app = try AnyDataSupport.app(url)
    #expect(
      app.texts == [["articles", "migrations"], ["django_migrations", "schema_migrations"]])
    let footer = app.top.model.snapshot.sections[1].model.footer ?? ""
    #expect(
      footer.contains(
        "schema_migrations: Rails's record of the migrations it ran, which only Rails changes."))
    #expect(footer.contains("django_migrations: Django's record"))
    try app.tap("schema_migrations")
    #expect(app.texts.first == ["20240101000000"], "no New row")
    try app.tap("20240101000000")
    #expect(app.row("Version")?.isEnabled == false)
  }
}
