import Foundation
import Trellis

extension HTMLRenderer {
  /// The inside of a row: a native control for every kind that edits a value, a button for
  /// rows that do something when selected, plain text otherwise; `key` names the row on the
  /// page, and its control's validation message by it; `footnote` is the `id` of the footer
  /// that describes its field.
  func content(_ row: RowSnapshot, key: String? = nil, footnote: String? = nil) -> String {
    let text = HTML.escape(HTML.label(row.text ?? ""))
    // A row that cannot act says why, as the tooltip of its control.
    let reason = HTML.attribute("title", row.isEnabled ? nil : row.attributes.unavailableReason)
    let disabled = HTML.flag("disabled", !row.isEnabled) + reason
    // A text field that cannot change is read-only rather than disabled, which Chromium still
    // calls editable: it is said to be read-only, and Tab reaches it to read its value.
    let readOnly = HTML.flag("readonly", !row.isEnabled) + reason
    var invalid = row.validationMessage == nil ? "" : " aria-invalid=\"true\""
    // What tells about the field: its validation message, then its section's footer.
    let note = HTML.attribute("aria-describedby", footnote)
    if row.validationMessage != nil, let key {
      let ids = [Self.validationID(key), footnote].compactMap { $0 }
      invalid += HTML.attribute("aria-describedby", ids.joined(separator: " "))
    } else {
      invalid += note
    }
    if row.attributes.isRequired { invalid += " aria-required=\"true\"" }
    // The field that asks for the keyboard when its screen appears (the page focuses it).
    if row.attributes.becomesFirstResponder { invalid += " data-autofocus=\"\"" }
    // A field whose value is entered when editing ends: the page sends it on change or Enter.
    if row.attributes.entersValueWhenEditingEnds { invalid += " data-enters=\"end\"" }
    let value = row.value
    if let expanded = row.isExpanded {
      return selectable(row, text: text, disabled: disabled, expanded: expanded)
    }
    if !row.attributes.pickerComponents.isEmpty {
      return picker(row, text: text, disabled: disabled + note)
    }
    switch row.kind {
    case .textField:
      if let time = row.timeOfDayText {
        return timeOfDay(row, time: time, text: text, readOnly: readOnly, invalid: invalid)
      }
      // Text with line breaks (another program's, a pasted note) would lose them in a
      // one-line input on the next edit: it is edited in a text area instead.
      if !row.attributes.isSecure, let shown = value?.displayText,
        shown.contains(where: \.isNewline)
      {
        return textArea(row, text: text, value: shown, attributes: readOnly + invalid)
      }
      let type = row.attributes.isSecure ? "password" : "text"
      var html = "<label class=\"cell field\"><span class=\"text\">\(text)</span>"
      html += "<input class=\"control\" type=\"\(type)\" data-type=\"text\""
      html += HTML.attribute("value", value?.displayText ?? "")
      html += HTML.attribute("placeholder", row.attributes.placeholder)
      html += typingTraits(row.attributes)
      html += fieldAlignment(row)
      if row.attributes.isSecure { html += " autocomplete=\"off\"" }
      return html + "\(readOnly)\(invalid)></label>"
    case .textView:
      return textArea(
        row, text: text, value: value?.displayText ?? "", attributes: readOnly + invalid)
    case .numericTextField:
      var html = "<label class=\"cell field\"><span class=\"text\">\(text)</span>"
      // A text input, not `type="number"`: that one reads "" for text it cannot parse (`1e400`,
      // `abc`), which would clear the value; the server reads and refuses what was typed.
      html += "<input class=\"control\" type=\"text\" data-type=\"number\""
      html += HTML.attribute("inputmode", inputMode(row.attributes))
      html += " autocomplete=\"off\" spellcheck=\"false\""
      html += HTML.attribute("value", numericFieldText(row))
      html += HTML.attribute("placeholder", row.attributes.placeholder)
      html += fieldAlignment(row)
      return html + "\(readOnly)\(invalid)></label>"
    case .slider:
      let range = row.sliderRange
      let (low, high) = (range.lowerBound, range.upperBound)
      let current = value?.doubleValue ?? low
      var html = "<label class=\"cell field\"><span class=\"text\">\(text)</span>"
      let step = sliderStep(row.attributes, low: low, high: high)
      html += "<input class=\"control\" type=\"range\" data-type=\"number\""
      html += HTML.attribute("step", step.text)
      html += HTML.attribute("min", number(low))
      html += HTML.attribute("max", number(high))
      html += HTML.attribute("value", number(current))
      // The share of the track left of the thumb, for the two track tints (the page keeps
      // it as the thumb moves).
      let share = high > low ? min(max((current - low) / (high - low), 0), 1) : 0
      html += HTML.attribute("style", "--fill: \(number((share * 1000).rounded() / 10))%")
      // The value the slider itself says, shown: read once, by the slider.
      html += "\(disabled)\(invalid)><output class=\"slider-value\" aria-hidden=\"true\">"
      html += "\(step.shown(current))</output>"
      return html + "</label>"
    case .segmented:
      return segmented(row, text: text, disabled: disabled, note: note)
    case .switch:
      let on = value?.boolValue == true
      var html = "<label class=\"cell field\"><span class=\"text\">\(text)</span>"
      html += "<input class=\"control switch\" type=\"checkbox\" role=\"switch\""
      html += " data-type=\"bool\" aria-checked=\"\(on)\"\(HTML.flag("checked", on))"
      return html + "\(disabled)\(invalid)></label>"
    case .date:
      return date(row, text: text, readOnly: readOnly, invalid: invalid)
    case .imagePicker:
      return imagePicker(row, text: text, disabled: disabled, note: readOnly + note)
    case .placeholder:
      return "<span class=\"cell placeholder\">\(text)</span>"
    case .addItem:
      return "<button type=\"button\" class=\"cell select add-item\"\(disabled)>\(text)</button>"
    case .loadMore:
      let auto = row.attributes.loadsWhenShown ? " data-auto=\"\"" : ""
      return
        "<button type=\"button\" class=\"cell select load-more\"\(auto)\(disabled)>\(text)</button>"
    case .link:
      // Selected like any row, never a plain link (which would take the page away from the
      // app, and the tap from the server): the server runs the row's action, and the page
      // opens the address it names in a new tab (``ServerMessage/open(_:)``).
      return selectable(row, text: text, disabled: disabled, opensAddress: true)
    case .custom:
      if let name = row.attributes.template, let template = templates[name] {
        return "<div class=\"cell custom\"\(HTML.attribute("data-template", name))>"
          + template(row) + "</div>"
      }
      // Without its template, a custom row shows its title and value; it is a button only
      // where it leads somewhere.
      if row.accessory == .none { return plainCell(row, text: text) }
      return selectable(row, text: text, disabled: disabled)
    case .label:
      if row.accessory == .none { return plainCell(row, text: text) }
      return selectable(row, text: text, disabled: disabled)
    case .selection, .objectSelection:
      return selectable(row, text: text, disabled: disabled + note)
    case .plain, .button, .object, .arrayOfObjects:
      return selectable(row, text: text, disabled: disabled)
    }
  }

