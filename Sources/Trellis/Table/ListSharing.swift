/// What a model asks of the lists it shares with other models that show them alike: each
/// such list is then fetched, rendered and diffed once for all of them.
///
/// A host that shows the same lists to many people at once (the web host's sessions) gives
/// every model one sharing (``TableModel/listSharing``), living on the models' domain. The
/// model calls it at three points of ``TableModel/processChanges()``; a model without one
/// does every list's work itself.
package protocol ListSharing: AnyObject {
  /// Brings the model's sections that show shared lists up to date with them, taking their
  /// stale rows and sections out of `stale`; returns the changeset that did so, from what the
  /// hosts show, or `nil` when no such section changed.
  func catchUp(_ model: TableModel, stale: inout InvalidationSink.Stale) -> TableChangeset?

  /// Lets sections about to be rendered for the first time take a shared list's rows instead,
  /// taking them out of `stale`.
  func start(_ model: TableModel, stale: inout InvalidationSink.Stale)

  /// Attaches sections that now show what a shared list shows, after the model delivered.
  func share(_ model: TableModel)
}

/// Where a section shows a shared list (``ArrayOfObjectsSection/sharingLink``).
package protocol ListSharingLink: AnyObject {
  /// The section the shared list renders: while the section shows it, its async store's
  /// loads and writes are that section's.
  var sharedSection: ArrayOfObjectsSection { get }

  /// Detaches `section`, which shows the shared list, to follow its store itself from the
  /// rows it shows.
  func leave(_ section: ArrayOfObjectsSection)
}
