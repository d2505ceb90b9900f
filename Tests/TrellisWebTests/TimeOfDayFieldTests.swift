import Foundation
import Testing
import Trellis

@testable import TrellisWeb

/// A text field that holds a time of day (a `TIME` column) is edited in a time input, whose
/// value is the text; text of another form (a time with a zone) stays a text input.
@Suite("Time-of-day fields in HTML")
struct TimeOfDayFieldTests {
  func row(_ text: String?, holdsTimeOfDay: Bool = true) throws -> RowSnapshot {
    var definition = try DataDefinition.dictionary(keys: "opens")
    definition["opens"]?.attributes.holdsTimeOfDay = holdsTimeOfDay
    definition["opens"]?.type = .textField
    let document = DocumentObject(["opens": text.map(Value.string) ?? .null])
    let draft = try #require(Draft(for: document, definition: definition))
    let model = TableModel(title: "Shop")
    model.addSection(ObjectSection(draft: draft, group: PropertyGroup(keys: ["opens"])))
    return try #require(model.processChanges().target.sections.first?.items.first)
  }

  func html(_ row: RowSnapshot) -> String {
    HTMLRenderer().row(row, index: 0, editing: false, key: "k")
  }

  @Test func aTimeIsATimeInputOfItsText() throws {
    for text in ["07:30", "18:00:00", "09:30:15.250"] {
      let html = html(try row(text))
      #expect(html.contains(#"type="time" step="1" data-type="text""#), "\(text)")
      #expect(html.contains(#"value="\#(text)""#), "\(text)")
    }
    let empty = html(try row(nil))
    #expect(empty.contains(#"type="time""#) && empty.contains(#"value="""#))
  }

  @Test func otherTextIsATextInput() throws {
    for text in ["09:00:00+02", "7.30", "noon"] {
      let html = html(try row(text))
      #expect(html.contains(#"type="text""#) && !html.contains(#"type="time""#), "\(text)")
    }
    #expect(html(try row("07:30", holdsTimeOfDay: false)).contains(#"type="text""#))
  }

  @Test func theTimeTheInputSendsIsKeptAsText() throws {
    let row = try row("07:30")
    #expect(try row.value(for: .text("08:15")) == .string("08:15"))
  }
}
