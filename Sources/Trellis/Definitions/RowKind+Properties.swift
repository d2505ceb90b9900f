/// How a property's type is chosen and checked: a property's row is one of the ``RowKind``s.
extension RowKind {
  /// Picks the type for a declared kind: String → textField, Bool → switch, Date → date,
  /// numbers → numericTextField, a nested object → object, an array of objects →
  /// arrayOfObjects, a fixed choice → selection; anything else → label.
  public static func detect(for kind: ValueKind) -> RowKind {
    switch kind.unwrapped {
    case .string: .textField
    case .bool: .switch
    case .date: .date
    case .int, .double: .numericTextField
    case .object: .object
    case .array(let element):
      if case .object = element.unwrapped { .arrayOfObjects } else { .label }
    case .choice: .selection
    case .data, .any, .dictionary, .optional, .unsupported: .label
    }
  }

  /// Whether a property of `kind` can back this type, as STV's table of supported data types
  /// says; the reason when not.
  public func mismatch(with kind: ValueKind) -> String? {
    let base = kind.unwrapped
    let ok: Bool
    let wants: String
    switch self {
    case .plain, .label, .custom, .button, .link, .placeholder, .addItem, .loadMore:
      return nil
    case .textView, .textField:
      wants = "a String"
      ok = base == .string || base == .any || base.isChoice(of: .string)
    case .numericTextField, .slider:
      wants = "a number (Int or Double)"
      ok = base == .int || base == .double || base == .any
    case .segmented:
      wants = "an Int (the selected segment) or a String"
      ok = base == .int || base == .string || base == .any || base.isChoice(of: nil)
    case .switch:
      wants = "a Bool"
      ok = base == .bool || base == .any
    case .date:
      wants = "a Date"
      ok = base == .date || base == .any
    case .imagePicker:
      wants = "a String holding an image path"
      ok = base == .string || base == .any
    case .selection:
      wants = "a String, a number, or an array of them (multiple selection)"
      switch base {
      case .string, .int, .double, .any, .choice: ok = true
      case .array(let element):
        let e = element.unwrapped
        ok = e == .string || e == .int || e == .double || e == .any || e.isChoice(of: nil)
      default: ok = false
      }
    case .object:
      wants = "an object"
      // A document's nested dictionary is an object too: its keys are its properties.
      switch base {
      case .object, .dictionary, .any: ok = true
      default: ok = false
      }
    case .objectSelection:
      wants = "an object, or an array of objects (multiple selection)"
      switch base {
      case .object, .dictionary, .any: ok = true
      case .array(let element):
        if case .object = element.unwrapped { ok = true } else { ok = false }
      default: ok = false
      }
    case .arrayOfObjects:
      wants = "an array of objects"
      if case .array(let element) = base {
        switch element.unwrapped {
        case .object, .dictionary, .any: ok = true
        default: ok = false
        }
      } else {
        ok = base == .any
      }
    }
    return ok ? nil : "\(rawValue) needs \(wants), but the property is \(kind)"
  }
}

extension ValueKind {
  func isChoice(of base: ValueKind?) -> Bool {
    guard case .choice(let choiceBase, _) = self else { return false }
    return base == nil || choiceBase == base
  }
}
