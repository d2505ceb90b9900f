import Foundation
import Testing
import Trellis
import TrellisListSources
import TrellisTesting

/// Times of day another program keeps in SQLite `TIME` columns: edited as the text they are,
/// checked as times before they are written, never turned into dates.
@Suite("Any data: times of day")
struct AnyDataTimesTests {
  static let schema = """
    CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT, opens TIME NOT NULL, closes time,
      last_visit DATETIME);
    INSERT INTO shops (name, opens, closes, last_visit) VALUES
      ('Bakery', '07:30', '18:00:00', '2024-05-01 10:00:00');
    """

  static func database() throws -> URL {
    let folder = try SourceTestSupport.temporaryDirectory()
    let url = folder.appendingPathComponent("times.sqlite")
    try SourceTestSupport.makeDatabase(at: url, sql: schema)
    return url
  }

  static func text(_ sql: String, _ url: URL) throws -> String? {
    try AnyDataSupport.value(sql, in: url)
  }

  @Test func aTimeIsShownAsItsTextAndAskedForAsOne() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("shops")
    try app.tap("Bakery")
    #expect(app.row("Opens")?.kind == .textField)
    #expect(app.row("Opens")?.value == .string("07:30"))
    #expect(app.row("Opens")?.attributes.placeholder == "hh:mm")
    #expect(app.row("Closes")?.value == .string("18:00:00"))
    // A date and time beside it is still a date.
    #expect(app.row("Last Visit")?.kind == .date)
  }

  @Test func aTimeIsWrittenAsTypedAndTextThatIsNoTimeIsRefused() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("shops")
    try app.tap("Bakery")
    try app.enter("7.30", at: "Opens")
    #expect(
      app.row("Opens")?.validationMessage
        == "Opens must be a time of day, such as 09:30 or 17:45:30")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(try Self.text("SELECT opens FROM shops", url) == "07:30", "nothing was written")
    try app.enter("08:15", at: "Opens")
    try app.enter("19:30:00", at: "Closes")
    try app.send(.done)
    #expect(
      try Self.text("SELECT opens || '|' || closes || '|' || typeof(opens) FROM shops", url)
        == "08:15|19:30:00|text")
    // SQLite's own time functions read what was written.
    #expect(try Self.text("SELECT time(opens, '+1 hour') FROM shops", url) == "09:15:00")
    // A fresh screen reads it back.
    let other = try AnyDataSupport.app(url)
    try other.tap("shops")
    try other.tap("Bakery")
    #expect(other.row("Opens")?.value == .string("08:15"))
  }

  @Test func aNewRowTakesATime() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("shops")
    try app.tap("New Shop")
    try app.enter("Florist", at: "Name")
    #expect(throws: ScreenError.self, "a NOT NULL time is asked for") { try app.send(.done) }
    #expect(app.row("Opens")?.validationMessage == "Opens is required")
    try app.enter("09:00", at: "Opens")
    try app.send(.done)
    #expect(try Self.text("SELECT opens FROM shops WHERE name = 'Florist'", url) == "09:00")
  }
}
