import Trellis

extension WebSession {
  /// The value a control of a custom row sent: the row's values by tag, with this one
  /// changed; for a picker in parts, the value its wheels make with wheel `tag` changed. The draft converts and checks it like any other value of its property.
  func value(_ raw: WireValue, tag: Int, at path: ItemPath, in model: TableModel)
    throws(WebProtocolError) -> Value
  {
    guard let row = model.snapshot[safe: path] else {
      throw .badValue("there is no row at \(path)")
    }
    if !row.attributes.pickerComponents.isEmpty {
      // A picker in parts: the tag is the wheel.
      do { return try row.value(forComponent: tag, raw.controlInput) } catch {
        throw .badValue(error.message)
      }
    }
    guard row.kind == .custom, case .dictionary(let values)? = row.value,
      values[String(tag)] != nil
    else { throw .badValue("the row has no control tagged \(tag)") }
    let value: Value =
      switch raw {
      case .string(let text): .string(text)
      case .number(let number): .double(number)
      case .bool(let flag): .bool(flag)
      case .null: .null
      }
    return .dictionary([String(tag): value])
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
