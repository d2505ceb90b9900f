import Foundation
import Testing
import Trellis

/// A control's input becomes the value its row's kind expects, the same for every host.
@Suite("Control input")
struct ControlInputTests {
  func row(_ kind: RowKind, value: Value? = nil, allowsFloat: Bool = true) -> RowSnapshot {
    let document = DocumentObject(["amount": value ?? .null])
    var row = Row(
      id: RowID("r"), kind: kind, text: "Amount",
      binding: value == nil ? nil : RowBinding(document, keyPath: "amount"))
    row.attributes.allowsFloat = allowsFloat
    return RowSnapshot(row)
  }

  @Test func aNumberShowsTheDigitsItsRowKeeps() {
    var cents = row(.numericTextField, value: .double(12.5))
    #expect(cents.fieldText == "12.5")
    cents.attributes.fractionDigits = 2
    #expect(cents.fieldText == "12.50")
    var whole = row(.numericTextField, value: .double(12.75))
    whole.attributes.fractionDigits = 0
    #expect(whole.fieldText == "13")
    // Refused for its digits, the number shows as typed.
    whole.validationMessage = "Whole must have no digits after the point"
    #expect(whole.fieldText == "12.75")
    var empty = row(.numericTextField, value: .null)
    empty.attributes.fractionDigits = 2
    #expect(empty.fieldText == "")
    var text = row(.textField, value: .string("12.5"))
    text.attributes.fractionDigits = 2
    #expect(text.fieldText == "12.5", "only a numeric field shows digits")
  }

