import Trellis

/// A section that lists a source's items: where they come from, and how the list shows them
/// (the canonical section keys `source`, `batchSize`, `title`, `detail`, `search`,
/// `placeholder` and `addItem`).
///
/// Bound, it becomes an ``ArrayOfObjectsSection`` over the store the source opens, with a
/// generated detail screen per item.
public struct SectionSource: Hashable, Sendable {
  /// Where the items come from.
  public var source: ListSource
  /// How many items a page holds; the list shows a "Load more" row after each. All at once
  /// when `nil`.
  public var batchSize: Int?
  /// The keys whose values, joined, are a row's text; the items' first key when empty.
  public var titleKeys: [String]
  /// The keys whose values, joined, are a row's detail text.
  public var detailKeys: [String]
  /// The keys a search looks in; the title keys when empty.
  public var searchKeys: [String]
  /// The text of the row shown when there is no item.
  public var placeholder: String?
  /// The text of an "add an item" row at the end of the list.
  public var addItem: String?
  /// Whether a person may add items (seed 000's `allowAddingItems`).
  public var allowsAdding = true
  /// Whether a person may delete items (`allowDeletingItems`); the descriptor's `editable`
  /// when `nil`.
  public var allowsDeleting: Bool?
  /// Whether a person may reorder items (`allowMovingItems`); the descriptor's `editable`
  /// when `nil`.
  public var allowsMoving: Bool?
  /// Whether an item's detail screen may change it (`allowEditDetailView`); it is read-only
  /// when false.
  public var allowsEditingDetails = true
  /// How the items' detail screens show some of their keys, by key.
  public var fields: [String: SourceField] = [:]
  /// Where the `source` is written.
  public var location: SourceLocation?
  /// Where each of the source's settings is written, by name (`file`, `table`, `baseURL`).
  public var settingLocations: [String: SourceLocation]
  /// Where the section's `title`, `detail` and `search` keys are written, by key.
  public var keyLocations: [String: SourceLocation]

  /// Creates a section source.
  public init(
    source: ListSource, batchSize: Int? = nil, titleKeys: [String] = [],
    detailKeys: [String] = [], searchKeys: [String] = [], placeholder: String? = nil,
    addItem: String? = nil, location: SourceLocation? = nil,
    settingLocations: [String: SourceLocation] = [:],
    keyLocations: [String: SourceLocation] = [:]
  ) {
    self.source = source
    self.batchSize = batchSize
    self.titleKeys = titleKeys
    self.detailKeys = detailKeys
    self.searchKeys = searchKeys
    self.placeholder = placeholder
    self.addItem = addItem
    self.location = location
    self.settingLocations = settingLocations
    self.keyLocations = keyLocations
  }
}
