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

  @Test func textFieldsTakeTextAndNumbersAsTheirText() throws {
    #expect(try row(.textField).value(for: .text("Ann")) == .string("Ann"))
    #expect(try row(.textField).value(for: .number(3)) == .string("3"))
    #expect(try row(.textField).value(for: .number(2.5)) == .string("2.5"))
    #expect(try row(.textView).value(for: .none) == .null)
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
    #expect(throws: ControlInputError("Amount needs a number")) {
      try row(.slider).value(for: .bool(true))
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
}
