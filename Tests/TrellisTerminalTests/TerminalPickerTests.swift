import Testing
import Trellis

@testable import TrellisTerminal

/// A picker in parts is a field per wheel; a row that cannot act says why.
@Suite("Terminal pickers in parts and rows that cannot act")
struct TerminalPickerTests {
  func navigator(_ data: DocumentObject) -> Navigator {
    var height = Row(id: RowID(.string("h")), kind: .selection, text: "Height")
    height.binding = RowBinding(data, keyPath: "height")
    height.attributes.pickerComponents = [
      PickerComponent(
        values: [4, 5, 6, 7], titles: ["4 feet", "5 feet", "6 feet", "7 feet"], unit: 12),
      PickerComponent(values: (0...11).map(Double.init), titles: (0...11).map { "\($0) in" }),
    ]
    var launch = Row(id: RowID(.string("l")), kind: .button, text: "Launch rockets")
    launch.isEnabled = false
    launch.attributes.unavailableReason = "no action named 'launchRockets' is registered"
    let section = Section(id: "s")
    section.addRow(height)
    section.addRow(launch)
    let model = TableModel(title: "Picker")
    model.addSection(section)
    // Rows show the data as it is now, as a descriptor's screen does.
    data.onChange = { [weak model] _ in model?.invalidateAll() }
    return Navigator(root: Screen(model: model))
  }

  @Test func eachWheelIsAFieldOfItsOwn() throws {
    let data = DocumentObject(["height": 72])
    let driver = TerminalHostTests.Driver(navigator(data))
    #expect(driver.screen.contains("[6 feet] [0 in]"))
    // Enter opens the first wheel; Tab enters it and opens the second.
    driver.press("\r")
    #expect(driver.screen.contains("Height, part 1 of 2: 4 feet, 5 feet, 6 feet, 7 feet"))
    driver.press("\u{15}5\t")
    #expect(try data.value(forKey: "height") == .int(60))
    #expect(driver.screen.contains("Height, part 2 of 2"))
    driver.press("\u{15}3\r")
    #expect(try data.value(forKey: "height") == .int(63))
    #expect(driver.screen.contains("[5 feet] [3 in]"))
    // A value no wheel offers is refused in the field, and nothing changes.
    driver.press("\r\u{15}9\r")
    #expect(driver.screen.contains("9 is not one of 4, 5, 6, 7"))
    #expect(try data.value(forKey: "height") == .int(63))
  }

  @Test func aRowThatCannotActSaysWhy() {
    let driver = TerminalHostTests.Driver(navigator(DocumentObject(["height": 72])))
    #expect(driver.screen.contains("⊘ no action named 'launchRockets' is registered"))
    driver.press(TerminalHostTests.down + "\r")
    #expect(driver.host.status == "no action named 'launchRockets' is registered")
  }
}
