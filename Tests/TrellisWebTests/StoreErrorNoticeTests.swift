import Testing
import Trellis
import TrellisExamples
import TrellisTesting
import TrellisWeb

/// The web host shows a store's refusal the way it shows every notice: under the bar, with the
/// draft and its typed values still on the form.
@Suite("A refused store write on the web")
struct StoreErrorNoticeTests {
  @Test func theScreenShowsTheStoresErrorAndKeepsTheTypedValue() throws {
    let definition = try TasksApp.taskDefinition()
    let store = FailingStore(
      MemoryStore(objects: [TaskItem(name: "Write")], definition: definition))
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    try app.tap("Write")
    try app.enter("Write docs", at: "Name")
    store.failNextWrites(1, with: .failed("the disk is full"))
    #expect(throws: ScreenError.store(.failed("the disk is full"))) { try app.send(.done) }
    let renderer = HTMLRenderer()
    let snapshot = app.top.snapshot()
    let bar = renderer.bar(snapshot)
    #expect(bar.contains("class=\"notice\""))
    #expect(bar.contains("the disk is full"))
    #expect(renderer.screen(snapshot).contains("Write docs"))
  }
}
