import Foundation

extension RowSnapshot {
  /// The index chosen on each wheel of a picker in parts (``RowAttributes/pickerComponents``)
  /// for the row's value; `nil` for a wheel none of whose values fits (no value, or a value
  /// below what the wheels can show).
  ///
  /// Each wheel, largest unit first, takes its largest value that fits in what the wheels
  /// before it left: 72 on feet (unit 12) and inches (unit 1) is 6 and 0.
  public var pickerSelection: [Int?] {
    let components = attributes.pickerComponents
    guard var rest = value?.doubleValue else { return components.map { _ in nil } }
    return components.map { component in
      let fitting = component.values.indices.filter {
        component.values[$0] * component.unit <= rest + 1e-9
      }
      guard
        let best = fitting.max(by: { component.values[$0] < component.values[$1] })
      else { return nil }
      rest -= component.values[best] * component.unit
      return best
    }
  }

  /// The value that choosing `input` on the wheel at `component` gives, every other wheel
  /// keeping its choice (its first value when it has none).
  ///
  /// - Throws: ``ControlInputError`` when the row has no such wheel, or `input` is not one of
  ///   the wheel's values.
  public func value(forComponent component: Int, _ input: ControlInput)
    throws(ControlInputError) -> Value
  {
    let components = attributes.pickerComponents
    let name = text ?? "the picker"
    guard components.indices.contains(component) else {
      throw ControlInputError(
        "\(name) has \(components.count) wheel\(components.count == 1 ? "" : "s"): "
          + "there is no wheel \(component)")
    }
    let wheel = components[component]
    let chosen: Double
    switch input {
    case .number(let number): chosen = number
    case .text(let text):
      guard let number = Double(text.trimmingCharacters(in: [" "])) else {
        throw ControlInputError("\"\(text)\" is not one of \(wheelList(wheel))")
      }
      chosen = number
    case .bool, .none:
      throw ControlInputError("\(name) needs one of \(wheelList(wheel))")
    }
    guard let index = wheel.values.firstIndex(of: chosen) else {
      throw ControlInputError(
        "\(Self.numberText(chosen)) is not one of \(wheelList(wheel))")
    }
    var selection = pickerSelection
    selection[component] = index
    var total = 0.0
    for (wheel, index) in zip(components, selection) {
      guard let value = index.map({ wheel.values[$0] }) ?? wheel.values.first else { continue }
      total += value * wheel.unit
    }
    if total.rounded() == total, abs(total) < 9e15 { return .int(Int(total)) }
    return .double(total)
  }

  private func wheelList(_ wheel: PickerComponent) -> String {
    wheel.values.map(Self.numberText).joined(separator: ", ")
  }
}
