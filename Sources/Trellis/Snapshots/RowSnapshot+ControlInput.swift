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
      case .text(let text) where kind == .imagePicker:
        try Self.checkPicture(text, for: name)
        return .string(text)
      case .text(let text): return .string(text)
      case .number(let number): return .string(Self.numberText(number))
      case .bool(let flag): return .string(flag ? "true" : "false")
      case .none: return .null
      }
    case .numericTextField, .slider, .segmented:
      guard let number = try Self.number(from: input, for: name) else { return .null }
      // Messages quote what the person typed, not the number it rounds to.
      var shown = Self.numberText(number)
      if case .text(let text) = input { shown = text.trimmingCharacters(in: .whitespaces) }
      try checkBounds(number, shown: shown, name: name)
      if kind == .segmented {
        // The segment's number picks the choice it shows, or is the value.
        guard number.rounded() == number else {
          throw ControlInputError("\(shown) is not a whole number")
        }
        return segmentValue(Int(number))
      }
      var holdsInt = false
      if case .int = value { holdsInt = true }
      guard kind == .segmented || !attributes.allowsFloat || holdsInt else {
        // A fraction keeps about 16 digits: a whole number typed with more would be stored
        // as another number, without a word.
        if case .text(let text) = input,
          let whole = Int(text.trimmingCharacters(in: .whitespaces)),
          Int(exactly: Double(whole)) != whole
        {
          throw ControlInputError(
            "\(shown) has more digits than this field keeps: it would be stored as "
              + Self.numberText(Double(whole)))
        }
        return .double(number)
      }
      // Whole numbers typed as text are read exactly: past 2^53 a fraction loses digits.
      if case .text(let text) = input,
        let whole = Int(text.trimmingCharacters(in: .whitespaces))
      {
        return .int(whole)
      }
      guard number.rounded() == number else {
        throw ControlInputError("\(shown) is not a whole number")
      }
      guard abs(number) < 9.2e18 else {
        throw ControlInputError("\(shown) is too large: whole numbers go up to \(Int.max)")
      }
      // Past 2^53 a number read through a fraction may have lost digits: ask for the digits.
      guard abs(number) < 9e15 else {
        throw ControlInputError("\(shown) is too long to read exactly: type its digits")
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
        if !attributes.showsDay, let time = timeOfDay(text) { return written(stepped(time)) }
        if !attributes.showsTime, let day = dayKeepingTime(text) { return written(day) }
        do {
          return written(stepped(try Value.parse(text, as: .date).dateValue ?? Date()))
        } catch {
          throw ControlInputError(error.description)
        }
      default: throw ControlInputError("\(text ?? "the date") needs a date")
      }
    default:
      throw ControlInputError("\(name) (\(kind.rawValue)) has no value to set")
    }
  }

  /// The value the row holds now, when it is not what `text` (what its field showed when a
  /// person began typing) reads as: another window changed it meanwhile. `nil` when they agree,
  /// or when `text` is nothing the row reads (it was refused input, which nobody else wrote).
  /// An empty value and no value agree, and so does text that a one-line field showed without
  /// the value's line breaks.
  package func changedMeanwhile(from text: String) -> Value? {
    let now = value ?? .null
    func line(_ text: String) -> String { text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } }
    // (`Value` takes `nil` as `.null`: the answers below are spelled out as optionals.)
    // Text the row would show now is no change, however it reads back.
    if text == fieldText { return Optional.none }
    let agrees: Bool
    switch kind {
    case .textField, .textView, .imagePicker:
      // A text field shows any value as its display text.
      agrees = line(text) == line(now == .null ? "" : now.displayText)
    default:
      guard let before = try? value(for: .text(text)) else { return Optional.none }
      agrees = before == now
    }
    return agrees ? Optional.none : Optional.some(now)
  }

  /// Refuses a number outside the row's range: a segment that does not exist, or a value
  /// below the row's minimum or above its maximum.
  private func checkBounds(_ number: Double, shown text: String, name: String)
    throws(ControlInputError)
  {
    if kind == .segmented {
      let count = segments.count
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
      // Digits as a person writes them: Swift also reads hexadecimal (`0x1F`), which no
      // number field means.
      guard !trimmed.contains(where: { "xXpP".contains($0) }), let number = Double(trimmed),
        !number.isNaN
      else {
        throw ControlInputError("\"\(text)\" is not a number")
      }
      guard number.isFinite else { throw ControlInputError("\(trimmed) is too large") }
      return number
    }
  }

  /// The text a field shows for the row's value: a number with the row's
  /// ``RowAttributes/fractionDigits`` when it has them, a date row's time when it shows no
  /// day, any other value as its display text; empty for nothing. A refused number with
  /// more digits than the row keeps shows them all, as typed, not rounded.
  public var fieldText: String {
    guard let value, value != .null else { return "" }
    if kind == .numericTextField, let digits = attributes.fractionDigits,
      let number = value.doubleValue, number.isFinite, (0...20).contains(digits)
    {
      let text = String(format: "%.\(digits)f", number)
      if validationMessage == nil || Double(text) == number { return text }
    }
    if kind == .date, let date = shownDate {
      guard attributes.showsDay else { return Self.timeText(date) }
      return DateText.fieldText(date, pattern: attributes.dateFormat) ?? value.displayText
    }
    return value.displayText
  }

  /// The date a date row shows: its value's, or the date its text names when the value is a
  /// date kept as text (a document's `"1961-04-12"`).
  package var shownDate: Date? {
    value?.dateValue ?? value?.stringValue.flatMap(DateTextLayout.date(from:))
  }

  /// `date` at the nearest step of the row's ``RowAttributes/minuteInterval``, as a date
  /// picker that steps by 15 minutes takes 10:37 as 10:30; `date` itself without one.
  private func stepped(_ date: Date) -> Date {
    guard attributes.showsTime, let minutes = attributes.minuteInterval, minutes > 1 else {
      return date
    }
    let step = Double(minutes * 60)
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return date }
    return Date(timeIntervalSince1970: (seconds / step).rounded() * step)
  }

  /// `date` as this date row writes it: as text laid out like the text the row holds, when
  /// it holds a date kept as text, so that the document keeps text; otherwise as a date.
  package func written(_ date: Date) -> Value {
    guard let layout = value?.stringValue.flatMap(DateTextLayout.init(sample:)) else {
      return .date(date)
    }
    return .string(layout.text(from: date))
  }

  /// A number as a person would type it: `3` rather than `3.0` (hosts show numbers so too).
  package static func numberText(_ number: Double) -> String {
    if number.rounded() == number && abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }
}
