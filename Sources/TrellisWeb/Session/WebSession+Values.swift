import Foundation
import Trellis
import TrellisDiff

extension WebSession {
  /// The value a control sent, as the row's kind and current value expect it.
  func value(_ raw: WireValue, at path: ItemPath, pane: ClientMessage.Pane)
    throws(WebProtocolError) -> Value
  {
    guard let screen = pane == .detail ? navigator.detail : navigator.top else {
      throw .badValue("there is no detail screen")
    }
    guard let row = screen.model.snapshot[safe: path] else {
      throw .badValue("there is no row at \(path)")
    }
    switch row.kind {
    case .textField, .textView, .imagePicker:
      switch raw {
      case .string(let text): return .string(text)
      case .number(let number): return .string(HTMLRenderer().number(number))
      case .bool(let flag): return .string(flag ? "true" : "false")
      case .null: return .null
      }
    case .numericTextField, .slider, .segmented:
      let number: Double
      switch raw {
      case .number(let n): number = n
      case .string(let text):
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .null }
        guard let n = Double(trimmed), n.isFinite else {
          throw .badValue("\"\(text)\" is not a number")
        }
        number = n
      case .null: return .null
      case .bool: throw .badValue("\(row.text ?? "the row") needs a number")
      }
      var holdsInt = false
      if case .int = row.value { holdsInt = true }
      let wantsInt = row.kind == .segmented || !row.attributes.allowsFloat || holdsInt
      if wantsInt {
        guard number.rounded() == number, abs(number) < 9e15 else {
          throw .badValue("\(HTMLRenderer().number(number)) is not a whole number")
        }
        return .int(Int(number))
      }
      return .double(number)
    case .switch:
      guard case .bool(let flag) = raw else {
        throw .badValue("\(row.text ?? "the switch") needs true or false")
      }
      return .bool(flag)
    case .date:
      switch raw {
      case .null: return .null
      case .string(let text) where text.isEmpty: return .null
      case .string(let text):
        do { return try Value.parse(text, as: .date) } catch { throw .badValue(error.description) }
      default: throw .badValue("\(row.text ?? "the date") needs a date")
      }
    default:
      throw .badValue("\(row.text ?? "the row") (\(row.kind.rawValue)) has no value to set")
    }
  }
}
