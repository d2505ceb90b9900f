import Testing
import TrellisTesting

@testable import Trellis

/// A chore that is not observed: only its store's change events can update the list.
private final class Chore: PropertyTableProviding, @unchecked Sendable {
  var name: String
  init(name: String = "") { self.name = name }

  static let propertyTable = PropertyTable<Chore>([.init("name", \.name)])
}

/// The rows a model's `didFetchItems` action adds follow the items the list shows: when the
/// store inserts, deletes or moves an item, the action runs again on the new items.
@Suite("Rows added by didFetchItems")
struct FetchedItemsActionTests {
  private func list(_ names: [String]) throws -> (MemoryStore, HeadlessHost, TableModel) {
    let definition = try DataDefinition(for: Chore.self, names: "name", make: { Chore() })
    let store = MemoryStore(objects: names.map { Chore(name: $0) }, definition: definition)
    let model = TableModel()
    model.modelActions.didFetchItems = { fetched in
      var row = Row(id: RowID(.string("count")), kind: .plain)
      let first = (fetched.items.first?.objectValue as? Chore)?.name ?? "none"
      row.text = "\(fetched.items.count) chores, first \(first)"
      fetched.appendedRows.append(row)
    }
    model.addSection(ArrayOfObjectsSection(id: "chores", store: store, definition: definition))
    return (store, HeadlessHost(model: model), model)
  }

  @Test func theAddedRowFollowsInsertsDeletesAndMoves() throws {
    let (store, host, model) = try list(["Sweep", "Dust"])
    #expect(host.texts == [["Sweep", "Dust", "2 chores, first Sweep"]])

    try store.insert(.object(ObjectReference(Chore(name: "Shop"))), at: nil)
    model.processChanges()
    #expect(host.texts == [["Sweep", "Dust", "Shop", "3 chores, first Sweep"]])

    try store.delete(at: 0)
    model.processChanges()
    #expect(host.texts == [["Dust", "Shop", "2 chores, first Dust"]])

    try store.move(from: 1, to: 0)
    model.processChanges()
    #expect(host.texts == [["Shop", "Dust", "2 chores, first Shop"]])
    #expect(model.snapshot == model.freshSnapshot())
    try host.check()
  }
}
