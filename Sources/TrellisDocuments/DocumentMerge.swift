import TrellisValues

/// A three-way merge of document trees: what this program saves (`mine`) and what another
/// program wrote to the file meanwhile (`theirs`), both changed from what was read (`base`).
///
/// Each side keeps the other's changes where it made none. Dictionaries merge key by key, so
/// two programs that changed different keys both keep theirs. An array one side only added
/// items to the end of keeps them after the other side's (a record another program appended
/// while this one edited). Any other value (a text, a number, an array both changed
/// otherwise) that both changed, to different values, is a conflict, listed by its key path,
/// and `mine` wins it, or `theirs` when asked.
package struct DocumentMerge: Sendable {
  /// The merged tree.
  package private(set) var root: Value
  /// The key paths both sides changed to different values (`items.3.title`; "" for the root).
  package private(set) var conflicts: [String] = []

  /// Whether `theirs` wins a conflict.
  private let theirsWin: Bool

  /// Merges `mine` and `theirs`, both changed from `base`; `theirsWin` says who wins a value
  /// both changed.
  package init(base: Value, mine: Value, theirs: Value, theirsWin: Bool = false) {
    root = .null
    self.theirsWin = theirsWin
    root = merge(base, mine, theirs, at: "") ?? .null
  }

  /// The merged value at `path`, `nil` for a key both sides removed or only one side has and
  /// the other removed.
  private mutating func merge(_ base: Value?, _ mine: Value?, _ theirs: Value?, at path: String)
    -> Value?
  {
    if mine == theirs || theirs == base { return mine }
    if mine == base { return theirs }
    if case .dictionary(let mineEntries)? = mine, case .dictionary(let theirEntries)? = theirs {
      let baseEntries = base?.dictionaryValue ?? ValueDictionary()
      var merged = ValueDictionary()
      let keys = mineEntries.keys + theirEntries.keys.filter { mineEntries[$0] == nil }
      for key in keys {
        let place = path.isEmpty ? key : path + "." + key
        if let value = merge(baseEntries[key], mineEntries[key], theirEntries[key], at: place) {
          merged[key] = value
        }
      }
      return .dictionary(merged)
    }
    if case .array(let baseItems)? = base, case .array(let mineItems)? = mine,
      case .array(let theirItems)? = theirs
    {
      // A side that only added items at the end keeps them after the other side's list,
      // which stands whole: items are never merged by position, which a move would pair
      // wrongly.
      if let added = Self.appended(to: baseItems, in: theirItems) {
        return .array(mineItems + added)
      }
      if let added = Self.appended(to: baseItems, in: mineItems) {
        return .array(theirItems + added)
      }
    }
    conflicts.append(path)
    return theirsWin ? theirs : mine
  }

  /// The items `items` adds after `base`, when it is `base` with items added at its end.
  private static func appended(to base: [Value], in items: [Value]) -> ArraySlice<Value>? {
    guard items.count > base.count, items.prefix(base.count).elementsEqual(base) else {
      return nil
    }
    return items.dropFirst(base.count)
  }
}
