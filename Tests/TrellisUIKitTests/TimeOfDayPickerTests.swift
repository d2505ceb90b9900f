import Foundation
import Testing
import Trellis
import TrellisUIKitOnMirror
import UIKitMirror

/// A text field that holds a time of day (a `TIME` column) is a time picker in UIKit: it shows
/// the time on the person's clock and writes the time picked as `HH:mm` text.
@Suite("Time-of-day pickers through the adapter")
@MainActor
struct TimeOfDayPickerTests {
  @Test func theTimePickedIsWrittenAsText() throws {
    var definition = try DataDefinition.dictionary(keys: "opens")
    definition["opens"]?.attributes.holdsTimeOfDay = true
    definition["opens"]?.type = .textField
    let shop = DocumentObject(["opens": .string("07:30:00")])
    let draft = try #require(Draft(for: shop, definition: definition, mode: .live))
    let model = TableModel(title: "Shop")
    model.addSection(ObjectSection(draft: draft, group: PropertyGroup(keys: ["opens"])))
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    let table = try #require(try Apps.top(controller).tableView)
    let picker = try Shown.control(UIDatePicker.self, of: "Opens", in: table)
    #expect(picker.datePickerMode == .time)
    let shown = Calendar.current.dateComponents([.hour, .minute], from: picker.date)
    #expect(shown.hour == 7 && shown.minute == 30)
    picker.date = try #require(
      Calendar.current.date(bySettingHour: 18, minute: 5, second: 0, of: Date()))
    picker.sendActions(for: .valueChanged)
    #expect(try shop.value(forKey: "opens") == .string("18:05"))
    #expect(table.violations.isEmpty)
  }
}
