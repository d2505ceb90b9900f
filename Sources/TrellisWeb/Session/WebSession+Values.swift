import Trellis

extension WebSession {
  /// The value a control sent, as the row's kind and current value expect it (the core's
  /// ``RowSnapshot/value(for:)``, which every host shares).
  func value(_ raw: WireValue, at path: ItemPath, in model: TableModel)
    throws(WebProtocolError) -> Value
  {
    guard let row = model.snapshot[safe: path] else {
      throw .badValue("there is no row at \(path)")
    }
    do {
      return try row.value(for: raw.controlInput)
    } catch {
      throw .badValue(error.message)
    }
  }
}

extension WireValue {
  /// The value as a control's input.
  var controlInput: ControlInput {
    switch self {
    case .string(let text): .text(text)
    case .number(let number): .number(number)
    case .bool(let flag): .bool(flag)
    case .null: .none
    }
  }
}
