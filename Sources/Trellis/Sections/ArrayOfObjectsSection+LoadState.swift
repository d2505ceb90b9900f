extension ArrayOfObjectsSection {
  /// Where a section's loading stands.
  public enum LoadState: Hashable, Sendable {
    /// Nothing loaded yet.
    case idle
    /// A load is under way.
    case loading
    /// Items were loaded.
    case loaded
    /// The store holds no matching item.
    case empty
    /// The store failed; the items shown are those of the last good load.
    case failed(StoreError)

    /// The message of a failed load.
    public var errorMessage: String? {
      if case .failed(let error) = self { "Could not load: \(error.description)" } else { nil }
    }
  }
}
