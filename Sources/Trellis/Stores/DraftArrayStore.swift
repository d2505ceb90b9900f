import Foundation

/// A store over an array property of a draft: a list edited inside a detail screen (a task's
/// steps). Changes stay in the draft until it commits.
// Sound: the store lives inside one detail screen, whose section alone calls it, on the
// screen's domain, where its draft lives.
final class DraftArrayStore: DataStore, @unchecked Sendable {
  let draft: Draft
  let name: String
  /// The definition of the list's items.
  let definition: DataDefinition
  private let observers = ObserverList<StoreChange>()

  init(draft: Draft, name: String, definition: DataDefinition) {
    self.draft = draft
    self.name = name
    self.definition = definition
  }

  var itemsDefinition: DataDefinition? { definition }

  private var current: [Value] { draft.value(name)?.arrayValue ?? [] }

  private func store(_ items: [Value], _ change: StoreChange) {
    draft.setValue(.array(items), for: name)
    observers.notify(change)
  }

  var supportsMoving: Bool { true }

  /// The items as the options ask, read with the form's pending values: a sort or a filter
  /// sees what the list shows.
  func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    options.applied(to: current) { draft.reader(for: $0, definition: definition) }
  }

  func count(_ options: FetchOptions) throws(StoreError) -> Int {
    try fetch(options.whole).count
  }

  func create() throws(StoreError) -> Value {
    guard let object = definition.makeObject() else {
      throw .unsupported("the items of '\(name)' cannot be made here")
    }
    return .object(ObjectReference(object))
  }

  func insert(_ item: Value, at index: Int?) throws(StoreError) {
    var items = current
    let position = index ?? items.count
    try StoreOrder.check(position, in: items, orEnd: true)
    items.insert(item, at: position)
    store(items, .inserted(item, after: StoreOrder.predecessor(of: position, in: items)))
  }

  func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    var items = current
    guard let index = items.firstIndex(of: item) else { throw .notFound(item.displayText) }
    if case .object = item {
      // The child draft already recorded its values in this draft.
      observers.notify(.updated(item))
      return
    }
    var value = item
    if let plain = values[PlainValue.key] {
      value = plain
    } else if case .dictionary(var dictionary) = item {
      for (key, value) in values { dictionary[key] = value }
      value = .dictionary(dictionary)
    } else {
      return
    }
    // A new value is another item, in the old one's place.
    items[index] = value
    draft.setValue(.array(items), for: name)
    guard value != item else { return observers.notify(.updated(item)) }
    observers.notify(.deleted(item))
    observers.notify(.inserted(value, after: StoreOrder.predecessor(of: index, in: items)))
  }

  func delete(_ item: Value) throws(StoreError) {
    var items = current
    guard let index = items.firstIndex(of: item) else { throw .notFound(item.displayText) }
    items.remove(at: index)
    store(items, .deleted(item))
  }

  func move(_ item: Value, after: Value?) throws(StoreError) {
    var items = current
    _ = try StoreOrder.move(item, after: after, in: &items)
    store(items, .moved(item, after: after))
  }

  func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    observers.add(handler)
  }
}
