import Trellis

/// Keys into events: what each key does in each mode.
extension TerminalHost {
  /// Takes one key: moves the cursor, types, or sends the core an event.
  package func handle(_ key: Key) {
    switch key {
    case .alt:
      // Alt with a key is no command: it never answers a question or leaves a field.
      return
    case .paste(let text):
      paste(text)
      return
    case .control("l"):
      // Ctrl-L paints the whole screen again, over whatever another program wrote on it.
      needsFullPaint = true
      return
    default: break
    }
    if case .browsing = mode {} else if case .typing = mode {} else { status = nil }
    switch mode {
    case .help:
      mode = .browsing
    case .confirming(_, let action):
      mode = .browsing
      if key == .character("y") || key == .character("Y") { action() }
      // Ctrl-C again while asked whether to quit: quits, as a second interrupt does.
      if key == .control("c") { exit = .quit }
    case .searching(let text):
      search(key, text: text)
    case .typing(let editor, let row) where key == .control("s"):
      // Ctrl-S while typing enters the text, then saves.
      commitField(editor, row: row, next: 0)
      if case .browsing = mode { saveOrDone() }
    case .typing(var editor, let row):
      let outcome = editor.handle(key)
      mode = .typing(editor, row: row)
      switch outcome {
      case .editing: break
      case .cancel: mode = .browsing
      case .commit(let next): commitField(editor, row: row, next: next)
      }
    case .browsing:
      status = nil
      browse(key)
    }
  }

  private func search(_ key: Key, text: String) {
    switch key {
    case .character(let character):
      mode = .searching(text + String(character))
      send(.search(text + String(character)))
    case .paste(let pasted):
      // One line: the search line takes a paste's line breaks and tabs as spaces.
      let longer = text + String(FieldEditor.pastable(pasted, isMultiline: false))
      mode = .searching(longer)
      send(.search(longer))
    case .backspace:
      let shorter = String(text.dropLast())
      mode = .searching(shorter)
      send(.search(shorter))
    case .control("u"):
      // As in a field: the line is cleared, and the search goes on with nothing typed.
      mode = .searching("")
      send(.search(""))
    case .escape:
      mode = .browsing
      send(.search(""))
    case .enter, .arrow(.down, _), .tab:
      mode = .browsing
    default: break
    }
  }

  private func browse(_ key: Key) {
    let view = topView
    let screen = navigator.top
    let page = max(size.rows - 4, 1)
    switch key {
    case .arrow(.up, false), .character("k"): view.moveFocus(by: -1)
    case .arrow(.down, false), .character("j"): view.moveFocus(by: 1)
    case .pageUp: view.moveFocus(by: -page)
    case .pageDown: view.moveFocus(by: page)
    case .home, .character("g"): view.moveFocus(by: -view.placeCount)
    case .end, .character("G"): view.moveFocus(by: view.placeCount)
    case .enter: activate()
    case .character(" "): toggle()
    case .arrow(.left, false), .character("h"): adjust(by: -1)
    case .arrow(.right, false), .character("l"): adjust(by: 1)
    case .tab: focusField(from: view, by: 1, open: false)
    case .backTab: focusField(from: view, by: -1, open: false)
    case .escape, .backspace: goBack()
    case .character("e"):
      // Edit mode is offered where the screen's bar offers it, as the other hosts do.
      if screen.isEditing || screen.barButtons.contains(where: { $0.role == .edit }) {
        send(.setEditing(!screen.isEditing))
      } else {
        status = "This screen has no edit mode"
      }
    case .character("d"), .delete, .character("x"): deleteFocused()
    case .arrow(.up, true), .character("K"): moveFocused(by: -1)
    case .arrow(.down, true), .character("J"): moveFocused(by: 1)
    case .character("a"), .character("+"): send(.add(section: nil))
    case .character("i"):
      if let (_, row) = view.focusedRow() { send(.accessoryTap(row.id)) }
    case .character("r"): send(.refresh)
    case .character("/"):
      if screen.isSearchable {
        mode = .searching(screen.searchText)
      } else {
        status = "This screen has no search"
      }
    case .character("?"): mode = .help
    case .control("s"): saveOrDone()
    case .character("t") where screen.barButtons.contains { $0.role == .takeTheirs }:
      send(.takeTheirs)
    case .character("q"), .control("c"): quit()
    default: break
    }
  }

  /// Enter on the focused place: a header collapses or opens its section; a field opens for
  /// typing; a switch toggles; a segmented control takes its next segment; in edit mode an
  /// insert row inserts; anything else is selected (pushes, runs, checks, loads more).
  private func activate() {
    let view = topView
    guard let place = view.currentPlace() else { return }
    guard case .row(let path) = place, let row = view.table[safe: path] else {
      if case .header(let index) = place { send(.toggleSection(index)) }
      return
    }
    if navigator.top.isEditing && row.editingStyle == .insert {
      send(.insert(row.id))
      return
    }
    if !row.attributes.pickerComponents.isEmpty {
      wheel = 0
      openField(row)
      return
    }
    switch row.kind {
    case .textField, .textView, .numericTextField, .date, .slider, .imagePicker:
      openField(row)
    case .switch:
      toggle()
    case .segmented:
      let count = max(row.segments.count, 1)
      enter(.number(Double(((row.selectedSegment ?? -1) + 1) % count)), into: row)
    case .placeholder:
      break
    case .link:
      // A link whose address is its own, with no `open` action: shown as an opened one is.
      let opens = navigator.openRequests
      if send(.select(row.id)), navigator.openRequests == opens, let url = row.attributes.url {
        status = "Open in a browser: \(url)"
        statusIsWarning = false
      }
    default:
      send(.select(row.id))
    }
  }