  /// A text view's text area, with its label; `attributes` close the tag (read-only, invalid).
  private func textArea(_ row: RowSnapshot, text: String, value: String, attributes: String)
    -> String
  {
    var html = "<label class=\"cell field stacked\"><span class=\"text\">\(text)</span>"
    html += "<textarea class=\"control\" data-type=\"text\" rows=\"2\""
    // A text view grows with its text unless its row or theme turned that off.
    if !row.attributes.growsWithText || row.style?.autoResize == false {
      html += " data-fixed=\"\""
    }
    html += HTML.attribute("placeholder", row.attributes.placeholder)
    html += typingTraits(row.attributes)
    let heights = [
      row.attributes.minimumHeight.map { "min-height: \(number($0))px;" },
      row.attributes.maximumHeight.map { "max-height: \(number($0))px; overflow-y: auto;" },
    ].compactMap { $0 }
    if !heights.isEmpty { html += HTML.attribute("style", heights.joined(separator: " ")) }
    return html + "\(attributes)>\(HTML.escape(value))</textarea></label>"
  }

  /// The `style` that aligns a text field's text as its row says (InAppSettingsKit's
  /// `IASKTextAlignment`); none when the row says nothing, and the page's own rule applies:
  /// right of a title, left in a field that has none.
  private func fieldAlignment(_ row: RowSnapshot) -> String {
    guard let alignment = row.attributes.textAlignment?.rawValue,
      let value = ResolvedStyle.textAlign(alignment)
    else { return "" }
    return HTML.attribute("style", "text-align: \(value)")
  }

  /// A row that does something when selected: one button holding text, detail and accessory.
  /// An expand/collapse row (`expanded` not `nil`) says which way it is, with `aria-expanded`
  /// and a ▸ or ▾ before its text.
  private func selectable(
    _ row: RowSnapshot, text: String, disabled: String, expanded: Bool? = nil,
    opensAddress: Bool = false
  ) -> String {
    let kind = row.kind == .button ? " action" : opensAddress ? " link" : ""
    var html = "<button type=\"button\" class=\"cell select\(kind)\""
    // A choice says whether it is chosen either way, under one name: a toggle button.
    if row.attributes.isChoice || row.accessory == .checkmark {
      html += " aria-pressed=\"\(row.accessory == .checkmark)\""
    }
    if let expanded {
      html += " aria-expanded=\"\(expanded)\"\(disabled)>"
      html += "<span class=\"expander\" aria-hidden=\"true\">\(expanded ? "▾" : "▸")</span>"
      return html + texts(row, text: text) + accessory(row.accessory) + "</button>"
    }
    html += "\(disabled)>" + texts(row, text: text)
    if opensAddress && row.accessory == .none {
      html += "<span class=\"accessory external\" aria-label=\"opens in a new tab\">↗</span>"
    }
    html += accessory(row.accessory) + "</button>"
    return html
  }

