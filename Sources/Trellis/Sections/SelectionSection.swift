/// A section that chooses among items: checkmarks on the chosen rows, single or multiple
/// choice, optionally none. The choice is stored on a property as an index, a value, or an
/// array of them (STV's selection and object selection sections).
public final class SelectionSection: Section {
  package override var themeKind: ThemeSectionKind { .selection }

  /// The items to choose from.
  public private(set) var items: [Value] { didSet { positions = nil } }
  /// The index of each item, built on first use: choices are found without a scan.
  private var positions: [Value: Int]?
  /// The chosen indices as this render read them, so that each row costs one lookup.
  private var chosenNow: Set<Int> = []
  /// The text of each item's row.
  public private(set) var titles: [String]
  /// Whether several items may be chosen.
  public var allowsMultipleSelection: Bool
  /// Whether the choice may be empty.
  public var allowsNoSelection: Bool
  /// Whether the property stores indices or the items themselves.
  public var storage: PropertyAttributes.SelectionStorage
  /// Whether choosing an item (single choice) goes back to the previous screen.
  public var popsOnSelection = true
  private let read: () -> Value
  private let write: (Value) -> String?

  /// Creates a selection over `items`, reading and writing the choice through closures.
  public init(
    id: String? = nil, header: String? = nil, items: [Value], titles: [String]? = nil,
    allowsMultiple: Bool = false, allowsNone: Bool = false,
    storage: PropertyAttributes.SelectionStorage = .value, read: @escaping () -> Value,
    write: @escaping (Value) -> String?
  ) {
    self.items = items
    self.titles = titles ?? items.map(\.displayText)
    self.allowsMultipleSelection = allowsMultiple
    self.allowsNoSelection = allowsNone
    self.storage = storage
    self.read = read
    self.write = write
    super.init(id: id, header: header)
  }

  /// Creates a selection stored on `name` of a draft.
  public convenience init(draft: Draft, property name: String, id: String? = nil) {
    let property = draft.definition[name]
    let attributes = property?.attributes ?? PropertyAttributes()
    var items = attributes.items
    if items.isEmpty, case .choice(_, let choices)? = property?.valueKind?.unwrapped {
      items = choices
    }
    var titles = items.map(\.displayText)
    let store = attributes.itemsStore
    let definition = attributes.nestedDefinition ?? store?.itemsDefinition
    if let store {
      (items, titles) = Self.objects(of: store, definition: definition)
    }
    self.init(
      id: id, items: items, titles: titles,
      allowsMultiple: attributes.allowsMultipleSelection,
      // Tapping the chosen item again clears it only where the value may be empty: asked
      // for, or an optional property (not one whose kind is unknown, as a document's is).
      allowsNone: attributes.allowsNoSelection || (property?.valueKind?.isOptional ?? false),
      storage: attributes.itemsStore == nil ? attributes.selectionStorage : .value,
      read: { draft.value(name) ?? .null },
      write: { draft.setValue($0, for: name) })
  }

  /// The objects of `store`, in its order, and their titles.
  private static func objects(of store: any DataStore, definition: DataDefinition?) -> (
    [Value], [String]
  ) {
    let items = (try? store.fetch(FetchOptions())) ?? []
    let titles = items.map { definition?.title(of: $0) ?? RowSnapshot.displayable($0).displayText }
    return (items, titles)
  }

  /// The indices of the chosen items.
  public var selectedIndices: [Int] {
    let value = read()
    let chosen = value.arrayValue ?? (value.isNull ? [] : [value])
    if storage == .index {
      return chosen.compactMap { item in
        item.intValue.flatMap { items.indices.contains($0) ? $0 : nil }
      }.sorted()
    }
    let positions = self.positions ?? indexItems()
    return chosen.compactMap { positions[$0] }.sorted()
  }

  private func indexItems() -> [Value: Int] {
    var map: [Value: Int] = [:]
    map.reserveCapacity(items.count)
    for (index, item) in items.enumerated() where map[item] == nil { map[item] = index }
    positions = map
    return map
  }

  /// The choice is read once per render, while the model tracks the section: a new choice
  /// renders the section again.
  override func trackContent() {
    chosenNow = Set(selectedIndices)
  }

  public override var elementCount: Int { items.count }

  public override func elementIDs() -> [RowID] {
    items.indices.map { RowID(scope: scope, .int($0)) }
  }

  public override func makeRow(at index: Int) -> Row {
    var row = Row(id: RowID(.null), kind: .plain, text: titles[index])
    row.accessory = chosenNow.contains(index) ? .checkmark : .none
    row.attributes.isChoice = true
    return row
  }

  public override func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool {
    var chosen = selectedIndices
    if let position = chosen.firstIndex(of: index) {
      if chosen.count == 1 && !allowsNoSelection { return true }
      chosen.remove(at: position)
    } else if allowsMultipleSelection {
      chosen.append(index)
      chosen.sort()
    } else {
      chosen = [index]
    }
    let stored = chosen.map { storage == .index ? Value.int($0) : items[$0] }
    let value: Value = allowsMultipleSelection ? .array(stored) : (stored.first ?? .null)
    if let message = write(value) { throw .store(.refused(message)) }
    setNeedsRefresh()
    if !allowsMultipleSelection && popsOnSelection, let navigator = screen.navigator,
      navigator.stack.count > 1, navigator.top === screen
    {
      navigator.pop(screen)
    }
    return true
  }

  override var fixedRowsReason: String? { "its rows are the choices" }
}
