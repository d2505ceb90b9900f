import Foundation

/// A table of one kind of item, grouped into sections by a key, with sorted sections, section
/// index titles and live search (seed 000's Contacts).
///
/// Each group is an ``ArrayOfObjectsSection`` over the same store, filtered to its key, so
/// rows, detail screens, add and delete work as in a single list. Letter groups filter with a
/// predicate and searches with a search filter, which an SQLite store runs in SQL.
///
/// ```swift
/// let contacts = ArrayOfObjectsModel(
///   title: "Contacts", store: store, definition: definition,
///   grouping: .firstLetter("lastName"), search: "firstName;lastName",
///   sort: [SortKey("lastName"), SortKey("firstName")])
/// contacts.search("an")
/// ```
public final class ArrayOfObjectsModel {
  /// How items are put into sections.
  public enum Grouping: Sendable {
    /// One section holding every item.
    case none
    /// By the first letter of a key path's text, A to Z, then `#` for the rest.
    case firstLetter(String)
    /// By the text a closure gives for each item.
    case key(@Sendable (ValueReader) -> String)
  }

  /// The model hosts show.
  public let model: TableModel
  /// Where the items live.
  public let store: any DataStore
  /// How items become rows and detail screens.
  public let definition: DataDefinition
  /// How items are grouped.
  public let grouping: Grouping
  /// Whether sections are sorted by their key (otherwise they come in the items' order).
  public var sortsSections = true { didSet { setNeedsRegroup() } }
  /// The order of items inside a section.
  public var sort: [SortKey] { didSet { setNeedsRegroup() } }
  /// The properties a search looks in.
  public var searchKeyPaths: [String]
  /// What every section gets before it is shown (placeholder, batch size, actions…): the
  /// sections there already when it is set, and each new one.
  public var configureSection: ((ArrayOfObjectsSection) -> Void)? {
    didSet {
      guard let configureSection else { return }
      for case let section as ArrayOfObjectsSection in model.sections { configureSection(section) }
    }
  }
  /// The text searched for; empty shows everything.
  public private(set) var searchText = ""

  private let stale = StaleFlag()
  private var observation: ObservationToken?

  /// Creates a grouped model over `store`.
  ///
  /// - Parameters:
  ///   - search: The properties to search, separated by semicolons (`"firstName;lastName"`);
  ///     the definition's title properties when empty.
  public init(
    title: String? = nil, store: any DataStore, definition: DataDefinition,
    grouping: Grouping = .none, search: String = "", sort: [SortKey] = []
  ) {
    self.model = TableModel(title: title)
    self.store = store
    self.definition = definition
    self.grouping = grouping
    self.sort = sort
    let keys = search.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    self.searchKeyPaths = keys.filter { !$0.isEmpty }
    let sink = model.invalidation
    let flag = stale
    let key = ObjectIdentifier(flag)
    observation = store.observe { _ in
      flag.set()
      sink.invalidateSection(key)
    }
    model.addProcessingHook { [weak self] in self?.regroupIfNeeded() }
    regroup()
  }

  /// The section index titles, in section order.
  public var sectionIndexTitles: [String] { model.sections.compactMap(\.indexTitle) }

  /// The group sections, in order.
  public var groupSections: [ArrayOfObjectsSection] {
    model.sections.compactMap { $0 as? ArrayOfObjectsSection }
  }

  /// Filters every section by `text` (live: call it on each keystroke); groups left empty
  /// disappear.
  public func search(_ text: String) {
    searchText = text
    for section in groupSections { section.search(text) }
    regroup()
  }

  /// Marks the groups stale; they are worked out again before the next snapshot.
  public func setNeedsRegroup() {
    stale.set()
    model.invalidation.invalidateSection(ObjectIdentifier(stale))
  }

  private func regroupIfNeeded() {
    if stale.take() { regroup() }
  }

