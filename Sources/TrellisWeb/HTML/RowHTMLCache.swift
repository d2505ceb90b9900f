import Trellis

/// The HTML of rows already drawn, by rendering: a row snapshot that many sessions share (the
/// same storage, taken from the list they share) is drawn once for all of them, and a list
/// drawn again (a person coming back to it) costs a lookup per row it still shows.
///
/// Entries hold their row's storage, so that its identity is not reused while they last.
/// Whenever the entries have doubled since the last time (from ``least`` on), those whose row
/// nothing else holds any more (a closed window's) leave, so that the cache holds about what
/// open windows show, not what every window ever showed; at its limit it empties itself. Safe
/// from any thread: the sockets' event loops draw at once.
final class RowHTMLCache: Sendable {
  private struct Key: Hashable {
    var rendering: ObjectIdentifier
    var editing: Bool
    /// The row's position when it is drawn with it (in a virtual section), else -1.
    var position: Int
    /// The `id` of the footer that describes the row's field, if one does.
    var footnote: String?
  }

  private struct Entry {
    var rendering: AnyObject
    let html: String
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    /// How many entries make the next sweep of rows nothing else holds.
    var sweepAt: Int
  }

  // Sound: an entry's rendering object is only compared by identity, never read.
  private let state: UncheckedLocked<State>
  /// How many rows it holds at most.
  let limit: Int
  /// How many entries the first sweep waits for.
  static let least = 1_024

  init(limit: Int = 20_000) {
    self.limit = limit
    state = UncheckedLocked(State(sweepAt: min(limit, Self.least)))
  }

  /// The HTML of `row`: drawn before, or by `draw` now.
  func html(
    for row: RowSnapshot, editing: Bool, position: Int?, footnote: String? = nil,
    draw: () -> String
  ) -> String {
    guard let rendering = row.renderingObject else { return draw() }
    let key = Key(
      rendering: ObjectIdentifier(rendering), editing: editing, position: position ?? -1,
      footnote: footnote)
    if let hit = state.withLock({ $0.entries[key] }), hit.rendering === rendering {
      return hit.html
    }
    let html = draw()
    state.withLock { state in
      if state.entries.count >= state.sweepAt { Self.sweep(&state, limit: limit) }
      state.entries[key] = Entry(rendering: rendering, html: html)
    }
    return html
  }

  /// Drops the entries whose row only the cache holds; empties the cache when what is left
  /// still reaches the limit.
  private static func sweep(_ state: inout State, limit: Int) {
    for key in state.entries.keysHeldOnlyHere(\.rendering) { state.entries[key] = nil }
    if state.entries.count >= limit { state.entries.removeAll(keepingCapacity: true) }
    state.sweepAt = min(limit, max(least, 2 * state.entries.count))
  }

  /// How many rows it holds now.
  var count: Int { state.withLock { $0.entries.count } }
}
