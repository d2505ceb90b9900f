import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A descriptor's date rows show their dates in the row's `dateFormat` wherever the host shows
/// text (a terminal's field, a label), and a time typed into a row that steps by minutes
/// lands on a step.
@Suite("Descriptor date formats and steps")
struct DescriptorDateFormatTests {
  static let text = """
    {"schemaVersion": 1, "sections": [{"rows": [
      {"kind": "date", "text": "Day", "value": "due", "dateFormat": "yyyy-MM-dd"},
      {"kind": "date", "text": "When", "value": "due", "dateFormat": "yyyy-MM-dd HH:mm",
       "minuteInterval": 15},
      {"kind": "date", "text": "Plain", "value": "due"},
      {"kind": "date", "text": "Spelled", "value": "due", "dateFormat": "MMM d, yyyy"},
      {"kind": "label", "text": "Shown", "value": "due"},
      {"kind": "label", "text": "Shown day", "value": "due", "dateFormat": "d MMMM yyyy"}
    ]}]}
    """

  static func app() throws -> (HeadlessApp, DocumentObject) {
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "D.json")
    let due = Date(timeIntervalSince1970: 1_709_634_600)  // 2024-03-05 10:30:00 UTC
    let data = DocumentObject(["due": .date(due)])
    let screen = try #require(descriptor.bind(root: data).screen)
    return (HeadlessApp(navigator: Navigator(root: screen)), data)
  }

  @Test func fieldsAndLabelsShowTheRowsFormat() throws {
    let (app, _) = try Self.app()
    #expect(app.row("Day")?.fieldText == "2024-03-05")
    #expect(app.row("When")?.fieldText == "2024-03-05 10:30")
    #expect(app.row("Plain")?.fieldText == "2024-03-05 10:30:00")
    // A format that does not read back as a date is not offered for typing.
    #expect(app.row("Spelled")?.fieldText == "2024-03-05T10:30:00Z")
    #expect(app.row("Shown")?.detail == "2024-03-05 10:30:00")
    #expect(app.row("Shown day")?.detail == "5 March 2024")
  }

  @Test func aTimeTypedBetweenStepsLandsOnTheNearest() throws {
    let (app, data) = try Self.app()
    let when = try #require(app.row("When"))
    try app.enter(try when.value(for: .text("2024-03-05 10:37")), at: "When")
    #expect(try data.value(forKey: "due").dateValue == Date(timeIntervalSince1970: 1_709_634_600))
    try app.enter(
      try #require(app.row("When")).value(for: .text("2024-03-05 10:38")), at: "When")
    #expect(
      try data.value(forKey: "due").dateValue == Date(timeIntervalSince1970: 1_709_635_500))
    // A row without steps keeps the minute typed.
    try app.enter(
      try #require(app.row("Plain")).value(for: .text("2024-03-05 10:37")), at: "Plain")
    #expect(
      try data.value(forKey: "due").dateValue == Date(timeIntervalSince1970: 1_709_635_020))
  }

  /// A date that names no time (the UI fuzzer's NaN) is refused, not written as text.
  @Test func aDateThatIsNoNumberIsRefused() throws {
    let descriptor = try TableDescriptor(
      data: Data(
        #"{"schemaVersion": 1, "sections": [{"rows": [{"kind": "date", "text": "Due", "value": "due"}]}]}"#
          .utf8), file: "N.json")
    let data = DocumentObject(["due": "2024-03-05T10:30:00Z"])
    let app = HeadlessApp(
      navigator: Navigator(root: try #require(descriptor.bind(root: data).screen)))
    for time in [Double.nan, .infinity, -.infinity] {
      #expect(throws: ScreenError.notApplicable("the value is no date: it names no time")) {
        try app.enter(.date(Date(timeIntervalSince1970: time)), at: "Due")
      }
    }
    #expect(try data.value(forKey: "due") == "2024-03-05T10:30:00Z")
  }
}
