import Foundation
import Testing
import Trellis
import TrellisTerminal
import TrellisTesting

/// A text view shows its text under its title, on as many lines as its row's heights allow,
/// as UIKit's growing text view and the web's text area do.
@Suite("Text views in the terminal")
struct TextViewTerminalTests {
  /// The lines of a screen with one text view holding `text`, drawn 30 columns wide.
  private func lines(
    _ text: String, placeholder: String? = nil, minimum: Double? = nil, maximum: Double? = nil,
    grows: Bool = true
  ) -> [String] {
    let model = TableModel(title: "Note")
    let section = Section()
    let note = DocumentObject(["body": .string(text)])
    var row = Row(
      id: RowID("body"), kind: .textView, text: "Body", binding: RowBinding(note, keyPath: "body"))
    row.attributes.placeholder = placeholder
    row.attributes.minimumHeight = minimum
    row.attributes.maximumHeight = maximum
    row.attributes.growsWithText = grows
    section.addRow(row)
    model.addSection(section)
    let drawn = TextRenderer(width: 30).render(model.drawn()).split(separator: "\n")
    // The rows between the group's borders.
    return drawn.drop { !$0.hasPrefix("  +") }.dropFirst().prefix { !$0.hasPrefix("  +") }
      .map(String.init)
  }

  /// `text` as a line inside the group, whose inside is 26 columns.
  private func boxed(_ text: String) -> String {
    "  | " + text.padding(toLength: 26, withPad: " ", startingAt: 0) + " |"
  }

  @Test func theTextWrapsUnderTheTitleAndKeepsItsLines() {
    #expect(
      lines("Two words that wrap over the row\nand a second line")
        == [
          boxed("Body"),
          boxed("  Two words that wrap over"),
          boxed("  the row"),
          boxed("  and a second line"),
        ])
  }

  @Test func anEmptyTextShowsItsPlaceholder() {
    #expect(
      lines("", placeholder: "About you")
        == [boxed("Body"), boxed("  (About you)")])
  }

  @Test func theHeightsBoundTheLinesInPointsOfAHalfRowEach() {
    // At least two lines (44 points), at most three (66 points), the rest counted.
    #expect(lines("one", minimum: 44).count == 3)
    let long = (1...6).map { "line \($0)" }.joined(separator: "\n")
    #expect(
      lines(long, minimum: 44, maximum: 66)
        == [
          boxed("Body"),
          boxed("  line 1"),
          boxed("  line 2"),
          boxed("  … 4 more lines"),
        ])
    // A text view that does not grow keeps its smallest height, two lines by default.
    #expect(lines(long, grows: false).count == 3)
    #expect(lines("one", grows: false).count == 3)
    // A height no screen has is ignored.
    #expect(lines(long, maximum: .infinity).count == 7)
  }
}
