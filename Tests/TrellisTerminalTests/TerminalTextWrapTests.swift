import Foundation
import Testing
import Trellis

@testable import TrellisTerminal

/// Text wrapped to a width, as a footer is under its group.
@Suite("Wrapping text")
struct TerminalTextWrapTests {
  @Test func linesBreakBetweenWordsAndKeepTheirOwnBreaks() {
    #expect(TerminalText.wrapped("one two three four", to: 9) == ["one two", "three", "four"])
    #expect(TerminalText.wrapped("a\nb c", to: 10) == ["a", "b c"])
    #expect(TerminalText.wrapped("", to: 10) == [""])
    #expect(TerminalText.wrapped("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
    // Wide characters take two columns.
    #expect(TerminalText.wrapped("日本語 です", to: 6) == ["日本語", "です"])
  }

  @Test func noLineIsWiderThanAskedWhateverTheText() {
    let words = ["a", "bb", "日本", "longerthanten", "\n", " ", "\t", "é"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
        words.randomElement(using: &generator)!
      }.joined(separator: Bool.random(using: &generator) ? " " : "")
      let columns = Int.random(in: 1...12, using: &generator)
      for line in TerminalText.wrapped(text, to: columns) {
        #expect(TerminalText.width(of: line) <= columns, "\(text) at \(columns)")
      }
    }
  }

  /// A row whose title or value holds wide characters or emoji keeps its group's border in
  /// line: widths are counted in columns, and a cut never splits a character.
  @Test func rowsWithWideCharactersKeepTheBorderInLine() {
    let renderer = TextRenderer(width: 30)
    let titles = ["Emoji 🎉", "日本語のタイトル", "Plain", "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉", "a\tb"]
    for title in titles {
      for value in ["yes", "東京都", "🎉", "", String(repeating: "値", count: 20)] {
        let line = renderer.box(title, value)
        #expect(TerminalText.width(of: line) == 32, "\(title) / \(value): \(line)")
        #expect(line.hasSuffix(" |"))
      }
    }
  }

  @Test func aLongFooterWrapsUnderItsGroup() {
    let renderer = TextRenderer(width: 30)
    let section = SectionSnapshot(id: "s", footer: "Deleting a supplier deletes its products.")
    #expect(
      renderer.footerLines(section) == ["   Deleting a supplier deletes", "   its products."])
  }

  /// A subtitle row (a list's notice) wraps what it says instead of cutting it, up to four
  /// lines, and every line keeps the group's border.
  @Test func aSubtitleRowWrapsItsTextAndDetail() {
    let renderer = TextRenderer(width: 30)
    var row = Row(
      id: RowID(.null), kind: .button,
      text: "Could not delete “Buy milk”: the row is referenced by another table",
      detailText: "Dismiss")
    row.attributes.cellStyle = .subtitle
    let lines = renderer.rowLines(RowSnapshot(row), editing: false)
    #expect(lines.count == 5, "\(lines)")
    #expect(lines.map { TerminalText.width(of: $0) } == Array(repeating: 32, count: 5))
    let said = lines.map { $0.dropFirst(4).dropLast(2).trimmingCharacters(in: .whitespaces) }
    #expect(said.dropLast().joined(separator: " ") == row.text)
    #expect(said.last == "Dismiss")
    row.text = String(repeating: "word ", count: 40)
    #expect(renderer.rowLines(RowSnapshot(row), editing: false).count == 5)
    #expect(renderer.rowLines(RowSnapshot(row), editing: false)[3].contains("…"))
  }
}
