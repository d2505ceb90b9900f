import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Pickers that choose a value in parts, as feet and inches choose a height.
@Suite("Pickers in parts")
struct DescriptorPickerTests {
  static let text = """
    {"schemaVersion": 1, "sections": [{"rows": [
      {"id": "height", "kind": "selection", "text": "Height", "value": "height",
       "components": [
         {"from": 4, "to": 7, "unit": 12, "titles": ["4 ft", "5 ft", "6 ft", "7 ft"]},
         {"from": 0, "to": 11}
       ]}
    ]}]}
    """

  func app(height: Value = 72) throws -> (HeadlessApp, DocumentObject) {
    let descriptor = try TableDescriptor(data: Data(Self.text.utf8), file: "P.json")
    let data = DocumentObject(["height": height])
    let navigator = try DescriptorLibrary().makeNavigator(showing: descriptor, root: data)
    return (HeadlessApp(navigator: navigator), data)
  }

  @Test func twoWheelsShowTheValueInParts() throws {
    let (app, _) = try app()
    let row = try #require(app.row("Height"))
    #expect(row.attributes.pickerComponents.count == 2)
    #expect(row.attributes.pickerComponents[0].values == [4, 5, 6, 7])
    #expect(row.attributes.pickerComponents[1].values.count == 12)
    #expect(row.pickerSelection == [2, 0])
    #expect(row.attributes.pickerComponents[0].title(at: 2) == "6 ft")
    #expect(row.attributes.pickerComponents[1].title(at: 5) == "5")
  }

  @Test func aWheelChangesItsPartAndKeepsTheOthers() throws {
    let (app, data) = try app()
    var row = try #require(app.row("Height"))
    try app.enter(try row.value(forComponent: 1, .text("5")), at: "Height")
    #expect(try data.value(forKey: "height") == .int(77))
    row = try #require(app.row("Height"))
    #expect(row.pickerSelection == [2, 5])
    try app.enter(try row.value(forComponent: 0, .number(4)), at: "Height")
    #expect(try data.value(forKey: "height") == .int(53))
    #expect(app.row("Height")?.pickerSelection == [0, 5])
  }

  @Test func aValueNoWheelOffersIsRefusedByName() throws {
    let (app, _) = try app()
    let row = try #require(app.row("Height"))
    #expect(throws: ControlInputError("9 is not one of 4, 5, 6, 7")) {
      try row.value(forComponent: 0, .number(9))
    }
    #expect(throws: ControlInputError("Height has 2 wheels: there is no wheel 2")) {
      try row.value(forComponent: 2, .number(1))
    }
    #expect(throws: ControlInputError("\"tall\" is not one of 4, 5, 6, 7")) {
      try row.value(forComponent: 0, .text("tall"))
    }
  }

  @Test func aValueBelowTheWheelsSelectsNothingAndAChoiceStartsFromTheFirstValues() throws {
    let (app, _) = try app(height: .null)
    let row = try #require(app.row("Height"))
    #expect(row.pickerSelection == [nil, nil])
    #expect(try row.value(forComponent: 1, .number(3)) == .int(51))
  }

  @Test func anAppsPickerClassRegistersItsWheels() throws {
    let (app, data) = try DescriptorTestSupport.profileApp()
    let height = try #require(app.row("Height"))
    #expect(height.attributes.pickerComponents.map(\.values.count) == [4, 12])
    #expect(height.attributes.pickerComponents.map(\.unit) == [12, 1])
    #expect(height.pickerSelection == [2, 0])
    try app.enter(try height.value(forComponent: 1, .number(2)), at: "Height")
    #expect(try data.value(forKeyPath: "profile.height") == .int(74))
  }

  @Test func wheelsThatCannotBeReadAreLocatedErrors() {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"kind": "selection", "components": [{"from": 7, "to": 4}, {"values": ["a"]},
          {"values": [1, 2], "titles": ["one"]}, {"unit": 2}]}]}]}
      """
    #expect(
      DescriptorTestSupport.problems(text) == [
        "T.json:2:40: error: 'from' 7 to 'to' 4 is not a range of a wheel",
        "T.json:2:74: error: a wheel's values are numbers, not the string \"a\"",
        "T.json:3:34: error: a wheel has 2 values but 1 titles",
        "T.json:3:44: error: a wheel needs 'values', or 'from' and 'to'",
      ])
  }
}
