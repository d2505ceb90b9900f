import Trellis

extension DescriptorSection {
  /// A warning when the value a control row is bound to is not of the kind the control
  /// writes: a switch over text, a number field over a list. Changing the control would write
  /// its kind of value over what the data holds. An empty value, and text a date field reads
  /// as a date, are fine.
  func valueKindWarning(_ kind: RowKind, bound value: Value, _ d: RowDescriptor) -> Diagnostic? {
    let expected: String
    switch kind {
    case .switch:
      if case .bool = value { return nil }
      expected = "true or false"
    case .segmented where d.choices != nil:
      // It holds one of its choices, which the choices' own check looks at.
      return nil
    case .numericTextField, .slider, .segmented:
      switch value {
      case .int, .double: return nil
      default: expected = "a number"
      }
    case .date:
      switch value {
      case .date: return nil
      case .string(let text) where DateTextLayout.date(from: text) != nil: return nil
      default: expected = "a date"
      }
    case .textField, .textView:
      switch value {
      case .array, .dictionary, .object: expected = "text"
      default: return nil
      }
    default: return nil
    }
    if value.isNull { return nil }
    let keyPath = d.value ?? ""
    let shown =
      value.displayText.count > 40 ? String(value.displayText.prefix(40)) + "…" : value.displayText
    return binder.warning(
      "the \(kind.rawValue) row is bound to '\(keyPath)', which holds \(value.type.inWords) "
        + "(“\(shown)”), not \(expected): changing the row would write \(expected) over it",
      d.valueLocation ?? d.location)
  }

  /// What a row shows of its value, unless its descriptor says: an object's title, a list's
  /// count, a label's date in the row's format. A selection over a list chooses several.
  func describeDisclosed(
    _ current: Value, kind: RowKind, dateFormat: String?, in row: inout Row
  ) {
    switch kind {
    case .object, .objectSelection:
      if row.detailText == nil { row.detailText = current.disclosedTitle }
    case .arrayOfObjects:
      if row.detailText == nil { row.detailText = String(current.arrayValue?.count ?? 0) }
    case .selection:
      if current.arrayValue != nil { row.attributes.allowsMultipleSelection = true }
    case .label:
      // A date reads as the row's format says, or as a day (and its time when it has one).
      // Text that is a date (a JSON document's) reads so too when the row gives a format.
      let date =
        current.dateValue
        ?? (dateFormat == nil ? nil : current.stringValue.flatMap(DateTextLayout.date(from:)))
      if row.detailText == nil, let date {
        row.detailText = DateText.shown(date, pattern: dateFormat)
      }
    default:
      break
    }
  }
}
