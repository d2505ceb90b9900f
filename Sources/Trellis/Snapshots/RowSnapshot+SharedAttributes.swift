extension RowSnapshot {
  /// A row's attributes when any differs from the default, held once for the rows that have
  /// the same ones: the rows a list makes in one rendering share one.
  ///
  /// A plain row's attributes are mostly unset, yet as a value they are larger than the rest
  /// of the row. Out of line, a row that sets none holds nothing, and a long list holds one
  /// copy of what its rows set.
  final class SharedAttributes: Hashable, Sendable {
    let value: RowAttributes

    private init(_ value: RowAttributes) { self.value = value }

    /// The default attributes, which a row that sets none reads.
    static let none = RowAttributes()

    /// `value` held out of line, or `nil` when it is the default; `last`, when it holds the
    /// same, is shared rather than copied.
    static func make(_ value: RowAttributes, sharing last: SharedAttributes? = nil)
      -> SharedAttributes?
    {
      if let last, last.value == value { return last }
      return value == none ? nil : SharedAttributes(value)
    }

    static func == (lhs: SharedAttributes, rhs: SharedAttributes) -> Bool {
      lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }
}
