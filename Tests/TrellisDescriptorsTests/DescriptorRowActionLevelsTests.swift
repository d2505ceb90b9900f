import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Actions given at the table's and a section's level (`rowActions`) serve the rows that have
/// none of their own, the nearer level winning, as Sensible TableView's levels do.
@Suite("Descriptor row action levels")
struct DescriptorRowActionLevelsTests {
  static let text = """
    {"schemaVersion": 1, "title": "Levels",
     "rowActions": {"action": "tableTap", "accessoryAction": "tableInfo"},
     "sections": [
      {"rowActions": {"action": "sectionTap"}, "rows": [
        {"text": "Section's"},
        {"text": "Own", "action": "ownTap"},
        {"kind": "switch", "text": "Switch", "value": "on"}
      ]},
      {"rows": [{"text": "Table's", "accessory": "detailButton"}]}
     ]}
    """

  @Test func theNearestLevelWins() throws {
    let descriptor = try TableDescriptor(data: Data(Self.text.utf8), file: "L.json")
    let log = DescriptorActionLog()
    var library = DescriptorLibrary()
    for name in ["tableTap", "tableInfo", "sectionTap", "ownTap"] {
      library.actions[name] = { _ in log.append(name) }
    }
    let app = HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject(["on": true])))
    try app.tap("Section's")
    try app.tap("Own")
    try app.tap("Table's")
    #expect(log.names == ["sectionTap", "ownTap", "tableTap"])
    // A switch switches: it takes no default selection.
    #expect(app.row("Switch")?.kind == .switch)
    // Every row's accessory button takes the table's.
    for row in descriptor.sections.flatMap(\.rows) {
      guard case .named(let name, _)? = row.accessoryAction else {
        Issue.record("\(row.text.map { "\($0)" } ?? "a row") has no accessory action")
        continue
      }
      #expect(name == "tableInfo")
    }
  }

  @Test func aSourceSectionsRowActionsAreAnError() {
    let text = """
      {"schemaVersion": 1, "sections": [{"source": {"document": {"file": "x.json"}},
        "rowActions": {"action": "tap"}}]}
      """
    #expect(
      DescriptorTestSupport.problems(text).contains {
        $0.contains("'rowActions' gives actions to a section's rows")
      })
  }
}
