import Foundation

/// Renders the rows of one section render on demand: what a section of many rows puts in its
/// snapshot instead of rendering every row up front.
///
/// Each deferred ``RowSnapshot`` is its index here: diffs match it by the identity this source
/// keeps, without rendering it, and its fields are rendered the first time a host reads them,
/// the way UITableView asks for a cell only when it scrolls into view. Rendering reads the
/// section's elements as they were when the section was rendered, so an old snapshot never
/// shows a newer element in its place.
///
/// Rows are rendered on the thread that reads them; like the model, read a snapshot on the
/// model's own isolation domain.
// Sound: every access to `rendered` holds the lock, and `render` runs on the thread that reads
// a row, which is the model's domain (snapshots are read there, like the model).
final class DeferredRows: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private let ids: [RowID]
  /// What the rows show, kept when they were made, when the section can tell
  /// (``DeferredRowMaker/values``).
  private let values: [Value]?
  private let render: (Int) -> RowSnapshot
  /// The rows rendered so far, by index.
  private var rendered: [Int: RowSnapshot.Storage] = [:]

  /// Creates a source of one row per identity in `ids`, whose row `index` is `render(index)`.
  init(ids: [RowID], values: [Value]? = nil, render: @escaping (Int) -> RowSnapshot) {
    self.ids = ids
    self.values = values
    self.render = render
  }

  /// The identity of row `index`, known without rendering it.
  func id(at index: Int) -> RowID? {
    ids.indices.contains(index) ? ids[index] : nil
  }

  /// The fields of row `index`, rendered once.
  func storage(at index: Int) -> RowSnapshot.Storage? {
    guard ids.indices.contains(index) else { return nil }
    return lock.withLock {
      if let storage = rendered[index] { return storage }
      let storage = render(index).storage ?? RowSnapshot.Storage.placeholder
      rendered[index] = storage
      return storage
    }
  }

  /// What row `index` shows, kept when it was made; `nil` when the section cannot tell.
  func keptValues(at index: Int) -> Value? {
    guard let values, values.indices.contains(index) else { return nil }
    return values[index]
  }

  /// Whether row `index` was rendered already.
  func isResolved(_ index: Int) -> Bool {
    lock.withLock { rendered[index] != nil }
  }
}
