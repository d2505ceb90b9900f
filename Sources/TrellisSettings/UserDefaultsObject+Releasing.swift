import Trellis
import TrellisValues

/// Every window of a web app shares the one settings object: what the closed ones' reads left
/// with Observation is let go of when the core asks (``ObservationReleasing``).
extension UserDefaultsObject: ObservationReleasing {
  /// Announces every key as changed, its value unchanged.
  public func announceUnchanged() {
    for key in initial.keys { registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {} }
  }
}
