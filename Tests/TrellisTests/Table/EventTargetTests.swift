import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// An event acts on the row as the last render made it, which hosts show: a form's row is not
/// made again, and a row a configuring action changed acts as it is shown.
@Suite("The row an event acts on")
struct EventTargetTests {
  /// The Tasks app's list of "Write" and "Read".
  static func list() throws -> HeadlessApp {
    let (navigator, _) = try TasksApp.navigator(
      tasks: ["Write", "Read"].map { TaskItem(name: $0) })
    return HeadlessApp(navigator: navigator)
  }

  /// The Tasks app with the form of "Read" open.
  static func form() throws -> HeadlessApp {
    let app = try list()
    try app.tap("Read")
    return app
  }

  /// Disables the row titled `text` on the top screen with a `willConfigure` action, and
  /// checks that it is shown disabled and that a tap on it is refused and opens nothing.
  static func expectDisabledRowRefusesATap(_ text: String, in app: HeadlessApp) {
    let model = app.top.model
    model.rowActions.willConfigure = { row, _ in
      if row.text == text { row.isEnabled = false }
    }
    for section in model.sections { section.setNeedsRefresh() }
    app.navigator.processChanges()
    #expect(app.row(text)?.isEnabled == false, "shown disabled")
    #expect(throws: ScreenError.self) { try app.tap(text) }
    #expect(app.top.model === model, "the tap opened nothing")
  }

  @Test func aTapOnAFormsRowMakesNoRow() throws {
    let app = try Self.form()
    let form = app.top.model
    let builds = form.statistics.rowBuilds
    try app.tap("Category")
    #expect(app.top.title == "Category", "the tap opened the choice")
    #expect(form.statistics.rowBuilds == builds)
  }

  @Test func aRowItsConfiguringActionDisablesRefusesATap() throws {
    Self.expectDisabledRowRefusesATap("Category", in: try Self.form())
  }

  @Test func aListRowItsConfiguringActionDisablesRefusesATap() throws {
    let app = try Self.list()
    let list = app.top.model
    Self.expectDisabledRowRefusesATap("Read", in: app)
    try app.tap("Write")
    #expect(app.top.model !== list, "an enabled row opens its item")
  }
}
