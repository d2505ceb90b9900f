/// The objects of another store that point at an object (the inverse of a to-one: a
/// category's tasks), shown by the object's form as a row that pushes them as a list.
///
/// The list is read from the store in batches, filtered to the object, never held as an
/// array, so a category with 100,000 tasks opens as fast as one with three.
///
/// ```swift
/// var tasks = PropertyDefinition(name: "tasks", type: .arrayOfObjects, isCustom: true)
/// tasks.attributes.relatedItems = RelatedItems(store: taskStore, definition: taskDefinition) {
///   category in try? taskStore.filter(relationship: "category", pointingAt: category)
/// }
/// categoryDefinition.addProperty(tasks)
/// ```
///
/// Over a store that answers later (``init(asyncStore:definition:filter:)``), the list loads
/// its batches in the background, and the row shows no count.
public struct RelatedItems: Sendable {
  /// Where the related objects live, when the store answers at once.
  public var store: (any DataStore)?
  /// Where the related objects live, when the store answers later (a PostgreSQL table).
  public var asyncStore: (any AsyncDataStore)?
  /// Their definition, for their rows and detail screens.
  public var definition: DataDefinition
  /// The filter keeping the objects related to the given one; `nil` when none can be.
  public var filter: @Sendable (Value) -> ItemFilter?
  /// How many rows the list loads at a time.
  public var batchSize = 50

  /// Relates the objects of `store` that `filter` keeps for an object.
  public init(
    store: any DataStore, definition: DataDefinition,
    filter: @escaping @Sendable (Value) -> ItemFilter?
  ) {
    self.store = store
    self.definition = definition
    self.filter = filter
  }

  /// Relates the objects of an async store that `filter` keeps for an object; the store must
  /// apply the filter itself (``AsyncDataStore/translates(_:)``), or the list shows what the
  /// pages it loaded hold.
  public init(
    asyncStore: any AsyncDataStore, definition: DataDefinition,
    filter: @escaping @Sendable (Value) -> ItemFilter?
  ) {
    self.asyncStore = asyncStore
    self.definition = definition
    self.filter = filter
  }

  /// How many objects are related to `object`; `nil` over an async store, which would have
  /// to be asked.
  func count(for object: Value) -> Int? {
    guard let store else { return nil }
    guard let filter = filter(object) else { return 0 }
    return (try? store.count(FetchOptions(filter: filter))) ?? 0
  }

  /// The list screen of the objects related to `object`: their rows in batches, each opening
  /// its own detail screen.
  func screen(for object: Value, title: String) -> Screen {
    let model = TableModel(title: title)
    let section: ArrayOfObjectsSection
    if let store {
      section = ArrayOfObjectsSection(store: store, definition: definition)
    } else if let asyncStore {
      section = ArrayOfObjectsSection(store: asyncStore, definition: definition)
    } else {
      section = ArrayOfObjectsSection(store: MemoryStore(), definition: definition)
    }
    // An object no store holds yet has nothing pointing at it.
    section.fetchOptions.filter = filter(object) ?? ItemFilter("nothing") { _ in false }
    section.fetchOptions.batchSize = batchSize
    section.allowsAdding = false
    section.allowsDeleting = false
    section.allowsMoving = false
    model.addSection(section)
    return Screen(model: model, navigationBar: .none)
  }
}
