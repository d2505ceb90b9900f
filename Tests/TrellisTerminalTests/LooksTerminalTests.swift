import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisTerminal

/// The Looks example in the terminal: header and footer views and heights, value2 and default
/// rows, tinted controls and value2 titles, a selected background, and `willDisplay` for the
/// rows in view only.
@Suite("Looks in the terminal")
struct LooksTerminalTests {
  /// A host over the Looks example on a virtual terminal, its model also shown headless.
  final class Driver {
    let terminal: VirtualTerminal
    let host: TerminalHost
    let headless: HeadlessHost
    let counter = DisplayCounter()
    var writer = FrameWriter()

    init(rows: Int = 60, columns: Int = 60, usesColor: Bool = false) throws {
      let screen = try LooksExample.screen(values: LooksValues(), counter: counter)
      let navigator = Navigator(root: screen)
      headless = HeadlessHost(model: screen.model)
      terminal = VirtualTerminal(size: TerminalSize(rows: rows, columns: columns))
      host = TerminalHost(navigator: navigator, size: terminal.size, usesColor: usesColor)
      host.draw(on: terminal, writer: &writer)
    }

    func press(_ text: String) {
      var decoder = KeyDecoder()
      for key in decoder.decode(Array(text.utf8)) + decoder.flush() { host.handle(key) }
      host.draw(on: terminal, writer: &writer)
    }

    var lines: [String] { terminal.text.components(separatedBy: "\n") }
    var written: String { terminal.writes.joined() }
  }

  @Test func headerViewsAndHeightsTakeTheirLines() throws {
    let driver = try Driver()
    let lines = driver.lines
    // The theme's 66-point banner takes three lines, its name on the last, over the border.
    let banner = try #require(lines.firstIndex { $0.hasPrefix("  [looks_banner] HEADER VIEW") })
    #expect(lines[banner - 1].trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(lines[banner - 2].trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(lines[banner + 1].hasPrefix("  +---"))
    #expect(lines.contains { $0.hasPrefix("   The header is an image the theme names.") })
    // The section's own 44-point ribbon takes two lines, its footer two.
    let ribbon = try #require(lines.firstIndex { $0.hasPrefix("  [looks_ribbon] CELL STYLES") })
    #expect(lines[ribbon - 1].trimmingCharacters(in: .whitespaces).isEmpty)
    let footer = try #require(
      lines.firstIndex { $0.hasPrefix("   The section sets its own header view.") })
    #expect(lines[footer + 1].trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(driver.headless.violations.isEmpty)
  }

  /// The theme's control layout (indentation 150, margin 20, titles at most 130 points) in
  /// columns of 8.5 points: the values of the tinted controls start 15 columns into the box,
  /// lined up whatever their titles' lengths, where they would otherwise sit at the right.
  @Test func controlValuesStartWhereTheThemesControlLayoutPlacesThem() throws {
    let lines = try Driver(rows: 120).lines
    let values = ["Notify": "[x]", "Volume": "<", "Size": "S|[M]|L", "Nickname": "Ada"]
    for (title, value) in values {
      let line = try #require(lines.first { $0.hasPrefix("  | \(title) ") }, "\(title) is shown")
      let inside = line.dropFirst(4)
      let pad = String(repeating: " ", count: 15 - title.count)
      #expect(inside.hasPrefix(title + pad + value), "\(line)")
    }
  }

  @Test func value2AndDefaultRows() throws {
    let lines = try Driver().lines
    // value2: the title right-aligned in its column, the detail right after it.
    let email = try #require(lines.first { $0.contains("ada@example.com") })
    #expect(email.contains("|          email ada@example.com"))
    let phone = try #require(lines.first { $0.contains("+44 20") })
    #expect(phone.contains("|          phone +44 20 7946 0000"))
    // default: the title alone.
    let plain = try #require(lines.first { $0.contains("Default") })
    #expect(!plain.contains("not shown"))
    #expect(lines.contains { $0.contains("Value 1") && $0.contains("On the right |") })
  }

  @Test func controlsTakeTheirTintsAndTheCursorItsSelectedBackground() throws {
    let driver = try Driver(usesColor: true)
    // The switch is on: its [x] in the theme's orange (the nearest ANSI colour, yellow).
    #expect(driver.written.contains("\u{1B}[1;33m[x]\u{1B}[0m"))
    // The slider's track colour is purple, the nearest being magenta.
    #expect(driver.written.contains("\u{1B}[1;35m<0.4>\u{1B}[0m"))
    // A value2 row's title in the tint: the theme gives none, so UIKit's blue.
    #expect(driver.written.contains("\u{1B}[1;34memail\u{1B}[0m"))
    // On a cell-style row, the cursor draws the theme's yellow selected background instead of
    // reverse video.
    while !(driver.lines.first { $0.hasPrefix("> ") }?.contains("Default") ?? false) {
      let before = driver.lines
      driver.press("\u{1B}[B")
      try #require(driver.lines != before, "the cursor never reached Default")
    }
    #expect(driver.written.contains("\u{1B}[103m> | "))
    let plain = try Driver(usesColor: false)
    #expect(!plain.written.contains("\u{1B}[1;33m"))
    #expect(!plain.written.contains("\u{1B}[1;34m"))
  }

  @Test func willDisplayRunsForTheRowsThatComeIntoView() throws {
    let driver = try Driver(rows: 30)
    let first = driver.counter.total
    #expect(first < 30)
    #expect(!driver.terminal.text.contains("Row 5000"))
    driver.press("G")  // to the end of the 5,000 rows
    let last = try #require(driver.lines.first { $0.contains("Row 5000") })
    // Row 5,000 was numbered as it came into view: after the first screen's rows, long before
    // the 5,000th.
    let number = try #require(Int(last.split(separator: "#").last?.prefix { $0.isNumber } ?? ""))
    #expect(number > first && number < first + 60, "\(last)")
    #expect(driver.counter.total < first + 60)
    #expect(driver.headless.violations.isEmpty)
  }
}
