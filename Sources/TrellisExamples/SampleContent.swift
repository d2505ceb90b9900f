import Trellis

/// Content the demo and the tests start from.
public enum SampleContent {
  /// The Documents app's first document: values of every kind, a nested object, a list of
  /// strings and a list of dictionaries.
  public static let document: Value = [
    "title": "My document", "author": "Ada", "pages": 12, "published": false,
    "publisher": ["name": "Trellis Press", "city": "London"],
    "tags": ["tables", "data"],
    "chapters": [["title": "Rows", "pages": 8], ["title": "Sections", "pages": 12]],
  ]

  /// "Number 1" to "Number `count`" (at least one).
  public static func numbers(_ count: Int) -> [String] {
    (1...max(1, count)).map { "Number \($0)" }
  }

  /// A store of `numbers`, which every session's list of them shares.
  public static func numbersStore(_ numbers: [String]) -> MemoryStore {
    MemoryStore(items: numbers.map(Value.string), definition: .string)
  }

  /// A long list of the numbers in `store` (made by ``numbersStore(_:)``, once for every
  /// session): sessions that show it alike share one list, so that a session costs what it
  /// shows, not the list's length. A number opens to be renamed; none is added, deleted or
  /// moved.
  public static func numbersNavigator(store: MemoryStore) -> Navigator {
    let model = TableModel(title: "Numbers", style: .plain)
    let count = (try? store.count(FetchOptions())) ?? 0
    let section = ArrayOfObjectsSection(id: "numbers", store: store, definition: .string)
    // None is added or deleted, so the total stays; a search says how many it finds.
    section.headerText = { [weak section] in
      let total = "\(count.groupedDigits) numbers"
      guard let search = section?.searchUnderWay,
        let found = try? store.count(search.options)
      else { return total }
      return "\(found.groupedDigits) of \(total)"
    }
    section.allowsAdding = false
    section.allowsDeleting = false
    section.allowsMoving = false
    model.addSection(section)
    return Navigator(root: Screen(model: model))
  }
}
