import TrellisValues

/// A three-way merge of document trees: what this program saves (`mine`) and what another
/// program wrote to the file meanwhile (`theirs`), both changed from what was read (`base`).
///
/// Each side keeps the other's changes where it made none. Dictionaries merge key by key, so
/// two programs that changed different keys both keep theirs; any other value (a text, a
/// number, a whole array) that both changed, to different values, is a conflict, listed by its
/// key path, and `mine` wins it.
package struct DocumentMerge: Sendable {
  /// The merged tree.
  package private(set) var root: Value
  /// The key paths both sides changed to different values (`items.3.title`; "" for the root).
  package private(set) var conflicts: [String] = []

  /// Merges `mine` and `theirs`, both changed from `base`.
  package init(base: Value, mine: Value, theirs: Value) {
    root = .null
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
    conflicts.append(path)
    return mine
  }
}
