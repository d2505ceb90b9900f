import Trellis

/// The statements a delete of one row runs, inside its transaction, by the delete rules of
/// every to-one and many-to-many that points at it, written once for every SQL store.
///
/// A store runs the walk by asking for the next step and doing it, until it is done:
///
/// ```swift
/// var walk = DeleteRuleWalk(deleting: id, of: entity, among: entities)
/// var rows: [Int64] = []
/// while let step = try walk.next(rows) {
///   rows = step.selects ? try fetchKeys(step) : []
///   if !step.selects { try execute(step) }
/// }
/// // walk.effects: what the rules did, for the objects in memory.
/// ```
///
/// The walk is a value the store drives, not a function calling back, so that a store whose
/// database calls are synchronous (SQLite) and one whose calls are asynchronous (PostgreSQL)
/// run the same rules:
/// - **deny** refuses the delete, with how many rows point at it;
/// - **nullify** clears the to-ones pointing at it, or takes it out of the many-to-many lists;
/// - **cascade** deletes the rows pointing at it or holding it, each by its own rules first,
///   then closes the gaps they left in their table's order;
/// - **no action** leaves them.
///
/// Each row is deleted once, however many rules reach it, and the row being deleted is never
/// reached again: a cycle of cascades ends.
package struct DeleteRuleWalk<Entity: RelationalEntity> {
  /// One statement to run: SQL in the entity's dialect, with the keys its placeholders bind;
  /// the keys a select reads go to the next ``DeleteRuleWalk/next(_:)``.
  package typealias Step = SQLStatement

  /// A row whose rules are being followed: the rules left, and the rows a cascade deletes.
  private struct Frame {
    var entity: Entity
    var id: Int64
    var rules: [(source: Entity, relationship: SQLRelationship<Entity>)]
    var next = 0
    /// The rows of `rules[next - 1]`'s source a cascade still deletes.
    var cascading: [Int64] = []
    /// The statements to run once this row's rules are followed: its own delete.
    var finally: [Step] = []
  }

  /// What the rules did beyond the deleted row, for the objects in memory once the
  /// transaction commits.
  package private(set) var effects = DeleteEffects()
  /// Whether a cascade came back to the row being deleted (its rows point at each other in a
  /// cycle): a database that follows its own `ON DELETE CASCADE` may then have deleted it
  /// already, before the store's own delete.
  package private(set) var comesBack = false
  private let row: DeleteEffects.Row
  private let entities: RelationalEntities<Entity>
  private var frames: [Frame]
  private var queued: [Step] = []
  private var reached: Set<DeleteEffects.Row>
  private var awaitsRows = false

  /// The walk for deleting row `id` of `entity`, following the rules of `entities` (every
  /// entity the store's database holds with it).
  package init(deleting id: Int64, of entity: Entity, among entities: RelationalEntities<Entity>) {
    self.entities = entities
    self.row = DeleteEffects.Row(table: entity.table, id: id)
    self.reached = [row]
    self.frames = []
    begin(id, of: entity, finally: [])
  }

  /// The next statement to run, given the keys the previous one read (`[]` when it read
  /// none); `nil` when the walk is done.
  ///
  /// - Throws: ``StoreError/refused(_:)`` when a deny rule stops the delete. The store rolls
  ///   its transaction back.
  package mutating func next(_ rows: [Int64]) throws(StoreError) -> Step? {
    if awaitsRows {
      awaitsRows = false
      try follow(rows)
    }
    while true {
      if !queued.isEmpty { return queued.removeFirst() }
      guard var frame = frames.popLast() else { return nil }
      if !frame.cascading.isEmpty {
        let row = frame.cascading.removeFirst()
        let source = frame.rules[frame.next - 1].source
        // After the last row of a cascade is deleted, its table's order is made whole.
        let renumbering =
          frame.cascading.isEmpty
          ? source.renumbering.map { Step($0) } : nil
        frames.append(frame)
        let gone = DeleteEffects.Row(table: source.table, id: row)
        guard reached.insert(gone).inserted else {
          if gone == self.row { comesBack = true }
          queued += renumbering.map { [$0] } ?? []
          continue
        }
        effects.deleted.append(gone)
        let delete = Step(
          "DELETE FROM \(Entity.dialect.quoted(source.table)) WHERE "
            + "\(Entity.dialect.quoted(source.primaryKey)) = \(placeholder)",
          keys: [row])
        begin(row, of: source, finally: [delete] + (renumbering.map { [$0] } ?? []))
        continue
      }
      if frame.next < frame.rules.count {
        let (source, relationship) = frame.rules[frame.next]
        frame.next += 1
        frames.append(frame)
        awaitsRows = true
        return pointing(at: frame.id, from: source, relationship)
      }
      queued += frame.finally
    }
  }

  /// Starts following the rules of row `id` of `entity`: first its own pairs in join tables
  /// whose rows do not go with it by a foreign key.
  private mutating func begin(_ id: Int64, of entity: Entity, finally: [Step]) {
    frames.append(
      Frame(
        entity: entity, id: id, rules: entity.deleteRules(among: entities), finally: finally))
    guard !Entity.dialect.joinRowsGoWithTheirSource else { return }
    for relationship in entity.manyToManyRelationships {
      queued.append(
        Step(
          "DELETE FROM \(Entity.dialect.quoted(relationship.joinTableName(of: entity))) "
            + "WHERE \(Entity.dialect.quoted(relationship.joinSourceColumn)) = \(placeholder)",
          keys: [id]))
    }
  }

  /// Follows the rule just asked about, now that `rows` are known to point at the row.
  private mutating func follow(_ rows: [Int64]) throws(StoreError) {
    guard !rows.isEmpty, var frame = frames.popLast() else { return }
    defer { frames.append(frame) }
    let (source, relationship) = frame.rules[frame.next - 1]
    let dialect = Entity.dialect
    switch relationship.deleteRule {
    case .deny:
      throw frame.entity.deleteDenial(by: rows.count, of: source, relationship)
    case .nullify where relationship.kind == .toOne:
      let key = dialect.quoted(relationship.foreignKey)
      queued.append(
        Step(
          "UPDATE \(dialect.quoted(source.table)) SET \(key) = NULL "
            + "WHERE \(key) = \(placeholder)", keys: [frame.id]))
      for row in rows {
        effects.nullified.append((.init(table: source.table, id: row), relationship.name))
      }
    case .nullify:
      queued.append(
        Step(
          "DELETE FROM \(dialect.quoted(relationship.joinTableName(of: source))) "
            + "WHERE \(dialect.quoted(relationship.joinTargetColumn)) = \(placeholder)",
          keys: [frame.id]))
      let held = DeleteEffects.Row(table: frame.entity.table, id: frame.id)
      for row in rows {
        effects.unlinked.append((.init(table: source.table, id: row), relationship.name, held))
      }
    case .cascade:
      frame.cascading = rows
    case .noAction:
      break
    }
  }

  /// The statement reading the keys of the rows of `source` whose `relationship` points at
  /// or holds row `id`.
  private func pointing(
    at id: Int64, from source: Entity, _ relationship: SQLRelationship<Entity>
  ) -> Step {
    let dialect = Entity.dialect
    let sql =
      relationship.kind == .toOne
      ? "SELECT \(dialect.quoted(source.primaryKey)) FROM \(dialect.quoted(source.table)) "
        + "WHERE \(dialect.quoted(relationship.foreignKey)) = \(placeholder)"
      : "SELECT \(dialect.quoted(relationship.joinSourceColumn)) FROM "
        + "\(dialect.quoted(relationship.joinTableName(of: source))) "
        + "WHERE \(dialect.quoted(relationship.joinTargetColumn)) = \(placeholder)"
    return Step(
      sql, keys: [id], selects: true)
  }

  /// The placeholder of a statement's one key.
  private var placeholder: String { Entity.dialect.placeholder(1, for: .int(0)) }
}
