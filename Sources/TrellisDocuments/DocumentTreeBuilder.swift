import TrellisValues

/// What every text parser shares: the source text, the location map being filled, the limits,
/// and the checks for depth and repeated keys.
struct DocumentTreeBuilder: Sendable {
  /// The document being read.
  var text: SourceText
  /// The locations recorded so far.
  var locations: [String: LocatedDocument.NodeLocation] = [:]
  /// The limits.
  let options: DocumentReadOptions

  init(bytes: [UInt8], file: String?, options: DocumentReadOptions) {
    text = SourceText(bytes: bytes, file: file)
    self.options = options
  }

  /// The key path of `key` below `parent` (empty when locations are not recorded).
  func path(_ parent: String, _ key: String) -> String {
    guard options.recordsLocations else { return "" }
    return parent.isEmpty ? key : parent + "." + key
  }

  /// The key path of element `index` below `parent`.
  func path(_ parent: String, _ index: Int) -> String {
    guard options.recordsLocations else { return "" }
    return path(parent, String(index))
  }

  /// The location of byte `offset`.
  mutating func location(at offset: Int) -> SourceLocation {
    text.location(at: offset)
  }

  /// An error at byte `offset`.
  mutating func error(_ message: String, at offset: Int) -> Diagnostic {
    Diagnostic(message, at: text.location(at: offset), file: text.file)
  }

  /// Records where the entry at `path` starts; the first record of a path wins.
  mutating func record(_ path: String, key keyOffset: Int?, value valueOffset: Int) {
    guard options.recordsLocations else { return }
    record(path, keyLocation: keyOffset.map { text.location(at: $0) }, value: valueOffset)
  }

  /// Records where the entry at `path` starts, its key at a location found before: a CSV
  /// header's column names, which every record shares, are located once rather than once a
  /// record (each time counting the header line's characters again).
  mutating func record(_ path: String, keyLocation key: SourceLocation?, value valueOffset: Int) {
    guard options.recordsLocations else { return }
    let entry = LocatedDocument.NodeLocation(key: key, value: text.location(at: valueOffset))
    // One hash in the usual case; a path seen before (a repeated key) keeps its first entry.
    if let first = locations.updateValue(entry, forKey: path) { locations[path] = first }
  }

  /// Fails when a container opened at `offset` would nest deeper than allowed.
  mutating func checkDepth(_ depth: Int, at offset: Int) throws(Diagnostic) {
    if depth > options.maximumDepth {
      throw error("nesting is deeper than \(options.maximumDepth) levels", at: offset)
    }
  }

  /// Fails when `key` is already in `dictionary`, unless the options allow repeated keys (the
  /// later value then replaces the earlier one in the earlier place).
  mutating func checkDuplicate(
    _ key: String, in dictionary: ValueDictionary, path: String, keyOffset: Int
  ) throws(Diagnostic) {
    guard dictionary[key] != nil, !options.allowsDuplicateKeys else { return }
    var message = "duplicate key '\(key)'"
    if let first = locations[path]?.key {
      message += " (first defined at \(first.line):\(first.column))"
    }
    throw error(message, at: keyOffset)
  }

  /// The finished document.
  func document(root: Value, format: DocumentFormat) -> LocatedDocument {
    LocatedDocument(root: root, format: format, file: text.file, locations: locations)
  }
}
