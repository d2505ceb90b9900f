import Testing
import TrellisSQLite
import TrellisTesting
import TrellisValues

@testable import Trellis

/// A class of its own: the object counts of ``ObjectFaultTests`` are not disturbed.
private final class Listed {
  var name = ""
  var rank = 0
}

/// A list over a store that reports every change makes its items' snapshots without making
/// their rows; each such snapshot is the one its row makes.
@Suite("Item rows made as snapshots")
struct ItemRowSnapshotTests {
  static func entity() throws -> SQLiteEntity {
    SQLiteEntity(
      table: "counted",
      definition: try DataDefinition(
        for: Listed.self,
        properties: [.init("name", \Listed.name), .init("rank", \Listed.rank)],
        make: { Listed() }),
      columns: [.text("name"), .integer("rank")], ordered: true)
  }

  /// A store of five rows: the second with an empty name, the fourth with a rank its class
  /// cannot hold.
  static func store() throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory(entity: try Self.entity())
    try store.database.write { db in
      for position in 0..<5 {
        try db.execute(
          sql: "INSERT INTO counted (name, rank, position) VALUES (?, ?, ?)",
          arguments: [
            position == 1 ? "" : "Item \(position)", position, position,
          ])
      }
      try db.execute(sql: "UPDATE counted SET rank = 'many' WHERE position = 3")
    }
    return store
  }

  /// Renders a list over `store`, set up by `configure`, and checks each item's snapshot
  /// against the snapshot of the row the section makes for it.
  static func expectSnapshotsAreTheRows(
    _ store: SQLiteStore, select: Int? = nil, _ configure: (ArrayOfObjectsSection) -> Void
  ) throws {
    var definition = try Self.entity().definition
    definition.descriptionPropertyNames = ["rank"]
    let section = ArrayOfObjectsSection(id: "items", store: store, definition: definition)
    configure(section)
    let model = TableModel(title: "Items")
    model.allowsMultipleSelection = select != nil
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    if let select {
      try app.send(.select(try #require(model.rowID(at: ItemPath(item: select, section: 0)))))
    }
    model.processChanges()
    let shown = model.snapshot.sections[0].items
    let ids = section.elementIDs()
    #expect(section.items.count == 5)
    for index in section.items.indices {
      var row = section.makeRow(at: index)
      row.id = ids[index]
      var expected = RowSnapshot(row)
      expected.isSelected = index == select
      #expect(shown[index].rendered == expected, "row \(index)")
    }
    #expect(shown[3].validationMessage != nil, "the row its object cannot hold says why")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aListsRowsAreThoseItsSectionMakes() throws {
    try Self.expectSnapshotsAreTheRows(try Self.store()) { _ in }
  }

  @Test func rowsThatCannotBeDeletedOrMovedAreThoseItsSectionMakes() throws {
    try Self.expectSnapshotsAreTheRows(try Self.store()) { section in
      section.allowsDeleting = false
      section.allowsMoving = false
      section.actions.reuseIdentifierForRow = { index, _ in
        index.isMultiple(of: 2) ? "even" : nil
      }
    }
  }

  @Test func rowsThatSetTheSameAttributesHoldOneCopy() throws {
    var definition = try Self.entity().definition
    definition.descriptionPropertyNames = ["rank"]
    let section = ArrayOfObjectsSection(
      id: "items", store: try Self.store(), definition: definition)
    section.actions.reuseIdentifierForRow = { index, _ in index.isMultiple(of: 2) ? "even" : nil }
    let model = TableModel(title: "Items")
    model.addSection(section)
    let rows = model.processChanges().target.sections[0].items.map(\.rendered)
    let held = rows.map { $0.storage?.contents.sharedAttributes }
    // Rows with a detail set their cell style, and the even ones a reuse identifier too: one
    // copy for the even rows, one for the odd.
    let even = try #require(held[0])
    let odd = try #require(held[1])
    #expect(held[2] === even && held[4] === even && held[3] === odd)
    #expect(even.value.reuseIdentifier == "even" && odd.value.reuseIdentifier == nil)
    #expect(odd.value.cellStyle == .subtitle)

    // Rows made straight as snapshots (no action sets a reuse identifier) share theirs too.
    let plain = ArrayOfObjectsSection(id: "plain", store: try Self.store(), definition: definition)
    let other = TableModel(title: "Plain")
    other.addSection(plain)
    #expect(plain.rowsFollowStore)
    let plainHeld = other.processChanges().target.sections[0].items.map {
      $0.rendered.storage?.contents.sharedAttributes
    }
    let first = try #require(plainHeld[0])
    #expect(plainHeld.allSatisfy { $0 === first })
  }

  @Test func aRowThatSetsNoAttributesHoldsNone() {
    let row = RowSnapshot(Row(id: RowID("plain"), kind: .plain, text: "Plain"))
    #expect(row.storage?.contents.sharedAttributes == nil)
    #expect(row.attributes == RowAttributes())
    var changed = row
    changed.attributes.placeholder = "Name"
    #expect(changed.attributes.placeholder == "Name" && row.attributes.placeholder == nil)
    #expect(changed != row)
  }

  @Test func aChoicesRowsAreThoseItsSectionMakes() throws {
    let store = try Self.store()
    let chosen = try store.fetch(FetchOptions())[2]
    try Self.expectSnapshotsAreTheRows(store) { section in
      section.choice = ItemChoice(
        allowsMultiple: true, allowsNone: true, read: { .array([chosen]) }, write: { _ in nil })
    }
  }

  @Test func aSelectedRowIsThatRowSelected() throws {
    try Self.expectSnapshotsAreTheRows(try Self.store(), select: 2) { section in
      section.allowsDeleting = false
    }
  }
}
