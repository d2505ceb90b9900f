import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// The Profile example's Done: every field that keeps it from saving is marked at once.
@Suite("Profile's Done")
struct ProfileDoneTests {
  @Test func doneMarksEveryFieldThatKeepsItFromSaving() throws {
    let store = try ProfileApp.store()
    let app = HeadlessApp(navigator: Navigator(root: try ProfileApp.screen(store: store)))
    try app.enter("not-an-email", at: "Email")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.row("Email")?.validationMessage != nil)
    #expect(app.row("Name")?.validationMessage != nil, "\(String(describing: app.row("Name")))")
    #expect(try store.count(FetchOptions()) == 0)
  }
}
