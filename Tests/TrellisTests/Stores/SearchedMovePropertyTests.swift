import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// Moves in a searched list, played at random against a model of the store's order: the
/// dragged item lands right before the shown item it was dropped on when it moves up, right
/// after it when it moves down, whatever the search hides.
@Suite("Moves in searched lists, against a model")
struct SearchedMovePropertyTests {
  /// Where the list's items live.
  enum Backing: String, CaseIterable, CustomStringConvertible {
    case memory
    /// A memory store behind an async store, listed through the async cache.
    case async

    var description: String { rawValue }
  }

  /// A searchable list of tasks named `names`, loaded, and the memory store that holds them.
  static func app(_ backing: Backing, _ names: [String]) async throws -> (HeadlessApp, MemoryStore)
  {
    let definition = try TasksApp.taskDefinition()
    let memory = MemoryStore(objects: names.map { TaskItem(name: $0) }, definition: definition)
    let section =
      switch backing {
      case .memory: ArrayOfObjectsSection(store: memory, definition: definition)
      case .async:
        ArrayOfObjectsSection(
          store: AsyncStoreWrapper(memory, latency: .milliseconds(1)), definition: definition)
      }
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model, navigationBar: .none)))
    try await app.settle()
    return (app, memory)
  }

  /// The tasks' names in the store's order.
  static func names(_ store: MemoryStore) throws -> [String] {
    try store.fetch(FetchOptions()).map { store.itemsDefinition?.title(of: $0) ?? "?" }
  }

  /// What the order becomes when `item` is dropped at `destination` of `shown`, the items a
  /// search shows in `order`: moved up, right before the item it was dropped on; moved down,
  /// right after it.
  static func moving(_ item: String, to destination: Int, shown: [String], in order: [String])
    -> [String]
  {
    let source = shown.firstIndex(of: item)!
    let target = shown[destination]
    var result = order.filter { $0 != item }
    let place = result.firstIndex(of: target)!
    result.insert(item, at: destination < source ? place : place + 1)
    return result
  }

  /// Names of three letters of four, each told apart by its number, so that a search for one
  /// letter shows some items and hides the others.
  static func names(count: Int, using random: inout SeededRandom) -> [String] {
    let letters = Array("abcd")
    return (0..<count).map { number in
      let word = String((0..<3).map { _ in letters.randomElement(using: &random)! })
      return "\(number) \(word)"
    }
  }

  @Test(arguments: Backing.allCases, 1...6 as ClosedRange<UInt64>)
  func randomSearchesAndMovesMatchTheModel(_ backing: Backing, seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    var order = Self.names(count: 9, using: &random)
    let (app, memory) = try await Self.app(backing, order)
    try app.send(.setEditing(true))

    for step in 0..<25 {
      let search = ["", "a", "b", "c", "d"].randomElement(using: &random)!
      try app.send(.search(search))
      try await app.settle()
      let shown = order.filter { search.isEmpty || $0.contains(search) }
      #expect(app.texts == [shown], "step \(step): the search for '\(search)'")
      guard shown.count >= 2 else { continue }
      let source = Int.random(in: 0..<shown.count, using: &random)
      var destination = Int.random(in: 0..<shown.count - 1, using: &random)
      if destination >= source { destination += 1 }
      try app.drag(
        from: ItemPath(item: source, section: 0), to: ItemPath(item: destination, section: 0))
      try await app.settle()
      order = Self.moving(shown[source], to: destination, shown: shown, in: order)
      let context = "step \(step): \(shown[source]) to \(destination) of \(shown)"
      // The first step that parts from the model ends the run: the rest would follow from it.
      try #require(try Self.names(memory) == order, "\(context): the store's order")
      #expect(
        app.texts == [order.filter { search.isEmpty || $0.contains(search) }],
        "\(context): the rows")
    }
    try app.send(.search(""))
    try await app.settle()
    #expect(app.texts == [order])
    #expect(app.host.violations.isEmpty)
  }

  /// The case the model's rule is for: a row moved to the top of a search lands right before
  /// the first row shown, after the items the search hides.
  @Test(arguments: Backing.allCases)
  func aMoveToTheTopLandsBeforeTheFirstRowShown(_ backing: Backing) async throws {
    let (app, memory) = try await Self.app(
      backing, ["Write the report", "Water the plants", "Book the dentist"])
    try app.send(.search("n"))
    try await app.settle()
    #expect(app.texts == [["Water the plants", "Book the dentist"]])
    try app.drag(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))
    try await app.settle()
    #expect(app.texts == [["Book the dentist", "Water the plants"]])
    #expect(try Self.names(memory) == ["Write the report", "Book the dentist", "Water the plants"])
    #expect(app.host.violations.isEmpty)
  }
}