  /// Space: a switch flips; any other row is selected (a checkbox checks or unchecks).
  private func toggle() {
    guard let (_, row) = topView.focusedRow() else { return }
    if row.kind == .switch {
      enter(.bool(!(row.value?.boolValue ?? false)), into: row)
    } else if row.kind != .placeholder {
      send(.select(row.id))
    }
  }

  /// ← and →: a segmented control's neighbouring segment, a slider's value by a twentieth of
  /// its range.
  private func adjust(by direction: Int) {
    guard let (_, row) = topView.focusedRow() else { return }
    switch row.kind {
    case .segmented:
      let count = max(row.segments.count, 1)
      let index = min(max((row.selectedSegment ?? 0) + direction, 0), count - 1)
      enter(.number(Double(index)), into: row)
    case .slider:
      let (low, high) = (row.sliderRange.lowerBound, row.sliderRange.upperBound)
      let step = max((high - low) / 20, row.attributes.allowsFloat ? 0 : 1)
      let current = row.value?.doubleValue ?? low
      enter(.number(min(max(current + Double(direction) * step, low), high)), into: row)
    case .switch:
      enter(.bool(direction > 0), into: row)
    default:
      if direction > 0 && row.kind.pushesDetail { send(.select(row.id)) }
    }
  }

  /// Enters `input` into `row` through the core's conversion; a refusal goes on the status
  /// line.
  package func enter(_ input: ControlInput, into row: RowSnapshot) {
    do {
      send(.setValue(row.id, try row.value(for: input)))
    } catch {
      status = error.message
    }
  }

  /// Esc: back to the screen below, asking first when the screen's draft has changes; on the
  /// first screen, leaves the host when it is asked to.
  private func goBack() {
    let screen = navigator.top
    guard navigator.stack.count > 1 else {
      guard leavesOnRootBack else { return }
      if screen.draft?.hasChanges == true {
        mode = .confirming("Discard the changes on this screen? (y/n)") { [weak self] in
          self?.send(.cancel)
          self?.exit = .back
        }
      } else {
        exit = .back
      }
      return
    }
    if screen.draft?.hasChanges == true {
      mode = .confirming("Discard the changes on this screen? (y/n)") { [weak self] in
        self?.send(.cancel)
      }
    } else {
      send(.back)
    }
  }

  /// `d` in edit mode: asks, then deletes the row under the cursor, as UIKit's Delete button
  /// confirms its minus.
  private func deleteFocused() {
    guard navigator.top.isEditing else {
      status = "Press e for edit mode to delete rows"
      return
    }
    guard let (_, row) = topView.focusedRow() else { return }
    guard row.isDeletable || row.editingStyle == .delete else {
      status = "\(row.text ?? "This row") cannot be deleted"
      return
    }
    let id = row.id
    mode = .confirming("Delete \(row.text.map { "“\($0)”" } ?? "this row")? (y/n)") {
      [weak self] in
      guard let self else { return }
      self.topView.deletedFocus = .row(id)
      self.send(.delete(id))
    }
  }

  /// Shift-↑↓ in edit mode: moves the row under the cursor one place, into the next section
  /// at its end or start.
  private func moveFocused(by direction: Int) {
    guard navigator.top.isEditing else {
      status = "Press e for edit mode to move rows"
      return
    }
    let view = topView
    guard let (path, row) = view.focusedRow() else { return }
    guard row.isMovable else {
      status = "\(row.text ?? "This row") cannot be moved"
      return
    }
    let sections = view.table.sections
    var target = ItemPath(item: path.item + direction, section: path.section)
    if target.item < 0 {
      guard path.section > 0 else { return }
      target = ItemPath(item: sections[path.section - 1].items.count, section: path.section - 1)
    } else if target.item >= sections[path.section].items.count {
      guard path.section + 1 < sections.count else { return }
      target = ItemPath(item: 0, section: path.section + 1)
    }
    send(.move(row.id, to: target))
  }

  /// Ctrl-S: Done on a screen that has it; then the host's save, when it has one.
  private func saveOrDone() {
    let screen = navigator.top
    let hasDone = screen.barButtons.contains { $0.role == .done } || screen.draft != nil
    if hasDone {
      guard screen.isDoneEnabled else {
        // What disables Done: the item gone, a load under way or failed, or fields to fix.
        status =
          screen.itemGone ?? screen.loadFailure
          ?? (screen.isLoading ? "Done waits: the form is loading" : nil)
          ?? "Done is not possible: fix the fields marked !"
        return
      }
      guard send(.done) else { return }
    }
    if let save {
      do {
        status = try save() + pendingFormNote
        statusIsWarning = false
      } catch {
        // A located diagnostic names the file the bar already names: its message says why.
        status = "Not saved: " + ((error as? Diagnostic)?.message ?? "\(error)")
      }
    } else if !hasDone {
      status = nothingToSave
      statusIsWarning = false
    }
  }

  /// What a save leaves out: the edits of a form still open below (a new item whose list was
  /// just edited), which reach the data only with that form's Done. Empty when there are none.
  private var pendingFormNote: String {
    guard let form = navigator.stack.last(where: { $0.draft?.hasChanges == true }) else {
      return ""
    }
    return "; “\(form.model.title ?? "the form")” is saved with its Done"
  }

  /// `q` or Ctrl-C: quits, asking first when something is unsaved.
  private func quit() {
    guard hasChanges else {
      exit = .quit
      return
    }
    mode = .confirming("Quit without saving your changes? (y/n)") { [weak self] in
      self?.exit = .quit
    }
  }
}
