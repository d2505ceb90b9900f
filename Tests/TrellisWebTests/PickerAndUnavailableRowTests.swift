import Testing
import Trellis

@testable import TrellisWeb

/// A picker in parts draws a select per wheel; a row that cannot act says why.
@Suite("Pickers in parts and rows that cannot act, in HTML")
struct PickerAndUnavailableRowTests {
  func heightRow(_ value: Value) -> Row {
    var row = Row(id: RowID(.string("h")), kind: .selection, text: "Height")
    row.binding = RowBinding(DocumentObject(["height": value]), keyPath: "height")
    row.attributes.pickerComponents = [
      PickerComponent(values: [4, 5, 6, 7], titles: ["4 ft", "5 ft", "6 ft", "7 ft"], unit: 12),
      PickerComponent(values: (0...11).map(Double.init), unit: 1),
    ]
    return row
  }

  @Test func eachWheelIsASelectTaggedWithItsNumber() {
    let html = HTMLRenderer().row(RowSnapshot(heightRow(73)), index: 0, editing: false, key: "k")
    #expect(html.components(separatedBy: "<select").count == 3)
    #expect(html.contains(#"data-tag="0" aria-label="Height, part 1">"#))
    #expect(html.contains(#"data-tag="1" aria-label="Height, part 2">"#))
    #expect(html.contains(#"<option value="6" selected>6 ft</option>"#))
    #expect(html.contains(#"<option value="1" selected>1</option>"#))
    // Nothing chosen yet: each wheel starts blank.
    let blank = HTMLRenderer().row(
      RowSnapshot(heightRow(.null)), index: 0, editing: false, key: "k")
    #expect(blank.components(separatedBy: #"<option value="" selected></option>"#).count == 3)
  }

  @Test func aRowThatCannotActIsDisabledWithItsReasonAsTheTooltip() {
    var row = Row(id: RowID(.string("r")), kind: .button, text: "Launch rockets")
    row.isEnabled = false
    row.attributes.unavailableReason = "no action named 'launchRockets' is registered"
    let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false, key: "k")
    #expect(
      html.contains(
        #" disabled title="no action named &#39;launchRockets&#39; is registered">"#))
  }
}
