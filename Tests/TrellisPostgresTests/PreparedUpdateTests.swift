import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// An update starts on the domain that shows the object: the object takes its values there,
/// the transaction runs in the background and changes no object, and a refusal gives the
/// values back on the domain.
@Suite("Updates started on the domain", .serialized, .timeLimit(.minutes(2)))
struct PreparedUpdateTests {
  @Test func theObjectChangesWhereTheWriteStartsAndARefusalIsUndoneThere() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "prepared", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let ann = try #require(try await store.fetchPage(FetchOptions(), from: nil).items.first)
    let kvc = try #require(
      ann.objectValue.flatMap { store.itemsDefinition?.keyValueCoding(for: $0) })

    // Accepted: the values are on the object once the write starts, before any round trip.
    let accepted = try store.prepareUpdate(ann, values: ["name": .string("Anna")])
    #expect(try kvc.value(forKey: "name") == .string("Anna"))
    let accept = accepted.run
    try await Task.detached { try await accept() }.value
    #expect(try kvc.value(forKey: "name") == .string("Anna"))

    // Refused (Bob has the name): the transaction leaves the object alone; the undo, run
    // where the write started, puts the value back.
    let refused = try store.prepareUpdate(ann, values: ["name": .string("Bob")])
    #expect(try kvc.value(forKey: "name") == .string("Bob"))
    let run = refused.run
    let failure = await Task.detached { () -> String? in
      do throws(StoreError) { try await run() } catch { return error.description }
      return nil
    }.value
    #expect(failure != nil, "the unique name was not enforced")
    #expect(try kvc.value(forKey: "name") == .string("Bob"), "the writing task changed the object")
    refused.undo.run()
    #expect(try kvc.value(forKey: "name") == .string("Anna"))
    let stored = try await store.fetchPage(FetchOptions(), from: nil).items
    store.applyArrivedValues()
    #expect(stored.map { store.itemsDefinition?.title(of: $0) } == ["Anna", "Bob"])
  }

  /// A list's background update that the server refuses: the notice says why, and the item
  /// gets its value back when the list takes what arrived, on its domain.
  @Test func aListsRefusedUpdateIsUndoneWhenTheListTakesWhatArrived() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let store = try await PostgresTestSupport.store(
      url, "preparedlist", records: [("Ann", 1), ("Bob", 2)])
    defer { store.shutdown() }
    let model = TableModel(title: "People")
    let section = ArrayOfObjectsSection(
      store: store, definition: try #require(store.itemsDefinition))
    model.addSection(section)
    let host = HeadlessHost(model: model)
    #expect(await host.settle(until: { host.texts == [["Ann", "Bob"]] }, within: .seconds(20)))
    let ann = try #require(section.currentItems.first)
    let kvc = try #require(
      ann.objectValue.flatMap { store.itemsDefinition?.keyValueCoding(for: $0) })

    try section.store.update(ann, values: ["name": .string("Bob")])
    #expect(try kvc.value(forKey: "name") == .string("Bob"), "the value is on the item at once")
    let undone = await host.settle(
      until: { (try? kvc.value(forKey: "name")) == .string("Ann") }, within: .seconds(20))
    #expect(undone, "the refused value stayed")
    model.processChanges()
    #expect(host.texts.first?.first == "Ann")
    let rows = host.texts.flatMap { $0 }
    #expect(rows.contains { $0.hasPrefix("Could not save “Ann”") }, "rows: \(rows)")
    try host.check()
  }
}
