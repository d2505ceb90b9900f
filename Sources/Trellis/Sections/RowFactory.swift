import Foundation

/// Makes the row for one property of a draft's definition.
enum RowFactory {
  static func row(forProperty name: String, draft: Draft, id: RowID) -> Row {
    let definition = draft.definition
    let property = definition[name] ?? PropertyDefinition(name: name, isCustom: name.hasPrefix("~"))
    let type = resolvedType(property, draft: draft)
    var row = Row(id: id, kind: type, text: property.title)
    row.propertyName = property.isCustom ? "~" + property.name : property.name
    row.attributes = rowAttributes(property)
    row.validationMessage = property.isCustom ? nil : draft.message(property.name)
    let reader = draft.reader
    if let visible = property.visibleWhen { row.isVisible = visible(reader) }
    if let enabled = property.enabledWhen { row.isEnabled = enabled(reader) }
    row.actions = property.actions.overriding(definition.rowActions)
    if let related = property.attributes.relatedItems {
      // The inverse of a to-one: a count, and a list pushed from the related store.
      row.kind = .arrayOfObjects
      disclose(&row, related.count(for: .object(ObjectReference(draft.target))).map(String.init))
      return row
    }
    if property.isCustom {
      configureCustom(&row, property, draft)
    } else {
      let binding = RowBinding(
        object: draft, keyPath: property.name, valueKind: property.valueKind,
        read: { draft.value(property.name) ?? .null },
        write: { value in draft.setValue(value, for: property.name) })
      row.binding = binding
      configureValue(&row, property, type, draft)
    }
    return row
  }

  static func resolvedType(_ property: PropertyDefinition, draft: Draft) -> RowKind {
    if property.type != nil || property.valueKind != nil || property.isCustom {
      return property.resolvedType
    }
    // Untyped data (dictionaries, documents): detect from the current value.
    var typed = property
    typed.valueKind = draft.value(property.name)?.inferredKind
    return typed.resolvedType
  }

  static func rowAttributes(_ property: PropertyDefinition) -> RowAttributes {
    var attributes = property.attributes.row
    if property.valueKind?.unwrapped == .int { attributes.allowsFloat = false }
    if attributes.choices.isEmpty, case .choice(_, let choices)? = property.valueKind?.unwrapped {
      attributes.choices = choices
    }
    attributes.choiceTitles = attributes.choices.map(\.displayText)
    attributes.isRequired = property.isRequired
    return attributes
  }

  private static func configureValue(
    _ row: inout Row, _ property: PropertyDefinition, _ type: RowKind, _ draft: Draft
  ) {
    let value = draft.value(property.name) ?? .null
    switch type {
    case .selection:
      disclose(&row, selectionText(value, property))
    case .objectSelection, .object:
      disclose(&row, value.isNull ? nil : nestedTitle(value, property))
    case .arrayOfObjects:
      draft.observeChildren()
      disclose(&row, String(value.arrayValue?.count ?? 0))
    case .date:
      // A date with a time of day that no format speaks of (a property list's date, say)
      // shows its time, and hosts edit it: the day alone would hide it, and lose it on edit.
      if row.attributes.dateFormat == nil, let date = value.dateValue,
        DateText.hasTimeOfDay(date)
      {
        row.attributes.dateFormat = DateText.dayAndTime
      }
      row.detailText = value.dateValue.map {
        DateText.format($0, pattern: row.attributes.dateFormat)
      }
    case .label:
      row.detailText = value.displayText
    default:
      break
    }
  }

  /// Makes `row` open its detail screen, with `detail` (a choice, a count) beside its title.
  private static func disclose(_ row: inout Row, _ detail: String?) {
    row.detailText = detail
    row.accessory = .disclosureIndicator
    row.action = .pushDetail
  }

  private static func configureCustom(
    _ row: inout Row, _ property: PropertyDefinition, _ draft: Draft
  ) {
    if property.objectBindings.isEmpty && property.attributes.template == nil {
      row.kind = .button
      return
    }
    row.kind = .custom
    var values = ValueDictionary()
    for binding in property.objectBindings {
      values[String(binding.tag)] = draft.value(binding.keyPath) ?? .null
    }
    let bindings = property.objectBindings
    row.binding = RowBinding(
      object: draft, keyPath: "~" + property.name, valueKind: .dictionary(.any),
      read: { .dictionary(values) },
      write: { value throws(BindingError) in
        guard case .dictionary(let entered) = value else {
          throw .typeMismatch(
            keyPath: "~" + property.name, expected: "Dictionary", found: value.type.description)
        }
        for (tag, newValue) in entered {
          guard let binding = bindings.first(where: { String($0.tag) == tag }) else {
            throw .unknownKey(keyPath: "~" + property.name, key: tag, on: "custom row")
          }
          draft.setValue(newValue, for: binding.keyPath)
        }
      })
  }

  static func selectionText(_ value: Value, _ property: PropertyDefinition) -> String? {
    let items = property.attributes.items
    let chosen = value.arrayValue ?? (value.isNull ? [] : [value])
    let texts = chosen.map { item -> String in
      if property.attributes.selectionStorage == .index, let index = item.intValue,
        items.indices.contains(index)
      {
        return items[index].displayText
      }
      return item.displayText
    }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }

  static func nestedTitle(_ value: Value, _ property: PropertyDefinition) -> String? {
    // Several chosen objects (a task's tags): their titles, in order.
    if case .array(let items) = value {
      let titles = items.compactMap { nestedTitle($0, property) }.filter { !$0.isEmpty }
      return titles.isEmpty ? nil : titles.joined(separator: ", ")
    }
    if let nested = property.attributes.nestedDefinition { return nested.title(of: value) }
    // A nested dictionary is named as an object is: a publisher by its name, not its keys;
    // one with neither by its first few plain values (an address by its street and city).
    if case .dictionary(let entry) = value {
      return ObjectTitle.text(for: entry) ?? ObjectTitle.summary(of: entry)
    }
    return RowSnapshot.displayable(value).displayText
  }
}

/// Formats dates for rows: a `DateFormatter` pattern, or the ISO-8601 day.
package enum DateText {
  /// The pattern of a day and a time to the second.
  package static let dayAndTime = "yyyy-MM-dd HH:mm:ss"

  /// Whether `date` is not at midnight, in UTC, as Trellis reads and writes dates.
  static func hasTimeOfDay(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSince1970
    return seconds.isFinite && seconds - (seconds / 86_400).rounded(.down) * 86_400 != 0
  }

  /// `date` as a field shows it for typing: in the row's pattern when text in that pattern
  /// reads back as a date (`yyyy-MM-dd HH:mm`), with its time when it has one and no pattern
  /// says; `nil` when the pattern writes text that does not read back (`MMM d`).
  package static func fieldText(_ date: Date, pattern: String?) -> String? {
    let text = shown(date, pattern: pattern)
    return DateTextLayout.date(from: text) == nil ? nil : text
  }

  /// `date` in `pattern`, or, without one, as its day, with its time when it has one.
  package static func shown(_ date: Date, pattern: String?) -> String {
    format(date, pattern: pattern ?? (hasTimeOfDay(date) ? dayAndTime : nil))
  }

  static func format(_ date: Date, pattern: String?) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = pattern ?? "yyyy-MM-dd"
    return formatter.string(from: date)
  }
}

extension Value {
  /// The text a row that discloses this value shows beside its title: an object's or a
  /// dictionary's title or name, several chosen ones' titles joined; `nil` for nothing.
  package var disclosedTitle: String? {
    isNull ? nil : RowFactory.nestedTitle(self, PropertyDefinition(name: "value"))
  }
}
