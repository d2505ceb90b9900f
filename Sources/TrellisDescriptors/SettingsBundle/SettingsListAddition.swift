import Trellis

/// What a list group's add row edits: nothing until a value is entered, which appends an item
/// to the array stored under `key`; the values entered afterwards (in the add row's child
/// pane) go into that item.
///
/// A text field or a choice appends the value entered, unless it is empty; a child pane
/// appends a dictionary of the values entered on it, so that leaving the pane without
/// entering anything adds nothing.
final class SettingsListAddition: KeyValueCoding {
  let root: any KeyValueCoding
  let key: String
  /// Whether the item is a dictionary of the values entered.
  let makesDictionary: Bool
  /// The item this addition appended, once it has.
  private(set) var added: SettingsListItem?

  init(_ root: any KeyValueCoding, key: String, makesDictionary: Bool) {
    self.root = root
    self.key = key
    self.makesDictionary = makesDictionary
  }

  func value(forKey name: String) throws(BindingError) -> Value {
    guard makesDictionary, let added else { return .null }
    return try added.value(forKey: name)
  }

  func setValue(_ value: Value, forKey name: String) throws(BindingError) {
    if let added { return try added.setValue(value, forKey: name) }
    guard makesDictionary || !(value.isNull || value == .string("")) else { return }
    var items = SettingsListItem.items(of: root, key: key)
    items.append(makesDictionary ? .dictionary([name: value]) : value)
    // Known before the write, whose report lists the items again.
    added = SettingsListItem(root, key: key, index: items.count - 1)
    do { try root.setValue(.array(items), forKey: key) } catch {
      added = nil
      throw error
    }
  }

  func valueKind(forKey name: String) -> ValueKind? { nil }

  var propertyNames: [String] { [] }
}
