import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A row repeated over a list of plain values (text, dates) binds each element itself with
/// `self` (or `SELF`), shown and edited in place.
@Suite("Descriptor rows bound to a list's elements")
struct DescriptorSelfBindingTests {
  @Test func aRowOverAListOfTextEditsEachElement() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"list": "names", "kind": "textField", "text": "Name", "value": "self"},
        {"list": "days", "kind": "date", "text": "Day", "value": "SELF", "dateFormat": "yyyy-MM-dd"}
      ]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "S.json")
    let data = DocumentObject(["names": ["Ann", "Bo"], "days": ["2024-03-05"]])
    let result = descriptor.bind(root: data)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let app = HeadlessApp(navigator: Navigator(root: try #require(result.screen)))
    let rows = app.top.snapshot().table.sections.flatMap(\.items)
    #expect(rows.map(\.fieldText) == ["Ann", "Bo", "2024-03-05"])
    try app.send(.setValue(rows[1].id, "Cy"))
    try app.send(.setValue(rows[2].id, try rows[2].value(for: .text("2024-04-01"))))
    #expect(try data.value(forKey: "names") == ["Ann", "Cy"])
    #expect(try data.value(forKey: "days") == ["2024-04-01"])
  }
}
