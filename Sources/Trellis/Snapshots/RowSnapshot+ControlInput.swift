import Foundation

extension RowSnapshot {
  /// The value `input` means for this row, as its kind and its current value expect it.
  ///
  /// Text fields take text (a number or flag becomes its text); numeric fields, sliders and
  /// segmented controls take numbers or numeric text (whole numbers where the row holds an
  /// integer, disallows fractions, or is segmented), within the row's minimum and maximum and,
  /// for a segmented control, naming one of its segments; switches take flags; dates take ISO
  /// 8601 text naming a real calendar date, or, for a row that shows only a time of day
  /// (``RowAttributes/showsDay``), its time (`14:30`, `14:30:15`), on the day the row holds.
  /// Empty text clears numbers and dates.
  ///
  /// - Throws: ``ControlInputError`` naming the row when the input does not fit it, or when the
  ///   row has no value to set.
  public func value(for input: ControlInput) throws(ControlInputError) -> Value {
    let name = text ?? "the row"
    switch kind {
    case .textField, .textView, .imagePicker:
      switch input {
      case .text(let text): return .string(text)
      case .number(let number): return .string(Self.numberText(number))
      case .bool(let flag): return .string(flag ? "true" : "false")
      case .none: return .null
      }
    case .numericTextField, .slider, .segmented:
      guard let number = try Self.number(from: input, for: name) else { return .null }
      try checkBounds(number, name: name)
      var holdsInt = false
      if case .int = value { holdsInt = true }
      guard kind == .segmented || !attributes.allowsFloat || holdsInt else {
        return .double(number)
      }
      // Whole numbers typed as text are read exactly: past 2^53 a fraction loses digits.
      if case .text(let text) = input,
        let whole = Int(text.trimmingCharacters(in: .whitespaces))
      {
        return .int(whole)
      }
      guard number.rounded() == number, abs(number) < 9e15 else {
        throw ControlInputError("\(Self.numberText(number)) is not a whole number")
      }
      return .int(Int(number))
    case .switch:
      guard case .bool(let flag) = input else {
        throw ControlInputError("\(text ?? "the switch") needs true or false")
      }
      return .bool(flag)
    case .date:
      switch input {
      case .none: return .null
      case .text(let text) where text.isEmpty: return .null
      case .text(let text):
        if !attributes.showsDay, let time = timeOfDay(text) { return .date(time) }
        do { return try Value.parse(text, as: .date) } catch {
          throw ControlInputError(error.description)
        }
      default: throw ControlInputError("\(text ?? "the date") needs a date")
      }
    default:
      throw ControlInputError("\(name) (\(kind.rawValue)) has no value to set")
    }
  }

  /// Refuses a number outside the row's range: a segment that does not exist, or a value
  /// below the row's minimum or above its maximum.
  private func checkBounds(_ number: Double, name: String) throws(ControlInputError) {
    let text = Self.numberText(number)
    if kind == .segmented {
      let count =
        attributes.segmentTitles.isEmpty
        ? attributes.choices.count : attributes.segmentTitles.count
      guard count == 0 || (number >= 0 && number < Double(count)) else {
        throw ControlInputError(
          "\(name) has \(count) segments, numbered 0 to \(count - 1): \(text) is not one of them")
      }
    }
    if let minimum = attributes.minimum, number < minimum {
      throw ControlInputError(
        "\(name) is at least \(Self.numberText(minimum)): \(text) is too small")
    }
    if let maximum = attributes.maximum, number > maximum {
      throw ControlInputError(
        "\(name) is at most \(Self.numberText(maximum)): \(text) is too large")
    }
  }

  /// The number in `input`, `nil` for no value or blank text.
  private static func number(from input: ControlInput, for name: String)
    throws(ControlInputError) -> Double?
  {
    switch input {
    case .number(let number): return number
    case .none: return nil
    case .bool: throw ControlInputError("\(name) needs a number")
    case .text(let text):
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { return nil }
      guard let number = Double(trimmed), number.isFinite else {
        throw ControlInputError("\"\(text)\" is not a number")
      }
      return number
    }
  }

  /// A number as a person would type it: `3` rather than `3.0` (hosts show numbers so too).
  /// The text a field shows for the row's value: a number with the row's
  /// ``RowAttributes/fractionDigits`` when it has them, a date row's time when it shows no
  /// day, any other value as its display text; empty for nothing.
  public var fieldText: String {
    guard let value, value != .null else { return "" }
    if kind == .numericTextField, let digits = attributes.fractionDigits,
      let number = value.doubleValue, number.isFinite, (0...20).contains(digits)
    {
      return String(format: "%.\(digits)f", number)
    }
    if kind == .date, !attributes.showsDay, let date = value.dateValue {
      return Self.timeText(date)
    }
    return value.displayText
  }

  package static func numberText(_ number: Double) -> String {
    if number.rounded() == number && abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }
}
