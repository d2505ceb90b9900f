import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror
import UIKitMirror

/// The Looks example in UIKit: header and footer views and heights, UIKit's own value2 and
/// default styles, tinted controls, selected backgrounds, and `willDisplay` as cells appear.
@Suite("Looks in UIKit")
@MainActor
final class LooksTests {
  func rgba(_ color: UIColor?) -> [Double]? {
    guard let c = color?.components else { return nil }
    return [c.red, c.green, c.blue, c.alpha].map { Double($0) }
  }

  func named(_ name: String) throws -> [Double] {
    let color = try #require(ThemeColor(named: name))
    return [color.red, color.green, color.blue, color.alpha]
  }

  /// The controllers shown, kept alive while a test reads their tables (the table holds its
  /// delegate weakly).
  var shown: [TrellisViewController] = []

  func table(_ counter: DisplayCounter = DisplayCounter()) throws -> UITableView {
    let screen = try LooksExample.screen(
      values: LooksValues(), counter: counter, rowCount: 1_000)
    let controller = Apps.show(Navigator(root: screen))
    shown.append(controller)
    return try #require(try Apps.top(controller).tableView)
  }

  @Test func headerAndFooterViewsAndHeights() throws {
    let table = try table()
    let delegate = try #require(table.delegate)
    let banner = try #require(delegate.tableView(table, viewForHeaderInSection: 0) as? UIImageView)
    #expect(banner.image?.name == "looks_banner")
    #expect(banner.accessibilityLabel == "Header view")
    #expect(delegate.tableView(table, heightForHeaderInSection: 0) == 66)
    let ribbon = try #require(delegate.tableView(table, viewForHeaderInSection: 1) as? UIImageView)
    #expect(ribbon.image?.name == "looks_ribbon")
    #expect(delegate.tableView(table, heightForHeaderInSection: 1) == 44)
    #expect(delegate.tableView(table, heightForFooterInSection: 1) == 44)
    // A section with a plain title has no view, and UIKit's own height.
    #expect(delegate.tableView(table, viewForHeaderInSection: 2) == nil)
    #expect(
      delegate.tableView(table, heightForHeaderInSection: 2) == UITableView.automaticDimension)
    #expect(table.violations.isEmpty)
  }

  @Test func aHeightNoTableCouldShowIsUIKitsOwn() throws {
    let model = TableModel(title: "Heights")
    for height in [-4, .nan, 12] {
      let section = Section(header: "Header")
      section.headerHeight = height
      section.footerHeight = height
      section.addRow(Row(id: RowID(.double(height.isNaN ? 0 : height)), text: "Row"))
      model.addSection(section)
    }
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    shown.append(controller)
    let table = try #require(try Apps.top(controller).tableView)
    let delegate = try #require(table.delegate)
    let automatic = UITableView.automaticDimension
    #expect(delegate.tableView(table, heightForHeaderInSection: 0) == automatic)
    #expect(delegate.tableView(table, heightForFooterInSection: 1) == automatic)
    #expect(delegate.tableView(table, heightForHeaderInSection: 2) == 12)
  }

  @Test func value2AndDefaultCellsAreUIKitsOwnStyles() throws {
    let table = try table()
    let email = try Shown.cell("email", in: table)
    #expect(email.style == .value2 && email.contentConfiguration == nil)
    #expect(email.textLabel?.text == "email")
    #expect(email.detailTextLabel?.text == "ada@example.com")
    #expect(email.reuseIdentifier == "Trellis.value.value2")
    let plain = try Shown.cell("Default", in: table)
    let list = try #require(plain.contentConfiguration as? UIListContentConfiguration)
    #expect(list.layout == "cell" && list.secondaryText == nil)
    #expect(list.image?.name == "avatar_ada")
    #expect(Shown.detail(of: try Shown.cell("Value 1", in: table)) == "On the right")
  }

  @Test func controlsTakeTheThemesTintsAndRowsTheirSelectedBackground() throws {
    let table = try table()
    let toggle = try Shown.control(UISwitch.self, of: "Notify", in: table)
    #expect(rgba(toggle.onTintColor) == (try named("orangeColor")))
    let slider = try Shown.control(UISlider.self, of: "Volume", in: table)
    #expect(rgba(slider.minimumTrackTintColor) == (try named("purpleColor")))
    #expect(rgba(slider.maximumTrackTintColor) == (try named("lightGrayColor")))
    #expect(rgba(slider.thumbTintColor) == (try named("orangeColor")))
    let segments = try Shown.control(UISegmentedControl.self, of: "Size", in: table)
    #expect(rgba(segments.selectedSegmentTintColor) == [10.0 / 255, 132.0 / 255, 1, 1])
    let pressed = try Shown.cell("Value 1", in: table).selectedBackgroundView
    #expect(rgba(pressed?.backgroundColor) == (try named("yellowColor")))
    #expect(try Shown.cell("Styled from the theme", in: table).selectedBackgroundView == nil)
  }

  /// The theme's control layout (indentation 150, margin 20, titles at most 130 wide): the
  /// controls of rows under each other start at 150 points, or later after a long title, and
  /// span the rest of the row; a switch keeps its size at that start.
  @Test func controlsStartWhereTheThemesControlLayoutPlacesThem() throws {
    let table = try table()
    func laidOut(_ text: String) throws -> (cell: UITableViewCell, holder: UIView) {
      let cell = try Shown.cell(text, in: table)
      cell.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
      cell.layoutSubviews()
      return (cell, try #require(cell.accessoryView))
    }
    // 375 points wide, 16-point margins: the control's space runs from 150 to 359.
    let (_, volume) = try laidOut("Volume")
    #expect(volume.frame.minX == 150 && volume.frame.maxX == 359)
    let slider = try Shown.control(UISlider.self, of: "Volume", in: table)
    #expect(slider.frame == CGRect(x: 0, y: 0, width: 209, height: 34), "a slider spans it")
    let (_, notify) = try laidOut("Notify")
    #expect(notify.frame.minX == 150)
    let toggle = try Shown.control(UISwitch.self, of: "Notify", in: table)
    #expect(toggle.frame.minX == 0 && toggle.frame.width < 209, "a switch keeps its size")
    let (_, nickname) = try laidOut("Nickname")
    #expect(nickname.frame.minX == 150)
    let field = try Shown.control(UITextField.self, of: "Nickname", in: table)
    #expect(field.frame.width == 209 && field.textAlignment == .natural)
    // Tints still reach a control in its holder.
    #expect(rgba(toggle.onTintColor) == (try named("orangeColor")))
  }

  /// Past the indentation, a long title pushes its control along, but by no more than the
  /// largest title width: the control starts at 16 + 130 + 20 points.
  @Test func aLongTitleIsHeldToTheThemesLargestTitleWidth() throws {
    let theme = try Theme(
      parsing: "Wide { controlIndentation: 100; controlMargin: 20; maxTextLabelWidth: 130; }",
      file: "Wide.sct")
    let model = TableModel(title: "Wide")
    model.theme = theme
    let section = Section(id: "s")
    let values = DocumentObject(["a": "", "b": ""])
    for (id, text) in [("a", "Name"), ("b", "A title far longer than the column")] {
      var row = Row(
        id: RowID(.string(id)), kind: .textField, text: text,
        binding: RowBinding(values, keyPath: id))
      row.themeStyle = "Wide"
      section.addRow(row)
    }
    model.addSection(section)
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    shown.append(controller)
    let table = try #require(try Apps.top(controller).tableView)
    func start(_ text: String) throws -> CGFloat {
      let cell = try Shown.cell(text, in: table)
      cell.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
      cell.layoutSubviews()
      return try #require(cell.accessoryView).frame.minX
    }
    // "Name" is 4 × 8.5 = 34 points in the mirror's 17-point font: 16 + 34 + 20 < 100.
    #expect(try start("Name") == 100)
    #expect(try start("A title far longer than the column") == 166)
    // Without the theme's layout, the control keeps its own width at the trailing edge.
    model.theme = nil
    model.processChanges()
    #expect(try Shown.control(UITextField.self, of: "Name", in: table).frame.width == 180)
  }

  @Test func willDisplayMarksEachCellUIKitAsksForOnce() throws {
    let counter = DisplayCounter()
    let table = try table(counter)
    // The mirror asks for every cell as it loads (UIKit asks only for those in view): each
    // row was numbered once, as the adapter made its cell.
    #expect(counter.total == 1_000)
    let numbers = (0..<1_000).compactMap { row in
      table.cellForRow(at: IndexPath(row: row, section: 3)).flatMap(Shown.detail(of:))
    }
    #expect(Set(numbers).count == 1_000)
    #expect(numbers.allSatisfy { $0.hasPrefix("shown #") })
    #expect(counter.total == 1_000)
    #expect(table.violations.isEmpty)
  }
}
