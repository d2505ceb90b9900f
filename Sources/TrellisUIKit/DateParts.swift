/// The parts of a date a row's picker edits, as its format shows them
/// (``RowAttributes/showsDay``, ``RowAttributes/showsTime``).
public enum DateParts: Hashable, Sendable {
  /// The day alone.
  case day
  /// The day and its time.
  case dayAndTime
  /// The time of day alone, on the day the row holds.
  case time
}
