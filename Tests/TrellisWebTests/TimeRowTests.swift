import Foundation
import Testing
import Trellis

@testable import TrellisWeb

/// A date row whose format shows only a time of day (`HH:mm`, a Settings bundle's
/// `DatePickerMode` `Time`) is edited in a time input, stepped by its minute interval, and what
/// the input sends keeps the day the date holds.
@Suite("Time rows in HTML")
struct TimeRowTests {
  /// 2024-06-01 09:30:05 UTC.
  static let alarm = Date(timeIntervalSince1970: 1_717_234_205)

  func row(minuteInterval: Int?) throws -> RowSnapshot {
    var definition = try DataDefinition.dictionary(keys: "alarm")
    definition["alarm"]?.attributes.dateFormat = "HH:mm"
    definition["alarm"]?.attributes.minuteInterval = minuteInterval
    let document = DocumentObject(["alarm": .date(Self.alarm)])
    let draft = try #require(Draft(for: document, definition: definition))
    let model = TableModel(title: "Alarm")
    model.addSection(ObjectSection(draft: draft, group: PropertyGroup(keys: ["alarm"])))
    return try #require(model.processChanges().target.sections.first?.items.first)
  }

  @Test func aTimeRowIsATimeInputSteppedByItsInterval() throws {
    let row = try row(minuteInterval: 15)
    #expect(row.detail == "09:30")
    #expect(!row.attributes.showsDay && row.attributes.showsTime)
    #expect(row.fieldText == "09:30:05")
    let html = HTMLRenderer().row(row, index: 0, editing: false, key: "k")
    #expect(html.contains(#"type="time" step="900""#))
    #expect(html.contains(#"value="09:30:05""#))
    let everyMinute = HTMLRenderer().row(
      try self.row(minuteInterval: nil), index: 0,
      editing: false, key: "k")
    #expect(everyMinute.contains(#"type="time" step="60""#), "HH:mm shows no seconds")
  }

  @Test func aTimeTheInputSendsKeepsTheDay() throws {
    let row = try row(minuteInterval: nil)
    let day = Self.alarm.timeIntervalSince1970 - 9 * 3_600 - 30 * 60 - 5
    #expect(try row.value(for: .text("14:45")) == .date(Date(timeIntervalSince1970: day + 53_100)))
    #expect(
      try row.value(for: .text("00:00:30")) == .date(Date(timeIntervalSince1970: day + 30)))
    // A whole date is still a date: UIKit's picker sends one.
    #expect(
      try row.value(for: .text("2025-01-02T03:04:05Z"))
        == .date(Date(timeIntervalSince1970: 1_735_787_045)))
    for refused in ["24:00", "9:30", "14:60", "14:45+02:00", "noon"] {
      #expect(throws: ControlInputError.self, "\(refused)") { try row.value(for: .text(refused)) }
    }
  }
}
