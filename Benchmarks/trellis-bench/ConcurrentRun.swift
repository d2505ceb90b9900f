import Foundation
import Trellis

/// What the sessions of one concurrent case share: when measuring starts and ends, when each
/// edit was committed, and what they measured, from whichever event loop they run on.
final class ConcurrentRun: Sendable {
  /// The measured window: samples before its start, or at or after its end, are not measured.
  /// Set once every session is connected (``measure(from:for:)``); until then, nothing is.
  private let window = Locked<(from: ContinuousClock.Instant, to: ContinuousClock.Instant)?>(nil)
  /// The least rest on the list between edits, in milliseconds.
  let rest: Int
  /// How many sessions edit; the others only watch the list.
  let editors: Int
  /// The tasks the list starts with, which it shows first: sessions rename only those, so
  /// that no session renames a task another added (a session that connects late sees them).
  static let editableRows = 200

  private struct Tally {
    /// Event → reply, and commit → changeset in another session, in milliseconds.
    var replies: [Double] = []
    var fanout: [Double] = []
    var errors = 0
    /// How many times Done found the task renamed by another session since its form opened.
    var conflicts = 0
    /// When each edit was committed, by its marker's key, and the markers of the tasks
    /// added.
    var commits: [Int: ContinuousClock.Instant] = [:]
    var added: [String] = []
    /// The first session that failed, and why.
    var failure: String?
    /// What each page that keeps its rows (``keepsRows(_:)``) showed when it closed, or why
    /// it could not keep them, by session.
    var pages: [Int: Result<PageMirror, MirrorError>] = [:]
  }

  private let tally = Locked(Tally())

  /// Every how many watching sessions one keeps its page's rows, to be compared with a fresh
  /// page's at the end; 0 for none.
  let keepRowsEvery: Int

  init(rest: Int, editors: Int, keepRowsEvery: Int = 0) {
    self.rest = rest
    self.editors = editors
    self.keepRowsEvery = keepRowsEvery
  }

  /// Whether session `index` keeps its page's rows (a ``PageMirror``): one watching session
  /// in every ``keepRowsEvery``, the first among them.
  func keepsRows(_ index: Int) -> Bool {
    index >= editors && keepRowsEvery > 0 && (index - editors) % keepRowsEvery == 0
  }

  /// Records what session `index`'s page showed when it closed.
  func pageClosed(_ index: Int, showing page: Result<PageMirror, MirrorError>) {
    tally.withLock { $0.pages[index] = page }
  }

  /// How many of the pages that kept their rows, of the sessions before `fresh`, differ from
  /// the page of session `fresh`, opened after the last edit; with the first difference. A
  /// page that could not keep its rows differs.
  func pagesDiffering(from fresh: Int) -> (count: Int, first: String?) {
    let pages = tally.withLock { $0.pages }
    guard case .success(let truth)? = pages[fresh], truth.rowCount > 0 else {
      return (pages.count, "the fresh page showed no rows")
    }
    var count = 0
    var first: String?
    for (index, page) in pages.sorted(by: { $0.key < $1.key }) where index != fresh {
      let difference: String? =
        switch page {
        case .success(let mirror): mirror.difference(from: truth)
        case .failure(let error): error.description
        }
      guard let difference else { continue }
      count += 1
      first = first ?? "session \(index): \(difference)"
    }
    return (count, first)
  }

  /// Measures from `start` for `seconds`.
  func measure(from start: ContinuousClock.Instant, for seconds: Double) {
    window.withLock { $0 = (start, start + .milliseconds(Int(seconds * 1000))) }
  }

  /// When measuring starts; far away until the window is set.
  var measureFrom: ContinuousClock.Instant {
    window.withLock { $0?.from } ?? .now + .seconds(86_400)
  }

  /// When measuring ends; far away until the window is set.
  var deadline: ContinuousClock.Instant {
    window.withLock { $0?.to } ?? .now + .seconds(86_400)
  }

  /// Records the reply, at `now`, to an event sent at `sent`; `error` when the server refused
  /// it.
  func replied(sent: ContinuousClock.Instant, at now: ContinuousClock.Instant, error: Bool) {
    let (from, to) = (measureFrom, deadline)
    let measured = sent >= from && now < to
    guard measured || error else { return }
    tally.withLock {
      if measured { $0.replies.append(WebBench.milliseconds(sent.duration(to: now))) }
      if error { $0.errors += 1 }
    }
  }

  /// Records that edit `marker`, whose key is `key` (``WebBench/markerKey(session:edit:)``),
  /// was committed at `instant`; `added` when it adds a task (no later edit renames those).
  func committed(_ marker: String, key: Int, at instant: ContinuousClock.Instant, added: Bool) {
    tally.withLock {
      $0.commits[key] = instant
      if added { $0.added.append(marker) }
    }
  }

  /// Records that another session's edit, whose marker's key is `key`, reached a list at
  /// `now`.
  func fannedOut(_ key: Int, at now: ContinuousClock.Instant) {
    let (from, to) = (measureFrom, deadline)
    guard now < to else { return }
    tally.withLock {
      guard let at = $0.commits[key], at >= from else { return }
      $0.fanout.append(WebBench.milliseconds(at.duration(to: now)))
    }
  }

  /// Records that Done found the task renamed by another session (the form showed both).
  func conflicted() {
    tally.withLock { $0.conflicts += 1 }
  }

  /// Records why a session failed; the first failure is the case's.
  func failed(_ why: String) {
    tally.withLock { $0.failure = $0.failure ?? why }
  }

  var replyTimes: [Double] { tally.withLock { $0.replies } }
  var fanoutTimes: [Double] { tally.withLock { $0.fanout } }
  var errors: Int { tally.withLock { $0.errors } }
  var conflicts: Int { tally.withLock { $0.conflicts } }
  var failure: String? { tally.withLock { $0.failure } }
  /// The markers of the tasks added.
  var added: [String] { tally.withLock { $0.added } }
}
