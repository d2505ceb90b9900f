/// Settings for one diff.
public struct DiffOptions: Hashable, Sendable {
  /// Above this many updates, the diff answers "reload everything"
  /// (``FullReloadReason/tooManyChanges(count:limit:)``). `nil` means no limit.
  public var maxChangeCount: Int?

  /// Creates options.
  public init(maxChangeCount: Int? = nil) {
    self.maxChangeCount = maxChangeCount
  }
}
