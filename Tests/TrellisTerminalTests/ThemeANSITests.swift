import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisTerminal

/// The terminal host's translation of resolved theme styles into ANSI colours.
@Suite("Themes as ANSI")
struct ThemeANSITests {
  func style(_ body: String) -> ResolvedStyle {
    Theme.parse("S { \(body) }").theme.style(named: "S") ?? .empty
  }

  @Test func ansiNearestColours() throws {
    func nearest(_ name: String) throws -> ANSIColor? {
      ANSIColor(nearestTo: try #require(ThemeColor(named: name)))
    }
    #expect(try nearest("cyanColor") == .brightCyan)
    #expect(try nearest("redColor") == .brightRed)
    #expect(try nearest("greenColor") == .brightGreen)
    #expect(try nearest("blackColor") == .black)
    #expect(try nearest("whiteColor") == .brightWhite)
    #expect(try nearest("orangeColor") == .yellow)
    #expect(try nearest("grayColor") == .brightBlack)
    #expect(try nearest("clearColor") == nil)
    #expect(ANSIColor(nearestTo: ThemeColor(patternImage: "p.png")) == nil)
    #expect(ANSIColor.red.foregroundCode == 31)
    #expect(ANSIColor.brightCyan.backgroundCode == 106)
    #expect(ANSIColor.white.backgroundCode == 47)
  }

  @Test func theTerminalsDepthComesFromItsEnvironment() {
    #expect(TerminalColorDepth(environment: [:]) == .sixteen)
    #expect(TerminalColorDepth(environment: ["TERM": "xterm"]) == .sixteen)
    #expect(TerminalColorDepth(environment: ["TERM": "xterm-256color"]) == .indexed256)
    #expect(TerminalColorDepth(environment: ["TERM": "tmux-256color"]) == .indexed256)
    #expect(
      TerminalColorDepth(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        == .trueColor)
    #expect(TerminalColorDepth(environment: ["COLORTERM": "24bit"]) == .trueColor)
  }

  /// Two pastels that the 16 colours draw alike stay two colours in 256, and exact in any.
  @Test func pastelsStayApartWhereTheTerminalCan() throws {
    let blue = try ThemeColor(parsing: "#CCE5FF")
    let pink = try ThemeColor(parsing: "#FFCCE5")
    #expect(
      TerminalColorDepth.sixteen.background(blue) == TerminalColorDepth.sixteen.background(pink))
    #expect(TerminalColorDepth.indexed256.background(blue) == "48;5;189")
    #expect(TerminalColorDepth.indexed256.background(pink) == "48;5;224")
    #expect(TerminalColorDepth.trueColor.foreground(blue) == "38;2;204;229;255")
    // Greys take the grey ramp; pure colours the cube.
    #expect(TerminalColorDepth.index256(128, 128, 128) == 244)
    #expect(TerminalColorDepth.index256(255, 0, 0) == 196)
    #expect(TerminalColorDepth.indexed256.background(ThemeColor(patternImage: "p.png")) == nil)
    let row = style("backgroundColor: #CCE5FF; textLabel.font: boldSystemFont 12;")
    #expect(row.ansiEscape(depth: .indexed256) == "\u{1B}[1;48;5;189m")
    #expect(row.ansiEscape == "\u{1B}[1;47m")
  }

  @Test func ansiForTheSeedRows() throws {
    let theme = try TestFixtures.seedTheme()
    let odd = theme.resolvedStyle(forRowKind: .plain, rowIndex: 0)
    #expect(odd.ansiBackground == 106)
    #expect(odd.ansiForeground == nil)
    #expect(odd.ansiEscape == "\u{1B}[106m")
    let red = theme.resolvedStyle(forRowKind: .plain, themeStyle: "RedCell", rowIndex: 1)
    #expect(red.ansiBackground == 101)
    let bold = style(
      "textLabel.font: Courier-Bold 12; textLabel.textColor: blueColor; backgroundColor: whiteColor;"
    )
    #expect(bold.ansiCodes == [1, 34, 107])
    #expect(ResolvedStyle.empty.ansiEscape == "")
  }

}