  /// Works out the groups now and adds, removes or reorders sections to match.
  public func regroup() {
    _ = stale.take()
    var wanted = groupKeys()
    // A search that finds nothing says so, in one section without a group.
    if wanted.isEmpty && !searchText.isEmpty { wanted = [""] }
    var existing: [String: Section] = [:]
    for section in model.sections { existing[section.id] = section }
    // Remove sections whose group is gone, then insert or move the rest into place.
    for index in model.sections.indices.reversed()
    where !wanted.contains(model.sections[index].id.dropGroupPrefix) {
      try? model.removeSection(at: index)
    }
    for (position, key) in wanted.enumerated() {
      let id = "group:" + key
      if let current = model.sections.firstIndex(where: { $0.id == id }) {
        if current != position { try? model.moveSection(from: current, to: position) }
        if let section = model.sections[position] as? ArrayOfObjectsSection,
          section.fetchOptions.sort != sort
        {
          section.fetchOptions.sort = sort
        }
      } else {
        model.insertSection(makeSection(key, id: id), at: position)
      }
    }
  }

  private func makeSection(_ key: String, id: String) -> ArrayOfObjectsSection {
    let header: String? = if case .none = grouping { nil } else { key.isEmpty ? nil : key }
    let section = ArrayOfObjectsSection(
      id: id, header: header, store: store, definition: definition)
    section.indexTitle = header
    section.fetchOptions = FetchOptions(sort: sort, filter: filter(for: key))
    section.searchPropertyNames = searchKeyPaths
    configureSection?(section)
    if !searchText.isEmpty { section.search(searchText) }
    return section
  }

  /// The filter keeping the items of group `key`.
  private func filter(for key: String) -> ItemFilter? {
    switch grouping {
    case .none:
      return nil
    case .firstLetter(let keyPath):
      if key != "#", let predicate = try? Predicate("\(keyPath) BEGINSWITH[cd] $letter") {
        return ItemFilter(predicate, variables: ["letter": .string(key)])
      }
      // No letter: a predicate too, so that a store filters in SQL instead of in memory.
      let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map {
        "\(keyPath) BEGINSWITH[cd] \"\(Character(UnicodeScalar($0)))\""
      }
      if let predicate = try? Predicate("NOT (\(letters.joined(separator: " OR ")))") {
        return ItemFilter(predicate)
      }
      return ItemFilter("\(keyPath) starts with no letter") {
        Self.letter(of: $0.value(keyPath)) == "#"
      }
    case .key(let group):
      return ItemFilter("group '\(key)'") { group($0) == key }
    }
  }

  /// The keys of the groups that have items matching the search, in section order.
  private func groupKeys() -> [String] {
    if case .none = grouping { return [""] }
    var options = FetchOptions(sort: sort)
    if !searchText.isEmpty {
      let keys = searchKeyPaths.isEmpty ? definition.titlePropertyNames : searchKeyPaths
      options.filter = ItemFilter.search(searchText, in: keys)
    }
    var keys: [String] = []
    var seen = Set<String>()
    if sortsSections, case .firstLetter(let keyPath) = grouping,
      let listing = store as? FirstCharacterListing,
      let characters = try? listing.firstCharacters(of: keyPath, filter: options.filter)
    {
      // The store lists first characters without loading items (SQL over large tables).
      for character in characters {
        let key = Self.letter(of: .string(character))
        if seen.insert(key).inserted { keys.append(key) }
      }
      return Self.sortedKeys(keys)
    }
    let items = (try? store.fetch(options)) ?? []
    for item in items {
      let reader = definition.reader(for: item)
      let key: String
      switch grouping {
      case .none: key = ""
      case .firstLetter(let keyPath): key = Self.letter(of: reader.value(keyPath))
      case .key(let group): key = group(reader)
      }
      if seen.insert(key).inserted { keys.append(key) }
    }
    return sortsSections ? Self.sortedKeys(keys) : keys
  }

  /// Keys in index order: alphabetically, `#` last.
  static func sortedKeys(_ keys: [String]) -> [String] {
    keys.sorted { a, b in
      if (a == "#") != (b == "#") { return b == "#" }
      return a.localizedStandardCompare(b) == .orderedAscending
    }
  }

  /// The index letter of a value: its first letter without accents, upper-cased, or `#`.
  static func letter(of value: Value?) -> String {
    guard let first = value?.displayText.first else { return "#" }
    let folded = PredicateSemantics.fold(String(first), .diacriticInsensitive).uppercased()
    guard let scalar = folded.unicodeScalars.first, folded.count == 1,
      ("A"..."Z").contains(Character(scalar))
    else { return "#" }
    return folded
  }
}

extension String {
  fileprivate var dropGroupPrefix: String {
    hasPrefix("group:") ? String(dropFirst("group:".count)) : self
  }
}
