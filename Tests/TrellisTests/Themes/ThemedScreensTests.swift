import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// One theme styles a whole app: rows by position and by their actions, and every screen
/// pushed from a themed one.
@Suite("Themed screens")
struct ThemedScreensTests {
  func styles(_ app: HeadlessApp) -> [String?] {
    app.top.snapshot().table.sections[0].items.map { $0.style?.appliedStyles.last }
  }

  @Test func weekDaysAlternateAndTheSecondRowIsRed() throws {
    let (navigator, _) = try ThemeExample.navigator()
    let app = HeadlessApp(navigator: navigator)
    navigator.processChanges()
    #expect(
      styles(app) == [
        "CyanCell", "RedCell", "CyanCell", "OrangeCell", "CyanCell", "OrangeCell", "CyanCell",
      ])
  }

  @Test func willStyleGetsTheRowsIndexPath() throws {
    let (navigator, _) = try ThemeExample.navigator()
    let seen = PathRecorder()
    let section = try #require(navigator.top.model.sections.first)
    section.rowActions.willStyle = { context in
      seen.paths.append(context.indexPath)
      return nil
    }
    let app = HeadlessApp(navigator: navigator)
    #expect(app.texts[0].count == 7)
    #expect(seen.paths == (0..<7).map { ItemPath(item: $0, section: 0) })
  }

  @Test func stylesFollowTheRowsWhenTheListChanges() throws {
    let (navigator, store) = try ThemeExample.navigator()
    let app = HeadlessApp(navigator: navigator)
    navigator.processChanges()
    // Monday goes: Tuesday is first (odd, cyan) and Wednesday second (red).
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(try store.count(FetchOptions()) == 6)
    #expect(app.texts[0] == ["Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    #expect(
      styles(app) == ["CyanCell", "RedCell", "CyanCell", "OrangeCell", "CyanCell", "OrangeCell"])
    #expect(app.top.model.snapshot == app.top.model.freshSnapshot())
    // A day added through the store lands in the list with the styles shifted again.
    try store.insert(.object(ObjectReference(WeekDay(name: "Mon"))), at: 0)
    navigator.processChanges()
    #expect(app.texts[0].first == "Mon")
    #expect(styles(app)[1] == "RedCell")
    #expect(app.top.model.snapshot == app.top.model.freshSnapshot())
  }

  @Test func pushedScreensTakeTheThemeOfTheScreenBelow() throws {
    let (navigator, _) = try ThemeExample.navigator()
    let app = HeadlessApp(navigator: navigator)
    navigator.processChanges()
    try app.send(.select(app.rowID(at: ItemPath(item: 2, section: 0))))
    #expect(app.top !== navigator.stack[0])
    #expect(app.top.model.theme == navigator.stack[0].model.theme)
    let detail = app.top.snapshot()
    #expect(detail.tableStyle?.cssBackground == "green")
    #expect(detail.table.sections.first?.items.first?.style?.appliedStyles.last == "CyanCell")
  }
}

/// The index paths a row action saw (rows render on the test's thread).
private final class PathRecorder: @unchecked Sendable {
  var paths: [ItemPath?] = []
}

extension ResolvedStyle {
  /// The background colour's name among the theme example's, for readable expectations.
  fileprivate var cssBackground: String? {
    guard let color = color("backgroundColor") else { return nil }
    return color == ThemeColor(red: 0, green: 1, blue: 0) ? "green" : "other"
  }
}
