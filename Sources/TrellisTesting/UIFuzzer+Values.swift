import Foundation
import Trellis

extension UIFuzzer {
  // MARK: Pools

  /// Texts a person might type, ordinary and not: empty, padded, accented, other scripts,
  /// emoji with modifiers and joiners, combining marks, right-to-left overrides, control
  /// characters, quotes, SQL and markup.
  static let texts: [String] = [
    "", "a", "Ada", "Write the report", "  padded  ", "Zoë", "Ørsted", "日本語のテキスト",
    "🙂👍🏽👩‍👩‍👧‍👦", "e\u{301}\u{302}", "\u{202E}txet tfel-ot-thgir", "line\nbreak\ttab", "quote \" \\ '",
    "'; DROP TABLE task; --", "%_*?", "<b>bold</b> &amp;", "nul\u{0}inside", "\u{FEFF}bom",
    "مرحبا", "Ⅻ", "ǅ", "ß", "0", "-1", "NaN", "true", "null",
  ]

  /// A text of about 10,000 characters.
  static let hugeText = String(repeating: "Trellis ✓ 表 🙂 ", count: 700)

  /// Numbers as text: ordinary, with spaces, out of every range, and not numbers at all.
  static let numberTexts: [String] = [
    "0", "7", "-3", "2.5", " 42 ", "1e3", "1e400", "-1e400", "NaN", "inf", "0x1F", "1,5", "٣",
    "9223372036854775807", "9223372036854775808", "-0", ".", "", "twelve",
  ]

  /// Dates as text: real ones, impossible ones, and not dates at all.
  static let dateTexts: [String] = [
    "2026-01-31", "2024-02-29", "2025-02-29", "2025-02-30", "2026-01-31T10:00:00Z",
    "2026-01-31T25:00:00Z", "99999-01-01", "0000-01-01", "2024-13-01", "2024-1-1", "not a date",
    "", "9999-12-31", "0001-01-01", "2026-01-31T10:00", "2026-01-31 10:00:59", "2026-01-31T24:00",
    "2026-01-31T10:00:00.5", "14:30", "00:00", "23:59:59", "24:00", "9:30", "12:60",
    "14:30:15.5", "14:30Z",
  ]

