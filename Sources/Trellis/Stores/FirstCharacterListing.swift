/// A store that can list the first characters of a key path's text without loading its items,
/// so that a model grouped by first letter (``ArrayOfObjectsModel``) finds its sections
/// cheaply over large stores.
public protocol FirstCharacterListing: AnyObject {
  /// The distinct first characters of the text at `keyPath` among the items passing `filter`,
  /// in any order; `nil` when the store cannot answer without loading items.
  func firstCharacters(of keyPath: String, filter: ItemFilter?) throws(StoreError) -> [String]?
}
