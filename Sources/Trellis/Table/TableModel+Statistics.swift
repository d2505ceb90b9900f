extension TableModel {
  /// Counts of the work a model did, for tests that check what one event costs.
  package struct Statistics: Hashable, Sendable {
    /// Times ``TableModel/processChanges()`` was called.
    package var processChangesCalls = 0
    /// Times ``TableModel/processChanges()`` found changes and rendered them.
    package var processChangesRuns = 0
    /// Rows built by their sections: to render them, or to edit or select one.
    package var rowBuilds = 0
    /// Times a list section fetched its items from its store.
    package var fetches = 0
    /// Element identities read to render sections: every element's for a whole render, and
    /// only those of the rows rendered again for an edit at known positions.
    package var identitiesRead = 0

    package init() {}
  }
}
