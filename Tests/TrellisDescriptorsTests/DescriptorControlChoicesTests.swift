import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// A descriptor's segmented row shows its choices as segments and holds the chosen one; a
/// slider takes its range from `minimum` and `maximum`, and never clamps the value it holds.
@Suite("Descriptor segments and slider ranges")
struct DescriptorControlChoicesTests {
  static let text = """
    {"schemaVersion": 1, "sections": [{"rows": [
      {"kind": "segmented", "text": "Priority", "value": "priority",
       "choices": ["Low", "Mid", "High"]},
      {"kind": "segmented", "text": "Size", "value": "size", "choices": [1, 2, 3],
       "choiceTitles": ["S", "M", "L"]},
      {"kind": "segmented", "text": "Level", "value": "level", "choices": ["Low", "Mid", "High"]},
      {"kind": "slider", "text": "Count", "value": "count"},
      {"kind": "slider", "text": "Volume", "value": "volume", "minimum": 0, "maximum": 11}
    ]}]}
    """

  static func app() throws -> (HeadlessApp, DocumentObject) {
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "C.json")
    let data = DocumentObject(["priority": "Mid", "size": 3, "level": 2, "count": 3, "volume": 4])
    let result = descriptor.bind(root: data)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let screen = try #require(result.screen)
    return (HeadlessApp(navigator: Navigator(root: screen)), data)
  }

  @Test func aSegmentedRowShowsItsChoicesAndHoldsTheChosenOne() throws {
    let (app, data) = try Self.app()
    let priority = try #require(app.row("Priority"))
    #expect(priority.segments == ["Low", "Mid", "High"])
    #expect(priority.selectedSegment == 1)
    // The host sends the segment's number; the row writes the choice it shows.
    try app.enter(try priority.value(for: .number(2)), at: "Priority")
    #expect(try data.value(forKey: "priority") == "High")
    #expect(app.row("Priority")?.selectedSegment == 2)
    #expect(throws: ControlInputError.self) { try priority.value(for: .number(3)) }
    let size = try #require(app.row("Size"))
    #expect(size.segments == ["S", "M", "L"])
    #expect(size.selectedSegment == 2)
    #expect(try size.value(for: .number(0)) == .int(1))
    // A whole number that is none of the choices is the segment's number, as in UIKit.
    let level = try #require(app.row("Level"))
    #expect(level.selectedSegment == 2)
    #expect(try level.value(for: .number(0)) == .int(0))
  }

  @Test func aSliderTakesItsRangeAndKeepsAValueOutsideIt() throws {
    let (app, _) = try Self.app()
    // No range given: 0 to 1, stretched to the 3 it holds rather than clamping it.
    #expect(app.row("Count")?.sliderRange == 0...3)
    let volume = try #require(app.row("Volume"))
    #expect(volume.sliderRange == 0...11)
    #expect(try volume.value(for: .number(11)) == .int(11))
    #expect(throws: ControlInputError.self) { try volume.value(for: .number(12)) }
  }

  @Test func aMinimumAboveTheMaximumIsAnError() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"kind": "slider", "text": "V", "value": "v", "minimum": 5, "maximum": 1}
      ]}]}
      """
    #expect(throws: (any Error).self) {
      _ = try TableDescriptor(data: Data(text.utf8), file: "M.json")
    }
  }
}
