/// Options carried out over items in memory, by the stores that keep their items in an array.
extension FetchOptions {
  /// The items of `items` the options ask for: those the filter keeps, sorted, from the
  /// offset on, at most a batch. `reader` reads an item's values for the filter and the sort.
  func applied(to items: [Value], reader: (Value) -> ValueReader) -> [Value] {
    var result = items
    if let filter { result = result.filter { filter(reader($0)) } }
    if !sort.isEmpty { result = StoreSorting.sorted(result, by: sort, reader: reader) }
    let start = Swift.min(Swift.max(offset, 0), result.count)
    let end = batchSize.map { Swift.min(start + Swift.max($0, 0), result.count) } ?? result.count
    return Array(result[start..<end])
  }

  /// The options without their batch size and offset: what a count counts.
  var whole: FetchOptions {
    var whole = self
    whole.batchSize = nil
    whole.offset = 0
    return whole
  }
}
