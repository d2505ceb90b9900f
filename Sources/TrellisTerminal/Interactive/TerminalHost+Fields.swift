import Trellis

/// Typing into a row's field: opening it, entering what was typed, going on with Tab.
extension TerminalHost {
  /// Whether `row` is typed into: text, numbers, dates, a slider's value, an image's path, a
  /// picker's wheels.
  static func isTyped(_ row: RowSnapshot) -> Bool {
    if !row.attributes.pickerComponents.isEmpty { return row.isEnabled }
    return switch row.kind {
    case .textField, .textView, .numericTextField, .date, .slider, .imagePicker: row.isEnabled
    default: false
    }
  }

  /// Whether Tab stops at `row`: any row with a control.
  static func isField(_ row: RowSnapshot) -> Bool {
    row.kind.editsValue && row.isEnabled
  }

  /// Opens `row`'s field for typing, starting from its value as text (a date in ISO form, a
  /// time of day alone for a date row that shows no day).
  package func openField(_ row: RowSnapshot) {
    guard Self.isTyped(row) else { return }
    var text =
      row.kind == .date ? row.fieldText : row.value.map { $0 == .null ? "" : $0.displayText } ?? ""
    let wheels = row.attributes.pickerComponents
    if !wheels.isEmpty {
      // A picker in parts is typed a wheel at a time: the line below says which, and what it
      // takes.
      wheel = min(max(wheel, 0), wheels.count - 1)
      let current = wheels[wheel]
      text = row.pickerSelection[wheel].map { RowSnapshot.numberText(current.values[$0]) } ?? ""
      let choices = current.values.indices.map(current.title(at:)).joined(separator: ", ")
      status = "\(row.text ?? "Value"), part \(wheel + 1) of \(wheels.count): \(choices)"
      statusIsWarning = false
    }
    mode = .typing(
      FieldEditor(
        text: text, isMultiline: row.kind == .textView, isSecure: row.attributes.isSecure),
      row: row.id)
  }

  /// Enters the typed text into its row through the core's conversion. A refusal keeps the
  /// field open with the reason under it; otherwise Tab goes on to the next field.
  package func commitField(_ editor: FieldEditor, row id: RowID, next: Int) {
    let view = topView
    guard case .row(let path)? = view.place(of: .row(id)), let row = view.table[safe: path] else {
      mode = .browsing
      status = "The row was removed while you typed"
      return
    }
    let wheels = row.attributes.pickerComponents.count
    let value: Value
    do {
      value =
        wheels > 0
        ? try row.value(forComponent: wheel, .text(editor.text))
        : try row.value(for: .text(editor.text))
    } catch {
      var refused = editor
      refused.error = error.message
      mode = .typing(refused, row: id)
      return
    }
    mode = .browsing
    // The same value again is entered too when the row shows why it is not saved.
    if value != row.value || row.value == nil || row.validationMessage != nil {
      // Text and numbers go with what the field started from, so that typing over a value
      // another window changed meanwhile does not replace it unseen.
      let typed = wheels == 0 && row.kind != .date
      send(typed ? .enter(id, .text(editor.text), over: editor.startText) : .setValue(id, value))
    }
    if wheels > 0 {
      status = nil
      // Tab goes on to the picker's next wheel, Shift-Tab back, before other fields.
      if next != 0, (0..<wheels).contains(wheel + next),
        case .row(let path)? = topView.place(of: .row(id)), let shown = topView.table[safe: path]
      {
        wheel += next
        openField(shown)
        return
      }
    }
    if next != 0 { focusField(from: view, by: next, open: true) }
  }

  /// Takes pasted text: into the field being typed in, or the search; anywhere else it is
  /// refused, never read as keys.
  package func paste(_ text: String) {
    switch mode {
    case .typing(var editor, let row):
      _ = editor.handle(.paste(text))
      mode = .typing(editor, row: row)
    case .searching(let search):
      let typed = search + String(FieldEditor.pastable(text, isMultiline: false))
      mode = .searching(typed)
      send(.search(typed))
    case .browsing:
      status = "Paste goes into a field: press Enter on one first"
    case .confirming, .help:
      break
    }
  }

  /// Moves the cursor to the next (or previous) row with a control, opening it for typing
  /// when `open` and it is typed into.
  package func focusField(from view: ScreenView, by direction: Int, open: Bool) {
    let count = view.placeCount
    guard count > 0 else { return }
    let start = view.currentPlace().map(view.ordinal(of:)) ?? -1
    var ordinal = start
    for _ in 0..<count {
      ordinal = ((ordinal + direction) % count + count) % count
      guard case .row(let path)? = view.place(atOrdinal: ordinal), let row = view.table[safe: path],
        Self.isField(row)
      else { continue }
      view.setFocus(.row(path))
      wheel = direction < 0 ? max(row.attributes.pickerComponents.count - 1, 0) : 0
      if open { openField(row) }
      return
    }
  }
}
