import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// The Hooks demo shows actions set at every level, each overridden by the level below it: the
/// screen's `didSelect` by the chores section's, the chore definition's `valueChanged` by its
/// name property's.
@Suite("Action levels in the Hooks demo")
struct ActionLevelsTests {
  static func hooks() throws -> HeadlessApp {
    let (navigator, _) = try ActionsApp.navigator()
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Hooks of Swift code")
    #expect(app.top.title == "Hooks")
    return app
  }

  /// The log's entries, newest first.
  static func log(_ app: HeadlessApp) -> [String] {
    let sections = app.top.snapshot().table.sections
    return sections.first { $0.model.id == "log" }?.items.compactMap { $0.text } ?? []
  }

  @Test func aSectionsHookOverridesTheScreensAndTheScreensServesTheOtherRows() throws {
    let app = try Self.hooks()
    try app.tap("• Shop")
    try app.send(.cancel)
    #expect(Self.log(app).contains("didSelect: row 3"))
    #expect(!Self.log(app).contains { $0.contains("the screen's hook") })
    let logged = try #require(Self.log(app).first)
    try app.tap(logged)
    #expect(Self.log(app).first == "didSelect, the screen's hook: row 1 of the log")
  }

  @Test func aPropertysHookOverridesTheDefinitionsAndTheDefinitionsServesTheOthers() throws {
    let app = try Self.hooks()
    try app.tap("• Cook")
    try app.enter(true, at: "Is Done")
    try app.enter("Bake", at: "Name")
    try app.send(.done)
    let log = Self.log(app)
    #expect(log.contains("valueChanged, the chore's hook: isDone Yes"))
    #expect(log.contains("valueChanged: Bake"))
    #expect(!log.contains { $0.hasPrefix("valueChanged, the chore's hook: name") })
  }
}
