import Foundation
import Testing
import Trellis
import TrellisListSources
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// A real public sample database, Chinook (trimmed; `Tests/Fixtures/AnyData/README.md`), as
/// screens with no descriptor.
@Suite("Any data: Chinook")
struct ChinookTests {
  @Test func theHomeScreenListsChinooksTables() throws {
    let url = try AnyDataSupport.database("chinook.sql", named: "chinook.sqlite")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    #expect(
      app.texts == [
        [
          "Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine",
          "MediaType", "Playlist", "Track",
        ],
        ["PlaylistTrack"],
      ])
    #expect(app.row("Track")?.detail == "367 rows")
    #expect(app.row("Artist")?.detail == "20 rows")
  }

  @Test func relationshipsComeFromTheForeignKeys() throws {
    let url = try AnyDataSupport.database("chinook.sql", named: "chinook.sqlite")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let schema = try SQLiteSchemaReader.read(path: url.path)
    #expect(schema.joins.map(\.table) == ["PlaylistTrack"])
    #expect(schema.table("Album")?.rowKey == "AlbumId")
    #expect(schema.table("Invoice")?.column("InvoiceDate")?.kind == .dateText)
    let app = try AnyDataSupport.app(url)
    try app.tap("Album")
    #expect(app.texts.first?.first == "For Those About To Rock We Salute You")
    try app.tap("Balls to the Wall")
    #expect(app.row("Artist")?.kind == .objectSelection)
    #expect(app.row("Artist")?.detail == "Accept")
    try app.tap("Tracks")
    #expect(app.texts.flatMap { $0 }.contains("Balls to the Wall"))
    let other = try AnyDataSupport.app(url)
    try other.tap("Track")
    try other.tap("Balls to the Wall")
    #expect(other.row("Playlists")?.kind == .objectSelection)
    #expect(other.row("Genre")?.detail == "Rock")
    #expect(other.row("Employee") == nil)
  }
}
