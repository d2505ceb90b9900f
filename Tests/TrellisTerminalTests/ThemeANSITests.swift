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
