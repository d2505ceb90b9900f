import Trellis

/// InAppSettingsKit's list group, read: the defaults key whose array it lists, the row each
/// item is drawn by, the row that adds one, and whether items can be deleted.
///
/// Bound, the section lists a row per item stored under the key as it is now, following the
/// array whenever it changes; see ``SettingsListing``.
package struct SettingsListGroup: Hashable, Sendable {
  /// The binding name of the defaults key holding the items.
  package var key: String
  /// The row each item is drawn by, bound to a ``SettingsListItem``.
  package var item: RowDescriptor
  /// The row that adds an item (``SettingsListAddition``), if any.
  package var add: RowDescriptor?
  /// Whether the add row's page makes a dictionary of the values entered there (a child
  /// pane), rather than storing the value entered as the item.
  package var addsDictionaries: Bool
  /// Whether a person may delete items.
  package var isDeletable: Bool

  /// The name a row binds to for an item that is a value, not a dictionary.
  package static let itemName = "item"
}
