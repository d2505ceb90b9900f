extension ArrayOfObjectsSection {
  /// Where a section's loading stands.
  public enum LoadState: Hashable, Sendable {
    /// Nothing loaded yet.
    case idle
    /// A load is under way; the items shown are those loaded so far.
    case loading(LoadPhase)
    /// Items were loaded.
    case loaded
    /// The store holds no matching item.
    case empty
    /// The store failed; the items shown are those of the last good load.
    case failed(StoreError)

    /// The message of a failed load.
    public var errorMessage: String? {
      if case .failed(let error) = self { "Could not load: \(error.message())" } else { nil }
    }

    /// Whether a load is under way.
    public var isLoading: Bool {
      if case .loading = self { true } else { false }
    }
  }

  /// Which load is under way.
  public enum LoadPhase: Hashable, Sendable {
    /// The first page of a list (or of a new search).
    case firstPage
    /// The page after those shown ("Load more").
    case nextPage
    /// The first page again, replacing what is shown when it arrives (pull to refresh).
    case refresh
  }
}
