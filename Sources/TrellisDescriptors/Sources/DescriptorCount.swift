import Trellis

/// A text that says how many items a source holds, in words (`12 rows`), and follows it: the
/// canonical `{"count": {"sqlite": {...}}, "unit": "row"}`.
///
/// The source is opened as a section's is, so a row that counts a table and the list that
/// shows it share one store: what the list adds or deletes, and what other programs change
/// that the store reports, changes the count in every screen that shows it.
public struct DescriptorCount: Hashable, Sendable {
  /// The source whose items are counted.
  public var source: SectionSource
  /// The word for one item (`row`).
  public var unit: String
  /// The word for any other number of items (`rows`).
  public var units: String

  /// A count of `source`'s items in `unit`s; `units` is `unit`'s plural (`category` →
  /// `categories`) unless given.
  public init(source: SectionSource, unit: String = "item", units: String? = nil) {
    self.source = source
    self.unit = unit
    self.units = units ?? EnglishNoun.plural(unit)
  }

  /// `number` in words: `1 row`, `12 rows`, `3,503 rows`.
  public func text(_ number: Int) -> String {
    "\(number.groupedDigits) \(number == 1 ? unit : units)"
  }
}