  private func plainCell(_ row: RowSnapshot, text: String) -> String {
    "<div class=\"cell\">" + texts(row, text: text) + "</div>"
  }

  private func texts(_ row: RowSnapshot, text: String) -> String {
    var html = ""
    if let image = row.imageName.flatMap(HTML.imageSource) {
      html += "<img class=\"row-image\" alt=\"\"\(HTML.attribute("src", image))>"
    }
    let detail = (row.detail ?? row.value?.displayText).map(HTML.label)
    switch row.attributes.cellStyle {
    case .subtitle:
      html += "<span class=\"texts\"><span class=\"text\">\(text)</span>"
      if let detail, !detail.isEmpty {
        html += "<span class=\"subtitle\">\(HTML.escape(detail))</span>"
      }
      return html + "</span>"
    case .value2:
      // UIKit's value2: a small, tinted title right-aligned in a column of its own, the
      // detail left-aligned right after it.
      html += "<span class=\"text value2-title\">\(text)</span>"
      html += "<span class=\"value2-detail\">\(HTML.escape(detail ?? ""))</span>"
      return html
    case .default:
      // UIKit's default style: the title alone, beside the image.
      return html + "<span class=\"text\">\(text)</span>"
    case .value1:
      break
    }
    html += "<span class=\"text\">\(text)</span>"
    if let detail, !detail.isEmpty {
      html += "<span class=\"detail\">\(HTML.escape(detail))</span>"
    }
    return html
  }

  private func accessory(_ accessory: Accessory) -> String {
    switch accessory {
    case .none: ""
    case .disclosureIndicator: "<span class=\"accessory chevron\" aria-hidden=\"true\">›</span>"
    // Its button says it is chosen (`aria-pressed`): the mark would only add to its name.
    case .checkmark: "<span class=\"accessory check\" aria-hidden=\"true\">✓</span>"
    case .detailDisclosureButton: "<span class=\"accessory chevron\" aria-hidden=\"true\">›</span>"
    // The button itself is drawn beside the cell (``accessoryButton(_:editing:)``).
    case .detailButton: ""
    }
  }

  /// The accessory button beside a row's cell, for a detail disclosure or detail button: it
  /// sends its own event (`accessory`), not the row's selection.
  func accessoryButton(_ row: RowSnapshot, editing: Bool) -> String {
    let accessory = editing ? row.editingAccessory : row.accessory
    guard accessory == .detailDisclosureButton || accessory == .detailButton else { return "" }
    let label = "Details for \(HTML.label(row.text ?? "row"))"
    return
      "<button type=\"button\" class=\"accessory-button\"\(HTML.attribute("aria-label", label))"
      + "\(HTML.flag("disabled", !row.isEnabled))><span class=\"info\">i</span></button>"
  }

  /// A segmented control: a radio group, described by `note` (` aria-describedby="…"`).
  private func segmented(_ row: RowSnapshot, text: String, disabled: String, note: String)
    -> String
  {
    let selected = row.selectedSegment
    var html = "<div class=\"cell field\"><span class=\"text\">\(text)</span>"
    html += "<span class=\"segments\" role=\"radiogroup\""
    html += "\(HTML.attribute("aria-label", HTML.label(row.text ?? "")))\(note)>"
    let group = "segment-\(cssName(row.keyPath ?? row.id.description))"
    for (index, title) in row.segments.enumerated() {
      html += "<label class=\"segment\"><input class=\"control\" type=\"radio\" data-type=\"int\""
      html += HTML.attribute("name", group)
      html += " value=\"\(index)\"\(HTML.flag("checked", index == selected))\(disabled)>"
      html += "<span>\(HTML.escape(title))</span></label>"
    }
    return html + "</span></div>"
  }

  /// A picker in parts: one select per wheel, each sending its value with its wheel's number
  /// as the tag; the core adds the wheels up.
  private func picker(_ row: RowSnapshot, text: String, disabled: String) -> String {
    let selection = row.pickerSelection
    var html = "<div class=\"cell field picker\"><span class=\"text\">\(text)</span>"
    html += "<span class=\"wheels\">"
    for (index, wheel) in row.attributes.pickerComponents.enumerated() {
      html += "<select class=\"control wheel\" data-type=\"number\" data-tag=\"\(index)\""
      html += HTML.attribute("aria-label", "\(HTML.label(row.text ?? "Value")), part \(index + 1)")
      html += "\(disabled)>"
      if selection[index] == nil { html += "<option value=\"\" selected></option>" }
      for (position, value) in wheel.values.enumerated() {
        html += "<option\(HTML.attribute("value", number(value)))"
        html += HTML.flag("selected", position == selection[index])
        html += ">\(HTML.escape(wheel.title(at: position)))</option>"
      }
      html += "</select>"
    }
    return html + "</span></div>"
  }

