import TrellisValues

/// How ``DocumentWriter`` treats values a format cannot hold.
public struct DocumentWriteOptions: Hashable, Sendable {
  /// What to do with a value the format has no type for.
  public enum Conversion: Hashable, Sendable {
    /// Fail with an error naming the value's key path.
    case fail
    /// Write it as a string (see ``DocumentWriter``); reading it back gives the string.
    case writeAsStrings
  }

  /// What to do with a value the format has no type for.
  public var conversion: Conversion
  /// How deeply arrays and dictionaries may nest; deeper trees are an error.
  public var maximumDepth: Int

  /// Creates options. The defaults fail on anything lossy.
  public init(conversion: Conversion = .fail, maximumDepth: Int = 256) {
    self.conversion = conversion
    self.maximumDepth = maximumDepth
  }
}