  /// An image row takes a path or address as it is, and a picture as data only when it is a
  /// PNG, JPEG or GIF whose bytes say so.
  @Test func anImageRowTakesPicturesItsHostsDraw() throws {
    let image = row(.imagePicker)
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]).base64EncodedString()
    let gif = Data("GIF89a....".utf8).base64EncodedString()
    for taken in [
      "photos/ada.png", "https://example.com/a.jpg", "", "data:image/png;base64,\(png)",
      "DATA:IMAGE/GIF;base64,\(gif)",
    ] {
      #expect(try image.value(for: .text(taken)) == .string(taken))
    }
    let pdf = Data("%PDF-1.7".utf8).base64EncodedString()
    let refused: [(String, String)] = [
      ("data:application/pdf;base64,\(pdf)", "this file is application/pdf"),
      ("data:image/png;base64,\(pdf)", "this file is named PNG but is not one"),
      ("data:image/svg+xml;base64,\(pdf)", "this file is image/svg+xml"),
      ("data:image/png,\(png)", "this PNG is not encoded as base64"),
      ("data:image/png;base64,@@@", "this PNG is not encoded as base64"),
      ("data:", "this address holds no data"),
    ]
    for (input, why) in refused {
      #expect(throws: ControlInputError("Amount takes a PNG, JPEG or GIF picture: \(why)")) {
        try image.value(for: .text(input))
      }
    }
  }

  @Test func textFieldsTakeTextAndNumbersAsTheirText() throws {
    #expect(try row(.textField).value(for: .text("Ann")) == .string("Ann"))
    #expect(try row(.textField).value(for: .number(3)) == .string("3"))
    #expect(try row(.textField).value(for: .number(2.5)) == .string("2.5"))
    #expect(try row(.textView).value(for: .none) == .null)
  }

  /// A value outside the row's range never reaches the data: a segment that does not exist
  /// (7, 3 or -1 of three), a number beyond the row's bounds, an impossible date.
  @Test func valuesOutsideTheRowsRangeAreRefused() throws {
    var segments = Row(id: RowID("s"), kind: .segmented, text: "Size")
    segments.attributes.segmentTitles = ["S", "M", "L"]
    let segmented = RowSnapshot(segments)
    #expect(try segmented.value(for: .number(2)) == .int(2))
    for index in [7.0, 3, -1] {
      #expect(throws: ControlInputError.self) { try segmented.value(for: .number(index)) }
    }
    var bounded = Row(id: RowID("b"), kind: .slider, text: "Volume")
    bounded.attributes.minimum = 0
    bounded.attributes.maximum = 10
    let slider = RowSnapshot(bounded)
    #expect(try slider.value(for: .number(10)) == .double(10))
    #expect(throws: ControlInputError("Volume is at most 10: 11 is too large")) {
      try slider.value(for: .number(11))
    }
    #expect(throws: ControlInputError("Volume is at least 0: -0.5 is too small")) {
      try slider.value(for: .text("-0.5"))
    }
    let date = row(.date)
    #expect(try date.value(for: .text("2024-02-29")) != .null)
    for text in [
      "2024-02-30", "2023-02-29", "99999-01-01", "0000-01-01", "2024-13-01", "2024-1-01",
    ] {
      #expect(throws: ControlInputError.self, "\(text)") { try date.value(for: .text(text)) }
    }
    #expect(try date.value(for: .text("2026-01-31T10:00:00Z")) != .null)
  }

  @Test func numbersAreWholeWhereTheRowNeedsIt() throws {
    #expect(try row(.numericTextField).value(for: .text(" 2.5 ")) == .double(2.5))
    #expect(try row(.numericTextField, value: .int(1)).value(for: .number(4)) == .int(4))
    #expect(try row(.segmented).value(for: .number(1)) == .int(1))
    #expect(try row(.slider, allowsFloat: false).value(for: .text("7")) == .int(7))
    #expect(try row(.numericTextField).value(for: .text("")) == .null)
    #expect(throws: ControlInputError("2.5 is not a whole number")) {
      try row(.numericTextField, value: .int(1)).value(for: .number(2.5))
    }
    #expect(throws: ControlInputError("\"12abc\" is not a number")) {
      try row(.numericTextField).value(for: .text("12abc"))
    }
    #expect(throws: ControlInputError("\"nan\" is not a number")) {
      try row(.numericTextField).value(for: .text("nan"))
    }
    // Swift reads hexadecimal; a number field does not.
    for hex in ["0x1F", "0x1p3"] {
      #expect(throws: ControlInputError("\"\(hex)\" is not a number")) {
        try row(.numericTextField).value(for: .text(hex))
      }
    }
    #expect(try row(.numericTextField).value(for: .text("1e3")) == .double(1000))
    #expect(throws: ControlInputError("Amount needs a number")) {
      try row(.slider).value(for: .bool(true))
    }
  }

  /// A number a whole-number row cannot keep is refused in the person's own digits, never in
  /// the rounded number they read as.
  @Test func hugeNumbersAreQuotedAsTyped() throws {
    let whole = row(.numericTextField, value: .int(1))
    #expect(try whole.value(for: .text("9223372036854775807")) == .int(.max))
    #expect(try whole.value(for: .text("1e3")) == .int(1000))
    #expect(throws: ControlInputError("1e20 is too large: whole numbers go up to \(Int.max)")) {
      try whole.value(for: .text("1e20"))
    }
    #expect(
      throws: ControlInputError(
        "99999999999999999999 is too large: whole numbers go up to \(Int.max)")
    ) { try whole.value(for: .text("99999999999999999999")) }
    #expect(
      throws: ControlInputError("9007199254740993.0 is too long to read exactly: type its digits")
    ) {
      try whole.value(for: .text("9007199254740993.0"))
    }
    #expect(throws: ControlInputError("1e400 is too large")) {
      try row(.numericTextField).value(for: .text("1e400"))
    }
    // A fraction field keeps about 16 digits: more is refused, not stored as another number.
    let fraction = row(.numericTextField, value: .double(1))
    #expect(try fraction.value(for: .text("9007199254740992")) == .double(9_007_199_254_740_992))
    #expect(
      throws: ControlInputError(
        "9007199254740993 has more digits than this field keeps: it would be stored as "
          + "9007199254740992.0")
    ) { try fraction.value(for: .text("9007199254740993")) }
    var bounded = Row(id: RowID("b"), kind: .numericTextField, text: "Size")
    bounded.attributes.maximum = 100
    #expect(throws: ControlInputError("Size is at most 100: 1e20 is too large")) {
      try RowSnapshot(bounded).value(for: .text("1e20"))
    }
  }

  @Test func switchesDatesAndRowsWithoutValues() throws {
    #expect(try row(.switch).value(for: .bool(true)) == .bool(true))
    #expect(throws: ControlInputError.self) { try row(.switch).value(for: .text("yes")) }
    let date = try row(.date).value(for: .text("2026-11-23T00:00:00Z"))
    #expect(date == .date(Date(timeIntervalSince1970: 1_795_392_000)))
    #expect(try row(.date).value(for: .text("")) == .null)
    #expect(throws: ControlInputError.self) { try row(.date).value(for: .text("soon")) }
    #expect(throws: ControlInputError("Amount (button) has no value to set")) {
      try row(.button).value(for: .text("x"))
    }
  }

  /// A day picked for a row that shows only its day keeps the time the value had (a plist's
  /// noon), so that picking a day changes only the day.
  @Test func aDayPickedKeepsTheTimeOfDayTheValueHad() throws {
    let noon = Date(timeIntervalSince1970: -4_796_668_800 + 43_200)  // 1818-01-01 12:00 UTC
    let picked = try row(.date, value: .date(noon)).value(for: .text("1820-02-01"))
    #expect(picked == .date(Date(timeIntervalSince1970: -4_730_918_400 + 43_200)))
    // A date kept as a day's text stays a day's text.
    #expect(
      try row(.date, value: "1815-12-10").value(for: .text("1820-02-01")) == "1820-02-01")
    // With no date to keep a time from, the day starts at midnight.
    #expect(
      try row(.date).value(for: .text("1820-02-01"))
        == .date(Date(timeIntervalSince1970: -4_730_918_400)))
  }
}
