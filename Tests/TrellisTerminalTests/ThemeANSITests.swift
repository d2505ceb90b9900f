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
    #expect(bold.ansiEscape == "\u{1B}[1;34;107m")
    #expect(ResolvedStyle.empty.ansiEscape == "")
  }

  /// A theme's detail and field colours are drawn where the detail and the field's text are,
  /// beside the row's own colours and a control's tint, on a line of the terminal host and
  /// in a rendering.
  @Test func detailsAndFieldsShowTheirOwnColours() {
    let themed = style(
      "textLabel.textColor: blueColor; detailTextLabel.textColor: redColor;"
        + " textField.textColor: greenColor; tintColor: magentaColor;")
    let layout = RowLayout(columns: 40, usesColor: true)
    let red = "\u{1B}[91m"
    for cellStyle in [RowAttributes.CellStyle.value1, .value2, .subtitle] {
      var row = Row(id: RowID(.string("r")), kind: .label, text: "Name", detailText: "Ada")
      row.attributes.cellStyle = cellStyle
      var shown = RowSnapshot(row)
      shown.style = themed
      let output = layout.lines(of: shown).map(\.output).joined(separator: "\n")
      #expect(output.contains(red + "Ada\u{1B}[0m"), "\(cellStyle): \(output.debugDescription)")
      let rendered = TextRenderer(width: 40, usesColor: true).rowLines(shown, editing: false)
      #expect(
        rendered.joined(separator: "\n").contains(red + "Ada\u{1B}[0m"),
        "\(cellStyle): \(rendered)")
    }
    var shown = RowSnapshot(Row(id: RowID(.string("f")), kind: .textField, text: "Name"))
    shown.value = "Grace"
    shown.style = themed
    let line = layout.lines(of: shown)[0]
    #expect(line.output.contains("\u{1B}[92mGrace\u{1B}[0m"), "\(line.output.debugDescription)")
    // Spans keep apart: a value2 row's tinted title and its coloured detail both show.
    var pair = Row(id: RowID(.string("p")), kind: .label, text: "Name", detailText: "Ada")
    pair.attributes.cellStyle = .value2
    var paired = RowSnapshot(pair)
    paired.style = themed
    let spans = layout.lines(of: paired)[0].spans
    #expect(spans.count == 2)
  }
}
