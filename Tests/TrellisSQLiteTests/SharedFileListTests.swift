import Foundation
import GRDB
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting

/// Two stores on one file, as two processes open it: a list of one store is behind the file
/// until the store looks again, and a test host's fresh render, which reads the file, is
/// ahead of it for that moment.
@Suite("Lists of two SQLite stores on one file")
struct SharedFileListTests {
  /// A list of the second store shows its own insert at once; a fresh read of the file also
  /// holds the first store's row, which the second store reports when it looks. That is no
  /// violation, as long as the list catches up.
  @Test func anotherStoresRowReachesTheListWithoutAViolation() async throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shared.sqlite").path
    var entity = try SQLiteTestSupport.rankedEntity()
    entity.definition.titlePropertyNames = ["name"]
    let first = try SQLiteTestSupport.store([("Ada", 1)], entity: entity, path: path)
    let second = try SQLiteStore(path: path, entity: entity, watchInterval: nil)
    let model = TableModel(title: "Ranked")
    model.addSection(ArrayOfObjectsSection(store: second, definition: entity.definition))
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    #expect(app.texts == [["Ada"]])

    let grace = Ranked()
    grace.name = "Grace"
    try first.insert(.object(ObjectReference(grace)), at: nil)
    let hopper = Ranked()
    hopper.name = "Hopper"
    try second.insert(.object(ObjectReference(hopper)), at: 0)
    app.navigator.processChanges()
    #expect(app.texts == [["Hopper", "Ada"]], "the second store's own insert, at once")
    #expect(second.checkForExternalChanges())
    try await app.settle(
      until: { app.texts == [["Hopper", "Ada", "Grace"]] }, timeout: .seconds(5))
    #expect(app.host.violations.isEmpty)
  }
}