  /// Real dates, from the year 1 to 9999.
  static let dates: [Date] = [
    Date(timeIntervalSince1970: 1_769_817_600), Date(timeIntervalSince1970: 951_782_400),
    Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 253_402_214_400),
    Date(timeIntervalSince1970: -62_135_596_800),
  ]

  /// Dates no calendar shows: far beyond the year 9999, before the year 1, or not a time at all.
  static let impossibleDates: [Date] = [
    Date(timeIntervalSince1970: 1e13), Date(timeIntervalSince1970: -1e14), .distantPast,
    .distantFuture, Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: .infinity),
  ]

  /// Numbers that fit no ordinary field.
  static let extremeNumbers: [Double] = [
    .nan, .infinity, -.infinity, 1e308, -1e308, .leastNonzeroMagnitude, -0.0, 9.2e18, 0.5,
  ]

  // MARK: Values

  /// A value the row's control could produce: text for text fields, a number in range, a
  /// segment, a flag, a real date, one of the choices.
  func fittingValue(for row: RowSnapshot) -> Value {
    switch row.kind {
    case .textField, .textView, .imagePicker:
      switch row.value {
      case .int?, .double?, .bool?, .date?:
        // A typed value edited as text: the text of a fitting value, or the value itself.
        let typed = typedValue(like: row.value ?? .null, row: row)
        return random.chance(0.5) ? typed : .string(typed.displayText)
      default: return fittingText()
      }
    case .numericTextField, .slider: return number(in: row)
    case .segmented:
      let count = max(row.attributes.segmentTitles.count, row.attributes.choices.count, 1)
      return .int(random.int(0..<count))
    case .switch: return .bool(random.chance(0.5))
    case .date: return random.chance(0.1) ? .null : .date(random.element(of: Self.dates))
    case .selection, .objectSelection: return choice(for: row)
    case .custom: return .dictionary(["1": fittingText()])
    default: return row.value ?? fittingText()
    }
  }

  /// A text, now and then a huge one.
  func fittingText() -> Value {
    .string(random.chance(0.03) ? Self.hugeText : random.element(of: Self.texts))
  }

  /// A value of the same type as `value`, fitting the row.
  private func typedValue(like value: Value, row: RowSnapshot) -> Value {
    switch value {
    case .int, .double: number(in: row)
    case .bool: .bool(random.chance(0.5))
    case .date: .date(random.element(of: Self.dates))
    default: fittingText()
    }
  }

  /// A number within the row's minimum and maximum: whole when the row holds or wants one.
  private func number(in row: RowSnapshot) -> Value {
    let low = row.attributes.minimum ?? -1000
    let high = max(row.attributes.maximum ?? 1000, low)
    var isWhole = !row.attributes.allowsFloat
    if case .int? = row.value { isWhole = true }
    if isWhole, low.rounded(.up) <= high.rounded(.down), abs(low) < 1e15, abs(high) < 1e15 {
      return .int(Int.random(in: Int(low.rounded(.up))...Int(high.rounded(.down)), using: &random))
    }
    guard low < high, (high - low).isFinite else { return .double(low) }
    return .double(Double.random(in: low...high, using: &random))
  }

  /// One of the row's choices, several for a multiple selection, or none.
  private func choice(for row: RowSnapshot) -> Value {
    let choices = row.attributes.choices
    guard !choices.isEmpty, !random.chance(0.1) else { return .null }
    guard row.attributes.allowsMultipleSelection else { return random.element(of: choices) }
    return .array(choices.filter { _ in random.chance(0.5) })
  }

  /// A value the row should refuse, or at least survive: another type, empty, huge, unicode,
  /// out of range, an impossible date, a choice that is not offered.
  func wrongValue(for row: RowSnapshot?) -> Value {
    switch random.int(0..<6) {
    case 0: return anyTypeValue()
    case 1: return random.element(of: [.string(""), .null, .array([]), .dictionary([:]), " "])
    case 2:
      return random.element(of: [
        .string(Self.hugeText), .int(.max), .int(.min),
        .double(random.element(of: Self.extremeNumbers)),
        .array(Array(repeating: fittingText(), count: 1000)),
      ])
    case 3: return .string(random.element(of: Self.texts))
    case 4: return outOfRange(for: row)
    default:
      let choices = row?.attributes.choices ?? []
      return random.element(of: [
        .string("not a choice"), .int(choices.count), .int(-1),
        .array(choices + choices), .array([.int(99)]),
      ])
    }
  }

  /// A value of a random type, objects included.
  private func anyTypeValue() -> Value {
    switch random.int(0..<10) {
    case 0: return .null
    case 1: return .bool(random.chance(0.5))
    case 2: return .int(random.element(of: [0, 1, -1, 42, .max, .min]))
    case 3: return .double(random.element(of: Self.extremeNumbers + [3.25, -7]))
    case 4: return fittingText()
    case 5: return .date(random.element(of: Self.dates + Self.impossibleDates))
    case 6: return .data(Data([0xFF, 0x00, 0xFE]))
    case 7: return .array([fittingText(), .int(3), .null])
    case 8: return .dictionary(["title": fittingText(), "1": .int(2), "": .null])
    default:
      return .object(ObjectReference(DocumentObject(["title": "Intruder", "name": 3])))
    }
  }

  /// A number or date outside what the row takes.
  private func outOfRange(for row: RowSnapshot?) -> Value {
    if row?.kind == .date || row?.value?.dateValue != nil {
      return .date(random.element(of: Self.impossibleDates))
    }
    let attributes = row?.attributes ?? RowAttributes()
    var candidates: [Value] = [.int(.max), .int(.min), .double(.nan), .double(-.infinity)]
    if let minimum = attributes.minimum { candidates.append(.double(minimum - 1)) }
    if let maximum = attributes.maximum { candidates.append(.double(maximum + 0.5)) }
    let segments = max(attributes.segmentTitles.count, attributes.choices.count)
    candidates += [.int(segments), .int(-1), .double(0.5)]
    return random.element(of: candidates)
  }

  // MARK: Control input and search

  /// What a person might enter in the row's control, fitting or not.
  func controlInput(for row: RowSnapshot) -> ControlInput {
    switch random.int(0..<5) {
    case 0, 1:
      switch row.kind {
      case .date: return .text(random.element(of: Self.dateTexts))
      case .numericTextField, .slider, .segmented:
        return .text(random.element(of: Self.numberTexts))
      default: return .text(fittingText().stringValue ?? "")
      }
    case 2:
      if random.chance(0.5), case .double(let number) = number(in: row) { return .number(number) }
      if random.chance(0.5), case .int(let number) = number(in: row) {
        return .number(Double(number))
      }
      return .number(random.element(of: Self.extremeNumbers + [-1, 0, 1, 2, 3, 100]))
    case 3: return .bool(random.chance(0.5))
    default: return .none
    }
  }

  /// A search text: empty, a fragment of a name, wildcards and quotes, unicode, or huge.
  func searchText() -> String {
    let fragments = ["", "", "a", "an", "Ad", "ho", "zz", "Ø", "ö", "%", "_", "'", "\\", "*", " "]
    if random.chance(0.1) { return random.element(of: Self.texts) }
    if random.chance(0.02) { return Self.hugeText }
    return random.element(of: fragments)
  }
}
