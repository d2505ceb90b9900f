import Dispatch
import Foundation
import Trellis

/// What Observation keeps for screens since closed, let go of.
///
/// Every screen over the settings (each window of a web app shares the one object) reads its
/// keys under observation, and Observation drops what a read registered only when one of the
/// keys read changes. A window closed meanwhile leaves its registrations behind: about 13 KB
/// each on the Settings demo, without bound while no setting changes. So once the reads since
/// the last time outnumber those of the open screens, every key is announced as changed: the
/// open screens draw their rows again (the same values, so hosts are sent nothing), and what
/// closed screens left is let go of.
extension UserDefaultsObject {
  /// The reads counted since closed screens' registrations were last let go of.
  struct ReadCount: Sendable {
    var sinceRelease = 0
    /// How many reads the next release waits for: twice the open screens' reads.
    var allowed = ReadCount.least
    /// When the last release was, while the open screens' reads that follow it are counted.
    var releasedAt: ContinuousClock.Instant?
    /// How many releases there were.
    var releases = 0

    /// The fewest reads a release waits for.
    static let least = 2_000
    /// How long the open screens take to read again after a release, at most.
    static let rereading = Duration.seconds(2)
  }

  /// Counts a read under observation; starts a release once reads outnumber what is allowed.
  func countRead() {
    let now = ContinuousClock.now
    let releases = reads.withLock { count -> Bool in
      count.sinceRelease += 1
      if let releasedAt = count.releasedAt {
        // The open screens read again after a release: they set what the next one waits for.
        guard now - releasedAt > ReadCount.rereading else { return false }
        count.allowed = Swift.max(ReadCount.least, 2 * count.sinceRelease)
        count.releasedAt = nil
      }
      guard count.sinceRelease > count.allowed else { return false }
      count.sinceRelease = 0
      count.releasedAt = now
      count.releases += 1
      return true
    }
    // Not inside the read: it runs in a screen's drawing, under its observation.
    if releases {
      DispatchQueue.global().async { [weak self] in self?.releaseClosedScreens() }
    }
  }

  /// Announces every key as changed, its value unchanged.
  func releaseClosedScreens() {
    for key in initial.keys { registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {} }
  }
}
