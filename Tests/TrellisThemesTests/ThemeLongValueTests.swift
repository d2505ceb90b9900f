import Foundation
import Testing
import TrellisValues

@testable import TrellisThemes

/// Values far longer than any theme needs: read whole, or reported once, and the
/// declarations after them still read.
@Suite("Long theme values")
struct ThemeLongValueTests {
  @Test func aLongStringIsReadIntact() {
    let text = String(repeating: "ab", count: 500_000)
    let result = Theme.parse("A {\n  textLabel.text: \"\(text)\";\n  height: 3;\n}")
    #expect(result.diagnostics.isEmpty)
    let style = result.theme.styles.first
    #expect(style?["textLabel.text"] == .string(text))
    #expect(style?["height"] == .number(3))
  }

  @Test func aLongRunOfPunctuationIsOneError() {
    let value = String(repeating: "@", count: 200_000)
    let result = Theme.parse("A {\n  textLabel.text: \(value);\n  height: 3;\n}")
    #expect(
      result.diagnostics.map(\.description) == [
        "2:19: error: expected a value for 'textLabel.text', found '@'"
      ])
    #expect(result.theme.styles.first?["height"] == .number(3))
  }

  @Test func aFunctionOfManyArgumentsIsCounted() {
    let arguments = Array(repeating: "1", count: 100_000).joined(separator: ",")
    let result = Theme.parse("A {\n  backgroundColor: rgb(\(arguments));\n  height: 3;\n}")
    #expect(
      result.diagnostics.map(\.description) == [
        "2:20: error: rgb(...) takes 3 or 4 numbers, found 100000"
      ])
    #expect(result.theme.styles.first?["height"] == .number(3))
  }

  @Test func aFontOfManyWordsKeepsThemAll() {
    let words = Array(repeating: "Sans", count: 50_000)
    let result = Theme.parse("A {\n  textLabel.font: \(words.joined(separator: " ")) 12;\n}")
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.theme.styles.first?["textLabel.font"]
        == .font(ThemeFont(name: words.joined(separator: " "), size: 12)))
  }
}
