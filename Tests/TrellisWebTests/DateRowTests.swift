import Foundation
import Testing
import Trellis

@testable import TrellisWeb

/// A date row with a time of day (a property list's date, a timestamp column) is edited in a
/// date and time input, so that an edit keeps the time; a day alone, in a date input.
@Suite("Date rows in HTML")
struct DateRowTests {
  /// 2024-06-01 09:30:05 UTC, and the next midnight.
  static let starts = Date(timeIntervalSince1970: 1_717_234_205)
  static let day = Date(timeIntervalSince1970: 1_717_286_400)

  func rows() throws -> [String: RowSnapshot] {
    let document = DocumentObject(["starts": .date(Self.starts), "day": .date(Self.day)])
    let definition = try DataDefinition.dictionary(keys: "starts;day")
    let draft = try #require(Draft(for: document, definition: definition))
    let model = TableModel(title: "Event")
    model.addSection(ObjectSection(draft: draft, group: PropertyGroup(keys: ["starts", "day"])))
    let rows = model.processChanges().target.sections.flatMap(\.items)
    return Dictionary(uniqueKeysWithValues: rows.map { ($0.text ?? "", $0) })
  }

  @Test func aDateWithATimeShowsAndEditsIt() throws {
    let rows = try rows()
    let starts = try #require(rows["Starts"])
    #expect(starts.detail == "2024-06-01 09:30:05")
    #expect(starts.attributes.showsTime)
    let html = HTMLRenderer().row(starts, index: 0, editing: false, key: "k")
    #expect(html.contains(#"type="datetime-local" step="1""#))
    #expect(html.contains(#"value="2024-06-01T09:30:05""#))
    let day = try #require(rows["Day"])
    #expect(day.detail == "2024-06-02")
    #expect(!day.attributes.showsTime)
    let dayHTML = HTMLRenderer().row(day, index: 1, editing: false, key: "d")
    #expect(dayHTML.contains(#"type="date""#) && dayHTML.contains(#"value="2024-06-02""#))
  }

  @Test func theInputsValueIsReadBackToTheSecondInUTC() throws {
    let row = try #require(try rows()["Starts"])
    #expect(try row.value(for: .text("2024-06-01T09:30:05")) == .date(Self.starts))
    #expect(try row.value(for: .text("2024-06-01T09:30")) == .date(Self.starts - 5))
  }
}
