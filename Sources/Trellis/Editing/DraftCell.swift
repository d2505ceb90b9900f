import Observation

/// One property's pending edit and message, observable on its own so that only the rows that
/// read this property re-render when it changes.
@Observable
final class DraftCell {
  /// What a person entered and has not been committed, raw (possibly invalid).
  var pending: Value?
  /// Why the pending value is not valid, if it is not.
  var message: String?
  /// Whether the pending value is input its row refused, which stays invalid until replaced.
  var isRefused = false
  /// What the property held when it was first edited (the other's value after a conflict).
  var base: Value?
  /// What the object held when `base` was set.
  var objectAtBase: Value?
  /// The other person's value, while a conflict with it is shown.
  var conflict: Value?

  /// Forgets the entered value, its message, its base and any conflict.
  func clear() {
    pending = nil
    message = nil
    isRefused = false
    base = nil
    objectAtBase = nil
    conflict = nil
  }
}
