import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A date row bound to a date kept as text, as JSON keeps dates: it shows the date, and a
/// date picked or typed is written back as text laid out like the text was.
@Suite("Dates kept as text")
struct DescriptorDateTextTests {
  static func date(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
  }

  /// The RMSTableViews demo's profile, whose birthday is `"1961-04-12"`.
  @Test func aProfilesBirthdayShowsAsADateAndIsWrittenAsADay() throws {
    let (app, data) = try DescriptorTestSupport.profileApp()
    let birthday = try #require(app.row("Birthday"))
    #expect(birthday.kind == .date)
    #expect(birthday.shownDate == (try Self.date("1961-04-12T00:00:00Z")))
    // Typed, as the web and terminal hosts send it.
    let path = try #require(app.path(of: "Birthday"))
    try app.send(.enter(app.rowID(at: path), .text("1970-01-02"), over: nil))
    #expect(try data.value(forKeyPath: "profile.birthday") == "1970-01-02")
    // Picked, as UIKit's date picker sets it.
    try app.enter(.date(try Self.date("1981-07-29T00:00:00Z")), at: "Birthday")
    #expect(try data.value(forKeyPath: "profile.birthday") == "1981-07-29")
    #expect(app.row("Birthday")?.shownDate == (try Self.date("1981-07-29T00:00:00Z")))
    #expect(app.host.violations.isEmpty)
  }

  /// A date and time kept as ISO 8601 text keeps its layout; a date kept as a date stays one.
  @Test func aDateAndTimeKeepsItsLayoutAndADateStaysADate() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"id": "due", "kind": "date", "text": "Due", "value": "due"},
        {"id": "seen", "kind": "date", "text": "Seen", "value": "seen"}
      ]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "D.json")
    let seen = try Self.date("2024-01-02T03:04:05Z")
    let data = DocumentObject(["due": "2030-01-31T09:30:00Z", "seen": .date(seen)])
    let app = HeadlessApp(navigator: try DescriptorLibrary().makeNavigator(showing: descriptor, root: data))
    #expect(app.row("Due")?.shownDate == (try Self.date("2030-01-31T09:30:00Z")))
    try app.enter(.date(try Self.date("2031-02-01T10:00:00Z")), at: "Due")
    #expect(try data.value(forKeyPath: "due") == "2031-02-01T10:00:00Z")
    let later = try Self.date("2025-06-07T08:09:10Z")
    try app.enter(.date(later), at: "Seen")
    #expect(try data.value(forKeyPath: "seen") == .date(later))
  }
}
