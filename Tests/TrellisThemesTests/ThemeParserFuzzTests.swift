import Foundation
import Testing
import TrellisTesting
import TrellisValues

@testable import TrellisThemes

/// The theme parser against hostile input: the seed's theme mutated many times over. Every
/// variant parses to what could be read, with each problem located in the file; never a crash.
/// What was read, written back as theme text, reads again as the same theme.
@Suite("Theme parser fuzzing")
struct ThemeParserFuzzTests {
  @Test func aMutatedThemeParsesWithLocatedProblems() throws {
    let seed = try ThemeTestSupport.fixtureText()
    var mutator = TextMutator(
      seed: 0x7E3E,
      words: [
        "{", "}", ";", ":", "rgb(", "rgba(1,2,3,", "#ff", "#", "capInsets(", "\"", "UIFont(",
        "size:", "-", ".", "1e999", "textLabel.", "@import", "/*", "*/",
      ],
      swaps: [(";", ""), ("{", ""), ("}", ""), (":", " "), ("\"", "'")])
    for _ in 0..<1_500 {
      let text = mutator.mutate(seed)
      let result = Theme.parse(text, file: "Theme.sct")
      for diagnostic in result.diagnostics {
        #expect(
          diagnostic.location?.file == "Theme.sct" && (diagnostic.location?.line ?? 0) >= 1,
          "\(diagnostic) for \(text.debugDescription)")
      }
      let again = Theme.parse(result.theme.formatted(), file: "Theme.sct")
      #expect(
        ThemeTestSupport.content(again.theme) == ThemeTestSupport.content(result.theme),
        "\(result.theme.formatted().debugDescription)")
      // Resolving styles reads every value: none of what was read may trap.
      for style in result.theme.styles {
        _ = result.theme.resolvedStyle(forRowKind: .plain, themeStyle: style.name, rowIndex: 0)
      }
    }
  }
}
