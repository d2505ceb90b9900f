/// How a section that renders rows on demand makes a row when a host first reads it.
struct DeferredRowMaker {
  /// Makes the row of element `index` as the content was when the maker was made.
  var make: (Int) -> Row
  /// What the rows from the maker's first element on show, kept when the maker was made, when
  /// the section can tell: two rows no host read show the same exactly when these are equal,
  /// so a change to an element no host read still reaches the hosts that keep rows of their
  /// own. `nil` when the section cannot tell; such rows then count as the same.
  var values: [Value]?
}
