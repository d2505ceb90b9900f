import Foundation
import Testing
import Trellis
import TrellisExamples

@Suite("Snapshot JSON")
struct SnapshotJSONTests {
  @Test func jsonSnapshotFollowsThePublicFormat() throws {
    let profile = Profile()
    let model = TableModel(title: "Profile")
    let section = Section(header: "Account", footer: "Shown to friends")
    section.addRow(
      "First name", kind: .textField, binding: RowBinding(profile, keyPath: "firstName"))
    section.addRow("Subscribed", kind: .switch, binding: RowBinding(profile, keyPath: "subscribed"))
    var more = Row(id: RowID("more"), kind: .plain, text: "More")
    more.accessory = .disclosureIndicator
    more.isEnabled = false
    section.addRow(more)
    model.addSection(section)
    let json = try #require(
      JSONSerialization.jsonObject(with: model.drawn().jsonData()) as? [String: Any])
    #expect(json["title"] as? String == "Profile")
    let sections = try #require(json["sections"] as? [[String: Any]])
    #expect(sections[0]["header"] as? String == "Account")
    #expect(sections[0]["footer"] as? String == "Shown to friends")
    let rows = try #require(sections[0]["rows"] as? [[String: Any]])
    #expect(rows.count == 3)
    #expect(Set(rows[0].keys) == ["kind", "text", "detail", "value", "accessory", "enabled"])
    #expect(rows[0]["kind"] as? String == "textField")
    #expect(rows[0]["value"] as? String == "Ken")
    #expect(rows[0]["detail"] is NSNull)
    #expect(rows[1]["kind"] as? String == "switch")
    #expect(rows[1]["value"] as? Bool == false)
    #expect(rows[2]["accessory"] as? String == "disclosureIndicator")
    #expect(rows[2]["enabled"] as? Bool == false)
  }

  @Test func datesAreISO8601InJSON() throws {
    let model = TableModel(title: "When")
    let section = Section()
    section.addRow(
      "Due", kind: .date,
      binding: RowBinding(
        DocumentObject(["due": .date(Date(timeIntervalSince1970: 0))]), keyPath: "due"))
    model.addSection(section)
    let text = model.drawn().jsonString(prettyPrinted: false)
    #expect(text.contains("\"value\":\"1970-01-01T00:00:00Z\""))
  }
}
