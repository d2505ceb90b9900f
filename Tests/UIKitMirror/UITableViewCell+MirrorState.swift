import Foundation

extension UITableViewCell {
  /// What the cell shows, as text: its content configuration, accessories, colours and the
  /// state of the control in its accessory view. Two configurations of a row that show the
  /// same thing give the same text.
  public var mirrorState: String {
    var parts: [String] = []
    if let content = contentConfiguration as? UIListContentConfiguration {
      parts.append("\(content.layout) “\(content.text ?? "")” “\(content.secondaryText ?? "")”")
      if let image = content.image?.name { parts.append("image \(image)") }
      parts.append("text \(Self.describe(content.textProperties))")
      parts.append("secondary \(Self.describe(content.secondaryTextProperties))")
    }
    parts.append("accessory \(accessoryType) editing \(editingAccessoryType)")
    parts.append("selection \(selectionStyle)")
    if let backgroundColor { parts.append("background \(Self.describe(backgroundColor))") }
    if let accessoryView { parts.append("control \(Self.describe(accessoryView))") }
    if !isUserInteractionEnabled { parts.append("disabled") }
    return parts.joined(separator: "; ")
  }

  static func describe(_ properties: UIListContentConfiguration.TextProperties) -> String {
    var text = "\(properties.alignment)"
    if let color = properties.color { text += " \(describe(color))" }
    if let font = properties.font { text += " \(font.fontName) \(font.pointSize)" }
    return text
  }

  static func describe(_ color: UIColor) -> String {
    if let name = color.name { return name }
    guard let c = color.components else { return "?" }
    return "rgba(\(c.red), \(c.green), \(c.blue), \(c.alpha))"
  }

  static func describe(_ view: UIView) -> String {
    var text: String
    switch view {
    case let field as UITextField:
      text =
        "textField “\(field.text ?? "")” secure \(field.isSecureTextEntry) "
        + "keyboard \(field.keyboardType)"
    case let textView as UITextView: text = "textView “\(textView.text ?? "")”"
    case let control as UISwitch: text = "switch \(control.isOn)"
    case let slider as UISlider:
      text = "slider \(slider.value) in \(slider.minimumValue)...\(slider.maximumValue)"
    case let control as UISegmentedControl:
      text = "segmented \(control.titles) \(control.selectedSegmentIndex)"
    case let stepper as UIStepper: text = "stepper \(stepper.value)"
    case let picker as UIDatePicker:
      let date = picker.isDateSet ? "\(picker.date.timeIntervalSince1970)" : "now"
      text = "date \(date) \(picker.datePickerMode)"
    case let image as UIImageView: text = "image \(image.image?.name ?? "")"
    case let label as UILabel: text = "label “\(label.text ?? "")”"
    default: text = "\(type(of: view))"
    }
    if let control = view as? UIControl, !control.isEnabled { text += " disabled" }
    let inner = view.subviews.map(describe)
    return inner.isEmpty ? text : text + " [" + inner.joined(separator: ", ") + "]"
  }
}
