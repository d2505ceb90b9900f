/// Limits applied while reading a document, so that hostile input fails cleanly.
public struct DocumentReadOptions: Hashable, Sendable {
  /// How deeply arrays and dictionaries may nest. Deeper input is an error, not a crash.
  public var maximumDepth: Int
  /// Whether a dictionary may repeat a key. By default it is an error: keeping either value
  /// would silently lose the other.
  public var allowsDuplicateKeys: Bool

  /// Creates options; the defaults suit descriptors and documents edited by hand.
  public init(maximumDepth: Int = 256, allowsDuplicateKeys: Bool = false) {
    self.maximumDepth = maximumDepth
    self.allowsDuplicateKeys = allowsDuplicateKeys
  }
}
