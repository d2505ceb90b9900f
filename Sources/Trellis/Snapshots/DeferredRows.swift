import Foundation

/// Renders the rows of one section render on demand: what a section of many rows puts in its
/// snapshot instead of rendering every row up front.
///
/// Each deferred ``RowSnapshot`` knows its identity, so that diffs match it without rendering
/// it; its fields are rendered the first time a host reads them, the way UITableView asks for a
/// cell only when it scrolls into view. Rendering reads the section's elements as they were
/// when the section was rendered, so an old snapshot never shows a newer element in its place.
///
/// Rows are rendered on the thread that reads them; like the model, read a snapshot on the
/// model's own isolation domain.
final class DeferredRows: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private let render: (Int) -> RowSnapshot

  /// Creates a source whose row `index` is `render(index)`.
  init(render: @escaping (Int) -> RowSnapshot) {
    self.render = render
  }

  /// The fields of `storage`, rendered once.
  func contents(of storage: RowSnapshot.Storage) -> RowSnapshot.Contents {
    lock.withLock {
      if let rendered = storage.rendered { return rendered }
      let contents = render(storage.index).storage.contents
      storage.rendered = contents
      return contents
    }
  }

  /// Whether `storage` was rendered already.
  func isResolved(_ storage: RowSnapshot.Storage) -> Bool {
    lock.withLock { storage.rendered != nil }
  }
}
