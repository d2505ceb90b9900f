extension Value {
  /// A value of the same kind holding nothing, for a new item made like this one: an empty
  /// string, zero, false, an empty list, or a dictionary of the same keys each blank. Other
  /// values (dates, data, null) give null.
  package var blank: Value {
    switch self {
    case .string: ""
    case .int: 0
    case .double: .double(0)
    case .bool: false
    case .array: []
    case .dictionary(let entries):
      .dictionary(ValueDictionary(entries.map { ($0.key, $0.value.blank) }))
    default: .null
    }
  }
}
