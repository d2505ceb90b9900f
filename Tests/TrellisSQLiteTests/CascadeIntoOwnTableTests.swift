import GRDB
import Testing
import Trellis
import TrellisSQLite

/// A node of an ordered table whose to-one points at another node of the same table.
final class TreeNode: PropertyTableProviding, ValueConvertible {
  var name = ""
  var parent: TreeNode?

  init() {}

  init(_ name: String, parent: TreeNode? = nil) {
    self.name = name
    self.parent = parent
  }

  static let propertyTable = PropertyTable<TreeNode>([
    .init("name", \TreeNode.name), .init("parent", \TreeNode.parent),
  ])
}

/// A delete whose cascade comes back into the deleted row's own ordered table: the order is
/// whole afterwards, whichever rows the cascade took.
@Suite("A cascade into the same table")
struct CascadeIntoOwnTableTests {
  static func entity() throws -> SQLiteEntity {
    let definition = try DataDefinition(for: TreeNode.self, make: { TreeNode() })
    let target = try SQLiteEntity(table: "node", definition: definition, transient: ["parent"])
    return try SQLiteEntity(
      table: "node", definition: definition,
      relationships: [.toOne("parent", to: target, inverse: "children", deleteRule: .cascade)],
      ordered: true)
  }

  @Test func theOrderIsWholeAfterACascadeTookARowBeforeTheDeletedOne() throws {
    let store = try SQLiteStore.inMemory(entity: try Self.entity())
    let a = TreeNode("A")
    // B, before A, points at A: deleting A deletes B by the cascade.
    for node in [TreeNode("C"), a, TreeNode("X")] {
      try store.insert(.object(ObjectReference(node)), at: nil)
    }
    try store.insert(.object(ObjectReference(TreeNode("B", parent: a))), at: 0)
    try store.delete(.object(ObjectReference(a)))
    let rows = try store.database.read { db in
      try Row.fetchAll(db, sql: "SELECT name, position FROM node ORDER BY position")
    }
    #expect(rows.map { $0["name"] as String } == ["C", "X"])
    #expect(rows.map { $0["position"] as Int } == [0, 1])
    // A move finds every place.
    try store.move(at: 1, to: 0)
    let names = try store.fetch(FetchOptions()).compactMap { ($0.objectValue as? TreeNode)?.name }
    #expect(names == ["X", "C"])
  }
}