  /// An image's path field and upload button; `note` closes the path field's tag (read-only,
  /// described by a footer).
  private func imagePicker(_ row: RowSnapshot, text: String, disabled: String, note: String)
    -> String
  {
    let path = row.value?.stringValue ?? ""
    var html = "<div class=\"cell field image\"><span class=\"text\">\(text)</span>"
    if HTML.isSafeImage(path) && !path.isEmpty {
      html += "<img class=\"thumbnail\" alt=\"\(text)\"\(HTML.attribute("src", path))>"
    }
    html += "<input class=\"control\" type=\"text\" data-type=\"text\""
    html += HTML.attribute("aria-label", "\(HTML.label(row.text ?? "Image")) path")
    html += " placeholder=\"Image path or URL\"\(HTML.attribute("value", path))\(note)>"
    html += "<input class=\"upload\" type=\"file\" accept=\"image/png,image/jpeg,image/gif\""
    html +=
      HTML.attribute("aria-label", "Upload \(HTML.label(row.text ?? "image"))") + "\(disabled)>"
    return html + "</div>"
  }

  /// The keyboard a numeric field asks for: digits, digits with a decimal point, or (for a
  /// field that takes negative numbers, which phone number pads cannot type) a full one.
  private func inputMode(_ attributes: RowAttributes) -> String? {
    if let keyboard = attributes.keyboard { return inputMode(keyboard) }
    guard let minimum = attributes.minimum, minimum >= 0 else { return nil }
    return attributes.allowsFloat ? "decimal" : "numeric"
  }

  /// What a numeric field shows: a whole number exactly (past 2^53 too), a fraction with the
  /// row's digits, or the text a person typed that the row refused.
  private func numericFieldText(_ row: RowSnapshot) -> String {
    switch row.value {
    case .int(let whole)?: return String(whole)
    case .string(let typed)?: return typed
    case let value?:
      guard let double = value.doubleValue else { return "" }
      return row.attributes.fractionDigits == nil ? number(double) : row.fieldText
    case nil: return ""
    }
  }

  /// A slider's step, and how its value reads at that step: whole numbers where the row holds
  /// them, the row's fraction digits, or else a hundredth of its range to a power of ten.
  private func sliderStep(_ attributes: RowAttributes, low: Double, high: Double) -> (
    text: String, shown: (Double) -> String
  ) {
    var digits: Int
    if !attributes.allowsFloat {
      digits = 0
    } else if let fraction = attributes.fractionDigits, (0...20).contains(fraction) {
      digits = fraction
    } else if high > low, (high - low).isFinite {
      digits = max(0, -Int(log10((high - low) / 100).rounded(.down)))
    } else {
      return ("any", number)
    }
    digits = min(digits, 15)
    let text = digits == 0 ? "1" : "0." + String(repeating: "0", count: digits - 1) + "1"
    return (
      text,
      { value in digits == 0 ? self.number(value.rounded()) : String(format: "%.\(digits)f", value)
      }
    )
  }

  /// How a text field's keyboard behaves, as the row asks: the `autocapitalize`, `inputmode`
  /// (the keyboard a phone shows) and correction attributes of its input.
  private func typingTraits(_ attributes: RowAttributes) -> String {
    var html = HTML.attribute("autocapitalize", capitalization(attributes.autocapitalization))
    html += HTML.attribute("inputmode", attributes.keyboard.flatMap { inputMode($0) })
    switch attributes.autocorrects {
    case false?: html += " autocorrect=\"off\" spellcheck=\"false\""
    case true?: html += " autocorrect=\"on\" spellcheck=\"true\""
    case nil: break
    }
    return html
  }

  /// The `inputmode` that shows the keyboard nearest `keyboard`; `nil` for letters.
  private func inputMode(_ keyboard: RowAttributes.Keyboard) -> String? {
    switch keyboard {
    case .default, .asciiCapable, .numbersAndPunctuation, .namePhonePad: nil
    case .url: "url"
    case .numberPad: "numeric"
    case .phonePad: "tel"
    case .emailAddress: "email"
    case .decimalPad: "decimal"
    }
  }

  private func capitalization(_ value: RowAttributes.Autocapitalization) -> String {
    switch value {
    case .none: "off"
    case .words: "words"
    case .sentences: "sentences"
    case .allCharacters: "characters"
    }
  }

  func number(_ value: Double) -> String { RowSnapshot.numberText(value) }
}
