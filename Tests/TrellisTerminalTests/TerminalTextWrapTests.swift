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
}
