import Testing
import TrellisExamples
import TrellisTesting

@testable import Trellis

@Suite("A list inside a form fetches as its options ask")
struct DraftListFetchTests {
  static func task() -> TaskItem {
    let task = TaskItem(name: "Move house")
    task.taskSteps = ["Pack boxes", "Hire van", "Clean up"].map { TaskStep(name: $0) }
    return task
  }

  @Test func aSortedListInsideAFormShowsItsRowsSorted() throws {
    let (navigator, _) = try TasksApp.navigator(tasks: [Self.task()])
    let app = HeadlessApp(navigator: navigator)
    try app.tap("Move house")
    try app.tap("Steps")
    #expect(app.texts == [["Pack boxes", "Hire van", "Clean up"]])
    let steps = try #require(app.top.model.sections.first as? ArrayOfObjectsSection)
    steps.fetchOptions.sort = [SortKey("name")]
    try app.host.check()
    #expect(app.texts == [["Clean up", "Hire van", "Pack boxes"]])
  }

  @Test func aListInsideAFormFetchesItsWindowAndCountsEveryItem() throws {
    let task = Self.task()
    let draft = try #require(Draft(for: task, definition: try TasksApp.taskDefinition()))
    let store = DraftArrayStore(
      draft: draft, name: "taskSteps", definition: try TasksApp.stepDefinition())
    let options = FetchOptions(sort: [SortKey("name", ascending: false)], batchSize: 1, offset: 1)
    let names = try store.fetch(options).compactMap { ($0.objectValue as? TaskStep)?.name }
    #expect(names == ["Hire van"])
    #expect(try store.count(options) == 3)
  }
}
