import Trellis

/// The HTML of rows already drawn, by rendering: a row snapshot that many sessions share (the
/// same storage, taken from the list they share) is drawn once for all of them, and a list
/// drawn again (a person coming back to it) costs a lookup per row it still shows.
///
/// Entries hold their row's storage, so that its identity is not reused while they last; the
/// cache empties itself when it reaches its limit. Safe from any thread: the sockets' event
/// loops draw at once.
final class RowHTMLCache: Sendable {
  private struct Key: Hashable {
    var rendering: ObjectIdentifier
    var editing: Bool
    /// The row's position when it is drawn with it (in a virtual section), else -1.
    var position: Int
  }

  private struct Entry {
    let rendering: AnyObject
    let html: String
  }

  // Sound: an entry's rendering object is only compared by identity, never read.
  private let entries = UncheckedLocked([Key: Entry]())
  /// How many rows it holds at most.
  let limit: Int

  init(limit: Int = 20_000) {
    self.limit = limit
  }

  /// The HTML of `row`: drawn before, or by `draw` now.
  func html(
    for row: RowSnapshot, editing: Bool, position: Int?, draw: () -> String
  ) -> String {
    guard let rendering = row.renderingObject else { return draw() }
    let key = Key(
      rendering: ObjectIdentifier(rendering), editing: editing, position: position ?? -1)
    if let hit = entries.withLock({ $0[key] }), hit.rendering === rendering { return hit.html }
    let html = draw()
    entries.withLock { entries in
      if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(rendering: rendering, html: html)
    }
    return html
  }

  /// How many rows it holds now.
  var count: Int { entries.withLock { $0.count } }
}
