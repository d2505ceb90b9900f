import Testing
import TrellisTesting

@testable import Trellis

/// A list's background update that the store refuses: the item gets its old values back, its
/// row shows them, and the notice says why, all in the same change the host is told of.
@Suite("Refused updates of a list over an async store", .timeLimit(.minutes(1)))
struct RefusedUpdateTests {
  /// An async store that gives the object its new values when the update starts, as a store
  /// of shared objects does, over a wrapper that can refuse.
  final class OptimisticStore: ForwardingAsyncStore {
    let inner: AsyncStoreWrapper

    init(_ inner: AsyncStoreWrapper) { self.inner = inner }

    func prepareUpdate(_ item: Value, values: [String: Value]) throws(StoreError)
      -> PreparedStoreWrite
    {
      guard let object = item.objectValue,
        let kvc = itemsDefinition?.keyValueCoding(for: object)
      else { throw .invalidItem("not an object") }
      let undo: ValuesUndo
      do { undo = try kvc.setValues(values) } catch { throw .invalidItem(error.description) }
      let inner = inner
      return PreparedStoreWrite(undo: undo) { () async throws(StoreError) in
        try await inner.update(item, values: values)
      }
    }
  }

  /// A plain class: nothing but the list's changes tells a host that its values changed.
  final class Note {
    var name = ""
    init(_ name: String) { self.name = name }
  }

  @Test func theOldValueAndTheNoticeArriveTogether() async throws {
    var definition = try DataDefinition(
      for: Note.self, properties: [.init("name", \Note.name)], make: { Note("") })
    definition.titlePropertyNames = ["name"]
    let memory = MemoryStore(objects: [Note("Task 1"), Note("Task 2")], definition: definition)
    let service = AsyncStoreWrapper(memory, latency: .milliseconds(2))
    let section = ArrayOfObjectsSection(store: OptimisticStore(service), definition: definition)
    let model = TableModel(title: "Notes")
    model.addSection(section)
    let host = HeadlessHost(model: model)
    let cache = try #require(section.asyncCache)
    #expect(await host.settle(until: { host.texts == [["Task 1", "Task 2"]] }))

    service.failNext(.update, with: .refusedValue(property: "name", message: "Name is taken"))
    let first = try #require(section.currentItems.first)
    try section.store.update(first, values: ["name": .string("Task 2")])
    #expect(definition.title(of: first) == "Task 2", "the item takes the value at once")
    // A host shows the new value before the store answers (a detail screen's Done renders the
    // row it edited).
    model.invalidation.invalidateSection(ObjectIdentifier(section))
    model.processChanges()
    #expect(host.texts.first?.first == "Task 2")
    // The refusal is queued, and the model woken; the host has not been told yet.
    let wakes = WakeSignal()
    model.setWakeHandler { wakes.wake() }
    #expect(await wakes.until { cache.state.withLock { !$0.refusedUndos.isEmpty } })
    model.setWakeHandler(nil)
    model.processChanges()
    #expect(definition.title(of: first) == "Task 1", "the refused value stayed")
    let rows = host.texts.flatMap { $0 }
    #expect(rows.first == "Task 1")
    #expect(rows.contains { $0.hasPrefix("Could not save “Task 1”: Name is taken") }, "\(rows)")
    try host.check()
  }
}
