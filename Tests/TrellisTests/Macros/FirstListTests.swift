import Observation
import Testing
import TrellisMacros
import TrellisTesting

/// The README's first list, from a class of the app's own: the same code, shown headless.
@Suite("The README's first list")
struct FirstListTests {
  @Observable @TableBound final class Note {
    var title = ""
    var done = false
  }

  @Test func aListOfAnAppsOwnClassAddsAndEditsThroughItsGeneratedForm() throws {
    let definition = try DataDefinition(for: Note.self, make: { Note() })
    let shared = (MemoryStore(objects: [Note()], definition: definition), definition)
    let model = TableModel(title: "Notes")
    model.addSection(ArrayOfObjectsSection(store: shared.0, definition: shared.1))
    let app = HeadlessApp(
      navigator: Navigator(root: Screen(model: model, navigationBar: .addLeftEditRight)))
    #expect(app.host.rows(inSection: 0).count == 1)

    try app.send(.add(section: nil))
    try app.enter("Buy milk", at: "Title")
    try app.enter(.bool(true), at: "Done")
    try app.send(.done)
    #expect(app.host.rows(inSection: 0).count == 2)
    #expect(app.row("Buy milk") != nil)
    #expect(try shared.0.fetch(FetchOptions()).count == 2)
    #expect(app.host.violations.isEmpty)
  }
}
