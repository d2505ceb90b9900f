import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// A closed window leaves nothing behind: its screen, model and sections are released with
/// its navigator, whatever the list does (groups, an index, a search), so that a server
/// whose people open and close windows all day keeps its memory flat.
@Suite("Released with their screens")
struct ScreenReleaseTests {
  @Test func aGroupedSearchableListIsReleasedWithItsNavigator() async throws {
    let definition = try ContactsApp.definition()
    let store = MemoryStore(objects: ContactsApp.people(30), definition: definition)
    weak var model: ArrayOfObjectsModel?
    weak var screen: Screen?
    do {
      let list = try ContactsApp.model(store: store)
      let navigator = Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
      let app = HeadlessApp(navigator: navigator)
      try await app.settle()
      #expect(app.texts.first?.isEmpty == false)
      model = list
      screen = navigator.stack.first
    }
    #expect(model == nil, "the model outlives its window")
    #expect(screen == nil, "the screen outlives its window")
  }
}
