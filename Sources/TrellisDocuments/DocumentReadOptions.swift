import TrellisValues

/// How a document is read: the limits that make hostile input fail cleanly, and what to record.
public struct DocumentReadOptions: Hashable, Sendable {
  /// How deeply arrays and dictionaries may nest. Deeper input is an error, not a crash.
  public var maximumDepth: Int
  /// Whether a dictionary may repeat a key. By default it is an error: keeping either value
  /// would silently lose the other. When allowed, the later value replaces the earlier one in
  /// the earlier place, and the location map keeps the first occurrence.
  public var allowsDuplicateKeys: Bool
  /// Whether to fill ``LocatedDocument/locations``. Turn it off for large data documents whose
  /// entries never need a located message; syntax errors are located either way.
  public var recordsLocations: Bool

  /// Creates options; the defaults suit descriptors and documents edited by hand.
  public init(
    maximumDepth: Int = 256, allowsDuplicateKeys: Bool = false, recordsLocations: Bool = true
  ) {
    self.maximumDepth = maximumDepth
    self.allowsDuplicateKeys = allowsDuplicateKeys
    self.recordsLocations = recordsLocations
  }
}
