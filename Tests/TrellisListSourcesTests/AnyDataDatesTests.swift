import Foundation
import Testing
import Trellis
import TrellisListSources
import TrellisTesting

/// Dates another program keeps as text in SQLite: shown with their time when they have one,
/// and written back as that program wrote them, so that it reads them as before.
@Suite("Any data: dates kept as text")
struct AnyDataDatesTests {
  static let schema = """
    CREATE TABLE articles (id integer PRIMARY KEY AUTOINCREMENT NOT NULL, title varchar,
      published_on date, created_at datetime(6) NOT NULL, updated_at datetime(6) NOT NULL);
    INSERT INTO articles (title, published_on, created_at, updated_at) VALUES
      ('Hello', '2024-01-02', '2024-01-02 10:00:00.123456', '2024-01-02 10:00:00.123456');
    CREATE TABLE events (id INTEGER PRIMARY KEY, name TEXT, day DATE, starts TIMESTAMP);
    """

  static func database() throws -> URL {
    let folder = try SourceTestSupport.temporaryDirectory()
    let url = folder.appendingPathComponent("dates.sqlite")
    try SourceTestSupport.makeDatabase(at: url, sql: schema)
    return url
  }

  static func text(_ sql: String, _ url: URL) throws -> String? {
    try AnyDataSupport.value(sql, in: url)
  }

  @Test func aDateAndTimeIsShownWithItsTimeAndADayWithout() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("articles")
    try app.tap("Hello")
    #expect(app.row("Created At")?.detail == "2024-01-02 10:00:00")
    #expect(app.row("Created At")?.attributes.showsTime == true)
    #expect(app.row("Published On")?.detail == "2024-01-02")
    #expect(app.row("Published On")?.attributes.showsTime == false)
  }

  @Test func anEditWritesDatesAsTheColumnHoldsThemAndLeavesTheOthers() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("articles")
    try app.tap("Hello")
    let before = Date()
    try app.enter("Bye", at: "Title")
    try app.send(.done)
    // Untouched, to the microsecond and byte; the app's "updated at" moves to the change.
    #expect(
      try Self.text("SELECT created_at FROM articles", url) == "2024-01-02 10:00:00.123456")
    let updated = try #require(try Self.text("SELECT updated_at FROM articles", url))
    #expect(updated.count == 26 && updated.hasPrefix(String(Self.day(before))))
    try app.tap("Bye")
    // A date and time input's value: no zone, read in UTC.
    try app.enter("2024-03-04T05:06:07", at: "Created At")
    try app.enter("2024-03-05", at: "Published On")
    try app.send(.done)
    #expect(
      try Self.text("SELECT created_at || '|' || published_on FROM articles", url)
        == "2024-03-04 05:06:07.000000|2024-03-05")
    #expect(try Self.text("SELECT typeof(created_at) FROM articles", url) == "text")
  }

  @Test func anEmptyTablesDatesAreWrittenAsTextByTheirType() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("events")
    try app.tap("New Event")
    try app.enter("Launch", at: "Name")
    try app.enter("2024-06-01", at: "Day")
    try app.enter("2024-06-01 09:30", at: "Starts")
    try app.send(.done)
    #expect(
      try Self.text("SELECT day || '|' || starts || '|' || typeof(starts) FROM events", url)
        == "2024-06-01|2024-06-01 09:30:00|text")
    // A fresh screen reads back what was written.
    let other = try AnyDataSupport.app(url)
    try other.tap("events")
    try other.tap("Launch")
    #expect(other.row("Starts")?.detail == "2024-06-01 09:30:00")
    #expect(other.row("Day")?.detail == "2024-06-01")
  }

  @Test func aNewRowsTimestampsStartAtNow() throws {
    let url = try Self.database()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("articles")
    let before = Date()
    try app.tap("New Article")
    let created = try #require(app.row("Created At")?.value?.dateValue)
    #expect(abs(created.timeIntervalSince(before)) < 60)
    #expect(app.row("Updated At")?.value?.dateValue != nil)
    // Not required of the person: Done inserts the row as the app would.
    try app.enter("Second", at: "Title")
    try app.send(.done)
    let stored = try Self.text("SELECT created_at FROM articles WHERE title = 'Second'", url)
    // In the column's layout, to the microsecond.
    #expect(stored?.count == 26 && stored?.hasPrefix(String(Self.day(before))) == true)
    // A date the app keeps by another name starts empty.
    #expect(app.texts.first?.contains("Second") == true)
    try app.tap("New Article")
    #expect(app.row("Published On")?.value?.dateValue == nil)
  }

  /// `date`'s day as `yyyy-MM-dd`, in UTC.
  static func day(_ date: Date) -> Substring {
    date.formatted(.iso8601).prefix(10)
  }
}
