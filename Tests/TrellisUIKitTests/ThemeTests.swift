import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// The Theme app's .sct theme mapped to UIKit: the table's background, odd and even row
/// styles, a named style, fonts and the navigation bar.
@Suite("Themes in UIKit")
@MainActor
struct ThemeTests {
  func rgba(_ color: UIColor?) -> [Double]? {
    guard let c = color?.components else { return nil }
    return [c.red, c.green, c.blue, c.alpha].map { Double($0) }
  }

  func themeColor(_ name: String) throws -> [Double] {
    let color = try #require(ThemeColor(named: name))
    return [color.red, color.green, color.blue, color.alpha]
  }

  @Test func theThemeColoursTheTableRowsAndBar() throws {
    let (navigator, _) = try ThemeExample.navigator()
    let controller = Apps.show(navigator)
    let screen = try Apps.top(controller)
    let table = screen.tableView!
    #expect(rgba(table.backgroundColor) == (try themeColor("green")))
    let cells = (0..<4).compactMap { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
    try #require(cells.count == 4)
    #expect(rgba(cells[0].backgroundColor) == (try themeColor("cyan")))
    #expect(rgba(cells[1].backgroundColor) == (try themeColor("red")))
    #expect(rgba(cells[2].backgroundColor) == (try themeColor("cyan")))
    #expect(rgba(cells[3].backgroundColor) == (try themeColor("orange")))
    let font = (cells[0].contentConfiguration as? UIListContentConfiguration)?.textProperties.font
    #expect(font?.fontName == "Chalkduster" && font?.pointSize == 14)
    #expect(rgba(controller.stacks[0].navigationBar.tintColor) == (try themeColor("orange")))
    #expect(table.violations.isEmpty)
  }

  @Test func oddAndEvenStylesFollowRowsAsTheyMove() throws {
    let (navigator, store) = try ThemeExample.navigator()
    let controller = Apps.show(navigator)
    let table = try Apps.top(controller).tableView!
    try store.delete(at: 0)
    navigator.processChanges()
    // Every row now has the other parity: each is reloaded, none is left stale.
    #expect(table.violations.isEmpty)
    let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    #expect(rgba(first.backgroundColor) == (try themeColor("cyan")))
  }
}
