import Foundation

/// A kind of value a key added to a document's dictionary starts with: what the New Key
/// screen offers (``DataDefinition/addableKeyKinds``).
///
/// A new key holds the blank value of its kind (empty text, 0, no, now, an empty object or
/// list), which the person then edits on its row.
public enum NewKeyKind: String, CaseIterable, Hashable, Sendable {
  /// Text.
  case text
  /// A number.
  case number
  /// Yes or no.
  case yesNo
  /// A date.
  case date
  /// A dictionary of its own keys.
  case object
  /// A list of values.
  case array

  /// The name a person chooses it by.
  public var title: String {
    switch self {
    case .text: "Text"
    case .number: "Number"
    case .yesNo: "Yes/No"
    case .date: "Date"
    case .object: "Object"
    case .array: "Array"
    }
  }

  /// The value a new key of this kind holds.
  var blankValue: Value {
    switch self {
    case .text: .string("")
    case .number: .int(0)
    case .yesNo: .bool(false)
    // Whole seconds, as property lists write dates.
    case .date:
      .date(
        Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down)))
    case .object: .dictionary([:])
    case .array: .array([])
    }
  }

  /// The row of a new key holding `value`: as a document's form shows a key holding it (a
  /// number a whole one, as the document's other whole numbers).
  func property(named key: String, holding value: Value) -> PropertyDefinition {
    DataDefinition.document(.dictionary(ValueDictionary([(key, value)])))[key]
      ?? PropertyDefinition(name: key)
  }
}
