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

    /// `value` held out of line, or `nil` when it is the default.
    static func make(_ value: RowAttributes) -> SharedAttributes? {
      value == none ? nil : SharedAttributes(value)
    }

    static func == (lhs: SharedAttributes, rhs: SharedAttributes) -> Bool {
      lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }
}

extension RowSnapshot.SharedAttributes {
  /// The attributes of the last few rows of one rendering, for the next rows to share.
  final class Recent {
    private var held: [RowSnapshot.SharedAttributes] = []

    init() {}

    /// `value` held out of line, or `nil` when it is the default: one held here when it holds
    /// the same, else a new copy, which is then held among the last few.
    func share(_ value: RowAttributes) -> RowSnapshot.SharedAttributes? {
      if let earlier = held.first(where: { $0.value == value }) { return earlier }
      guard let made = RowSnapshot.SharedAttributes.make(value) else { return nil }
      // A few: rows that alternate (odd and even reuse identifiers) still share theirs.
      if held.count == 4 { held.removeFirst() }
      held.append(made)
      return made
    }
  }
}
