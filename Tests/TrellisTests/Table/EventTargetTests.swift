import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// An event on a form's row acts on the row as the last render made it, which hosts show,
/// and makes no row again.
@Suite("The row an event acts on")
struct EventTargetTests {
  /// The Tasks app with the form of "Read" open.
  static func form() throws -> HeadlessApp {
    let (navigator, _) = try TasksApp.navigator(
      tasks: ["Write", "Read"].map { TaskItem(name: $0) })
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Read")
    return app
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
    let app = try Self.form()
    let form = app.top.model
    form.rowActions.willConfigure = { row, _ in
      if row.propertyName == "category" { row.isEnabled = false }
    }
    for section in form.sections { section.setNeedsRefresh() }
    app.navigator.processChanges()
    #expect(app.row("Category")?.isEnabled == false, "shown disabled")
    #expect(throws: ScreenError.self) { try app.tap("Category") }
    #expect(app.top.model === form, "the tap opened nothing")
  }

  @Test func aListRowItsConfiguringActionDisablesRefusesATap() throws {
    let (navigator, _) = try TasksApp.navigator(
      tasks: ["Write", "Read"].map { TaskItem(name: $0) })
    let app = HeadlessApp(navigator: navigator)
    let list = app.top.model
    list.rowActions.willConfigure = { row, _ in
      if row.text == "Read" { row.isEnabled = false }
    }
    for section in list.sections { section.setNeedsRefresh() }
    app.navigator.processChanges()
    #expect(app.row("Read")?.isEnabled == false, "shown disabled")
    #expect(throws: ScreenError.self) { try app.tap("Read") }
    #expect(app.top.model === list, "the tap opened nothing")
    try app.tap("Write")
    #expect(app.top.model !== list, "an enabled row opens its item")
  }
}
