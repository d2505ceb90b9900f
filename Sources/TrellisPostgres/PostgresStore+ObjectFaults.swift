import Trellis
import TrellisSQL

/// Rows listed as faults: their values as read, and their objects made only when something
/// asks for one (a detail screen, an edit, code that reads `ObjectReference.object`).
extension PostgresStore {
  /// Why `item`'s row has a value its object cannot hold: its fault's ``ObjectFault/problem``,
  /// or, for an object the app made, what the store noted when the row arrived.
  public func problem(with item: Value) -> String? {
    guard case .object(let ref) = item else { return nil }
    if let fault = ref.fault { return fault.problem }
    return state.withLock { state in
      guard !state.problems.isEmpty, let id = state.keys[ObjectIdentifier(ref.identity)] else {
        return nil
      }
      return state.problems[id]
    }
  }

  /// How the faults of the entity's rows are laid out: columns, children, then references
  /// (to-ones and many-to-manys). Made once per store.
  func faultLayout() -> ObjectFaultLayout {
    if let known = state.withLock({ $0.faultLayout }) { return known }
    let entity = entity
    let columns = entity.columns.map(\.name)
    let keys =
      columns + entity.toManyRelationships.map(\.name) + entity.references.map(\.name)
    let layout = entity.definition.faultLayout(keys: keys, documentKeys: columns)
    return state.withLock { state in
      if let earlier = state.faultLayout { return earlier }
      state.faultLayout = layout
      return layout
    }
  }

  /// The values a new fault starts from: the row's columns, then no children and no
  /// references yet, which ``assign(_:of:to:)`` and ``assignReferences(_:to:)`` write next.
  /// With them, the first column value the entity's class cannot hold, as writing it would
  /// refuse it, named with its row, as ``ObjectFault/problem`` says it.
  func faultValues(of record: Record, layout: ObjectFaultLayout) -> (
    values: [Value], problem: String?
  ) {
    var values = record.values
    let problem = layout.problem(ofRow: record.id, in: entity.table, values: values)
    values += entity.toManyRelationships.map { _ in Value.array([]) }
    values += entity.references.map { $0.kind == .toOne ? Value.null : .array([]) }
    return (values, problem)
  }
}
