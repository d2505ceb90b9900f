import Trellis

/// One item of a list group: the element at `index` of the array stored under `key`, read and
/// written as InAppSettingsKit does.
///
/// An item is a dictionary (a child pane's values) or a value (the text entered). A
/// dictionary's values are its keys, a key it lacks reads as nothing; a value item is the
/// value of every key. Writing a value into a dictionary item sets that key; anything else
/// replaces the item. Every write stores the whole array under `key` again.
final class SettingsListItem: KeyValueCoding {
  /// The object holding the array (the bundle's values).
  let root: any KeyValueCoding
  /// The binding name of the key holding the array.
  let key: String
  /// The item's place in the array.
  let index: Int

  init(_ root: any KeyValueCoding, key: String, index: Int) {
    self.root = root
    self.key = key
    self.index = index
  }

  /// The array stored under `key`; nothing stored, or something else, is an empty list.
  static func items(of root: any KeyValueCoding, key: String) -> [Value] {
    (try? root.value(forKey: key))?.arrayValue ?? []
  }

  /// The item as stored now.
  var item: Value {
    let items = Self.items(of: root, key: key)
    return items.indices.contains(index) ? items[index] : .null
  }

  func value(forKey name: String) throws(BindingError) -> Value {
    guard case .dictionary(let entries) = item else { return item }
    return entries[name] ?? .null
  }

  func setValue(_ value: Value, forKey name: String) throws(BindingError) {
    var items = Self.items(of: root, key: key)
    guard items.indices.contains(index) else {
      throw .indexOutOfRange(keyPath: "\(key).\(index)", index: index, count: items.count)
    }
    if case .dictionary(var entries) = items[index], value.dictionaryValue == nil {
      entries[name] = value
      items[index] = .dictionary(entries)
    } else {
      items[index] = value
    }
    try root.setValue(.array(items), forKey: key)
  }

  func valueKind(forKey name: String) -> ValueKind? { nil }

  var propertyNames: [String] { item.dictionaryValue?.keys ?? [] }
}
