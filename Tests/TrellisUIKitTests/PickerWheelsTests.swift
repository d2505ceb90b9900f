import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// A picker in parts through the adapter: a picker view with a component per wheel.
@Suite("Pickers in parts through the adapter")
@MainActor
struct PickerWheelsTests {
  @Test func theFeetAndInchesPickerHasAComponentPerWheel() throws {
    let (navigator, _) = try ActionsApp.navigator()
    let controller = Apps.show(navigator)
    let table = try #require(try Apps.top(controller).tableView)
    let picker = try Shown.control(UIPickerView.self, of: "Height", in: table)
    #expect(picker.numberOfComponents == 2)
    #expect(picker.numberOfRows(inComponent: 0) == 4)
    #expect(picker.numberOfRows(inComponent: 1) == 12)
    // 70 inches: 5 feet 10 inches.
    #expect(picker.selectedRow(inComponent: 0) == 1)
    #expect(picker.selectedRow(inComponent: 1) == 10)
    #expect(picker.delegate?.pickerView(picker, titleForRow: 2, forComponent: 0) == "6 feet")
    picker.choose(2, inComponent: 0)
    #expect(Shown.detail(of: try Shown.cell("In inches", in: table)) == "82")
    let shown = try Shown.control(UIPickerView.self, of: "Height", in: table)
    #expect(shown.selectedRow(inComponent: 0) == 2 && shown.selectedRow(inComponent: 1) == 10)
    #expect(table.violations.isEmpty)
  }
}
