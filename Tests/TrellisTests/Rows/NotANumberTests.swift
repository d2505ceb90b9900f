import Foundation
import Testing
import Trellis
import TrellisTesting

/// NaN is a value like any other: it equals itself, so a row that shows it is neither reloaded
/// forever nor left stale. (Found by the UI fuzzer: a NaN entered in a form made every later
/// update of the row look like a change, and the host's check of the batch failed.)
@Suite("Not a number")
struct NotANumberTests {
  @Test func nanValuesEqualThemselvesAndHashAlike() {
    let values: [Value] = [
      .double(.nan), .double(-.nan), .date(Date(timeIntervalSinceReferenceDate: .nan)),
      .array([1, .double(.nan)]), .dictionary(["ratio": .double(.nan)]),
    ]
    for value in values {
      #expect(value == value)
      #expect([value: 1][value] == 1)
    }
    #expect(Value.double(.nan) == .double(-.nan))
    #expect(Value.double(.nan).hashValue == Value.double(-.nan).hashValue)
    #expect(Value.double(.nan) != .double(0))
    #expect(Value.double(0) == .double(-0.0))
    #expect(Value.double(1) != .int(1))
  }

  @Test func aRowShowingNaNIsReloadedOnceAndStaysInStep() throws {
    let values = DocumentObject(["ratio": 0.5, "name": "Ada"])
    let model = TableModel()
    try model.generateSections(
      for: values, definition: DataDefinition.dictionary(keys: "ratio;name"))
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.enter(.double(.nan), at: "Ratio")
    #expect(app.row("Ratio")?.value == .double(.nan))
    let reloads = app.host.totals.itemReloads
    try app.enter("Bea", at: "Name")
    #expect(app.host.totals.itemReloads == reloads + 1, "only the name's row")
    try app.host.check()
    try app.host.table.verifyShows(model.freshSnapshot())
  }
}
