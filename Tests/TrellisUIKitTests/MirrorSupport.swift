import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSettings
import TrellisUIKitOnMirror
import UIKitMirror

/// Reading what the mirror's table shows, for the tests.
@MainActor
enum Shown {
  /// The main text of every row, section by section.
  static func texts(_ table: UITableView) -> [[String]] {
    table.shown.visible.map { section in section.items.map { text(of: $0.cell) } }
  }

  /// The main text of `cell`: its list content's, or its style's label's (a value2 cell).
  static func text(of cell: UITableViewCell) -> String {
    (cell.contentConfiguration as? UIListContentConfiguration)?.text ?? cell.textLabel?.text ?? ""
  }

  /// The secondary text of `cell`: its list content's, or its style's detail label's.
  static func detail(of cell: UITableViewCell) -> String? {
    guard let list = cell.contentConfiguration as? UIListContentConfiguration else {
      return cell.detailTextLabel?.text
    }
    return list.secondaryText
  }

  /// The index path of the first row showing `text`.
  static func path(of text: String, in table: UITableView) throws -> IndexPath {
    for (s, section) in table.shown.visible.enumerated() {
      if let r = section.items.firstIndex(where: { Self.text(of: $0.cell) == text }) {
        return IndexPath(row: r, section: s)
      }
    }
    throw ScreenError.notApplicable("no row shows “\(text)”: \(texts(table))")
  }

  /// The cell of the first row showing `text`.
  static func cell(_ text: String, in table: UITableView) throws -> UITableViewCell {
    let path = try path(of: text, in: table)
    return try #require(table.cellForRow(at: path))
  }

  /// The control in the accessory of the row showing `text`.
  static func control<Control: UIView>(
    _ type: Control.Type, of text: String, in table: UITableView
  ) throws -> Control {
    let cell = try cell(text, in: table)
    // A control that fills the row is in the content view instead of the accessory.
    let accessory = cell.accessoryView ?? cell.contentView
    if let control = accessory as? Control { return control }
    return try #require(accessory.subviews.compactMap { $0 as? Control }.first)
  }
}

/// The demo apps and their stores, made for one test.
@MainActor
enum Apps {
  /// A settings screen over a fresh user-defaults suite.
  static func settings() throws -> (Navigator, UserDefaultsObject) {
    let store = try UserDefaultsStore(suiteName: suite())
    let settings = SettingsApp.settings(in: store)
    return (Navigator(root: try SettingsApp.screen(for: settings)), settings)
  }

  /// A navigator over one section, "Rows", holding `rows`.
  static func navigator(_ rows: [Row]) -> Navigator {
    let model = TableModel(title: "Rows")
    let section = Section(id: "rows", header: "Rows")
    for row in rows { section.addRow(row) }
    model.addSection(section)
    return Navigator(root: Screen(model: model))
  }

  /// A suite name no other test uses.
  static func suite() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-uikit-\(UUID().uuidString)").path
  }

  /// The tasks app with `names` as its tasks.
  static func tasks(_ names: [String]) throws -> (Navigator, MemoryStore) {
    try TasksApp.navigator(tasks: names.map { TaskItem(name: $0) })
  }

  /// The table view controller shown on top of `controller`'s stack `index`.
  static func top(_ controller: TrellisViewController, stack index: Int = 0) throws
    -> ScreenViewController
  {
    try #require(controller.stacks[index].topViewController as? ScreenViewController)
  }

  /// A loaded controller for `navigator`, its deferred work run at once.
  static func show(_ navigator: Navigator) -> TrellisViewController {
    let controller = TrellisViewController(navigator: navigator)
    _ = controller.view
    return controller
  }
}
