import Foundation

/// The checks a value goes through before a draft accepts it.
package enum Validator {
  /// Parses text entered into a typed field, then checks type, requiredness, range, choices
  /// and custom rules. Returns the value to keep and, when it is not valid, why.
  static func check(
    _ entered: Value, for property: PropertyDefinition?, name: String, draft: Draft,
    context: RowContext?
  ) -> (Value, String?) {
    let title = property?.title ?? Humanizer.title(for: name)
    let kind = property?.valueKind ?? draft.object.valueKind(forKeyPath: name)
    var value = entered
    // Text typed into a field of another type is parsed, never coerced silently.
    if case .string(let text) = entered, let target = kind?.unwrapped, target != .string,
      target != .any
    {
      let type = target.scalarType
      if let type, type != .string {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
          value = .null
        } else {
          do { value = try Value.parse(text, as: type) } catch {
            return (entered, "\(title): \(error.description)")
          }
        }
      }
    }
    if isEmpty(value) {
      if property?.isRequired == true { return (value, "\(title) is required") }
      if let kind, !kind.isOptional, kind.unwrapped.scalarType != .string, value.isNull,
        property?.resolvedType != .selection
      {
        return (value, "\(title) needs a value")
      }
      return (value, custom(value, property, draft, context))
    }
    if let kind, !kind.accepts(value), !(kind.unwrapped == .double && value.type == .int) {
      return (value, "\(title) must be \(describe(kind)), not \(value.type.inWords)")
    }
    if let attributes = property?.attributes, let number = value.doubleValue,
      value.type == .int || value.type == .double
    {
      if let minimum = attributes.minimum, number < minimum {
        return (value, "\(title) must be at least \(Value.format(minimum))")
      }
      if let maximum = attributes.maximum, number > maximum {
        return (value, "\(title) must be at most \(Value.format(maximum))")
      }
      if !attributes.allowsFloat, number.rounded() != number {
        return (value, "\(title) must be a whole number")
      }
    }
    if let property, property.resolvedType == .selection, !property.attributes.items.isEmpty,
      let problem = checkSelection(value, property)
    {
      return (value, "\(title): \(problem)")
    }
    return (value, custom(value, property, draft, context))
  }

  private static func custom(
    _ value: Value, _ property: PropertyDefinition?, _ draft: Draft, _ context: RowContext?
  ) -> String? {
    let actions = (property?.actions ?? RowActions()).overriding(draft.definition.rowActions)
    guard let rule = actions.valueIsValid else { return nil }
    let context =
      context
      ?? RowContext(
        rowID: RowID(.string(property?.name ?? "")), propertyName: property?.name,
        values: draft.reader)
    return rule(value, context)
  }

  /// Checks a value a person entered as ``check(_:for:name:draft:context:)`` does, and that a
  /// choice among a store's objects has the shape a chooser writes. The shape is checked only
  /// on entry: a store may give a fetched object's choice another shape (a key), which it
  /// reads back as it wrote it.
  static func checkEntered(
    _ entered: Value, for property: PropertyDefinition?, name: String, draft: Draft,
    context: RowContext?
  ) -> (Value, String?) {
    let (value, problem) = check(entered, for: property, name: name, draft: draft, context: context)
    guard problem == nil, let property, !isEmpty(value),
      let shape = checkObjectChoice(value, property)
    else { return (value, problem) }
    return (value, "\(property.title) \(shape)")
  }

  /// Refuses a choice among a store's objects that is not what a chooser writes: one object,
  /// or a list of objects when several may be chosen. A store would otherwise write another
  /// shape as no choice, and the object would keep a value its row never gives back.
  private static func checkObjectChoice(_ value: Value, _ property: PropertyDefinition) -> String? {
    let attributes = property.attributes
    guard property.resolvedType == .objectSelection,
      attributes.itemsStore != nil || attributes.asyncItemsStore != nil
    else { return nil }
    guard attributes.allowsMultipleSelection else {
      guard case .object = value else { return "must be one item, not \(value.type.inWords)" }
      return nil
    }
    guard let items = value.arrayValue else {
      return "must be a list of items, not \(value.type.inWords)"
    }
    if let other = items.first(where: { if case .object = $0 { false } else { true } }) {
      return "must hold items, not \(other.type.inWords)"
    }
    return nil
  }

  private static func checkSelection(_ value: Value, _ property: PropertyDefinition) -> String? {
    let items = property.attributes.items
    let chosen = value.arrayValue ?? [value]
    if chosen.count > 1 && !property.attributes.allowsMultipleSelection {
      return "choose one item"
    }
    for item in chosen {
      switch property.attributes.selectionStorage {
      case .index:
        guard let index = item.intValue, items.indices.contains(index) else {
          return "\(item.displayText) is not one of the choices"
        }
      case .value:
        guard items.contains(item) else { return "\(item.displayText) is not one of the choices" }
      }
    }
    return nil
  }

  static func isEmpty(_ value: Value) -> Bool {
    switch value {
    case .null: true
    case .string(let s): s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    case .array(let a): a.isEmpty
    default: false
    }
  }

  /// What a kind of value is called in a message for the people who use the app: "a whole
  /// number", "true or false".
  package static func describe(_ kind: ValueKind) -> String {
    switch kind.unwrapped {
    case .string: "text"
    case .bool: "true or false"
    case .int: "a whole number"
    case .double: "a number"
    case .date: "a date"
    case .data: "data"
    case .array: "a list"
    case .dictionary: "a dictionary"
    case .object(let info): "a \(info.name)"
    case .choice(let base, _): "one of its choices (\(describe(base)))"
    default: kind.description
    }
  }

  static func message(for error: BindingError, title: String) -> String {
    switch error {
    case .typeMismatch(_, let expected, let found): "\(title) must be \(expected), not \(found)"
    default: "\(title): \(error.description)"
    }
  }
}

extension ValueKind {
  /// The scalar value type this kind holds, if it is a scalar.
  var scalarType: ValueType? {
    switch unwrapped {
    case .string: .string
    case .int: .int
    case .double: .double
    case .bool: .bool
    case .date: .date
    case .choice(let base, _): base.scalarType
    default: nil
    }
  }
}
