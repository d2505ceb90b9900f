import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

/// What SQLite would not give back is refused, not stored changed: text with a NUL character
/// (SQLite keeps the text before it), a NaN number, a date that is no time. (Found by the UI
/// fuzzer: a task named "nul\0inside" showed so until the list was fetched again, then as
/// "nul".)
@Suite("Values SQLite does not keep")
struct UnkeptValuesTests {
  @Test func doneIsRefusedAndTheTaskKeepsItsName() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    try store.insertAll([.object(ObjectReference(TaskItem(name: "Write")))])
    let app = HeadlessApp(navigator: try TasksApp.navigator(store: store))
    try app.tap("Write")
    try app.enter("nul\u{0}inside", at: "Name")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.navigator.stack.count == 2, "the form stays, with its notice")
    #expect(app.top.notice?.contains("NUL") == true)
    try app.send(.cancel)
    try app.send(.refresh)
    #expect(app.texts == [["Write"]])
    let task = try #require(store.fetch(FetchOptions()).first?.objectValue as? TaskItem)
    #expect(task.name == "Write")
    try app.host.check()
  }

  @Test func aDateThatIsNoTimeIsRefused() throws {
    let store = try TasksApp.sqliteStore(path: nil)
    let task = TaskItem(name: "Write")
    try store.insertAll([.object(ObjectReference(task))])
    let item = Value.object(ObjectReference(task))
    for date in [Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: .infinity)] {
      #expect(throws: StoreError.self) { try store.update(item, values: ["dueDate": .date(date)]) }
      #expect(task.dueDate == nil, "the object is as it was")
    }
    #expect(throws: StoreError.self) {
      try store.insert(.object(ObjectReference(TaskItem(name: "a\u{0}b"))), at: nil)
    }
    #expect(try store.count(FetchOptions()) == 1)
  }
}
