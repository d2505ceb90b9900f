import Trellis

/// The frame the host shows: the bar, a status line, the table scrolled to the cursor, and the
/// keys that apply.
extension TerminalHost {
  /// Reverse video: the bar and the row under the cursor.
  static let highlight = "\u{1B}[7m"

  /// What the terminal should show now.
  package func frame() -> TerminalFrame {
    dropHiddenViews()
    let screen = navigator.top
    let view = self.view(for: screen)
    view.lines.relayout(layout(for: screen))
    let snapshot = screen.snapshot()
    // Done saved a screen that stays (a root form, or once an async store accepted): the
    // status line says so, unless it already says what the save did.
    if screen.saves != view.saves {
      view.saves = screen.saves
      if status == nil {
        status = "Saved."
        statusIsWarning = false
      }
    }
    if case .help = mode {
      return TerminalFrame(size: size, lines: helpLines().map { StyledLine($0) })
    }
    var lines = [StyledLine(barText(snapshot), style: Self.highlight)]
    let status = statusLines(statusLine(snapshot))
    lines += status
    let height = max(size.rows - 2 - status.count, 1)
    let (table, cursor) = tableLines(view, height: height)
    lines += table
    while lines.count < size.rows - 1 { lines.append(.blank) }
    lines.append(StyledLine(hints(snapshot), style: usesColor ? "\u{1B}[2m" : ""))
    let frameCursor = cursor.map { (row: $0.row + 1 + status.count, column: $0.column) }
    return TerminalFrame(size: size, lines: lines, cursor: frameCursor)
  }

  /// The bar: Back, the title, and the screen's buttons with their keys.
  func barText(_ snapshot: ScreenSnapshot) -> String {
    var left = snapshot.canGoBack ? "< Back (Esc)" : (leavesOnRootBack ? "< Apps (Esc)" : "")
    if snapshot.isModal { left = "Cancel (Esc)" }
    var right: [String] = []
    for button in snapshot.barButtons {
      switch button.role {
      case .add: right.append("[+ a]")
      case .edit: right.append(snapshot.isEditing ? "[Done e]" : "[Edit e]")
      case .done: right.append(snapshot.isDoneEnabled ? "[Done ^S]" : "(Done ^S)")
      case .cancel: if !snapshot.canGoBack { right.append("[Cancel Esc]") }
      case .takeTheirs: right.append("[Take Theirs t]")
      }
    }
    let title = snapshot.title ?? ""
    let rightText = right.joined(separator: " ")
    let width = size.columns
    let room = max(width - TerminalText.width(of: left) - TerminalText.width(of: rightText) - 2, 0)
    let shownTitle = TerminalText.fit(title, to: room)
    let titleWidth = TerminalText.width(of: shownTitle)
    // Centred when there is room; otherwise as far left as keeps the buttons on the line.
    let free = width - TerminalText.width(of: left) - titleWidth - TerminalText.width(of: rightText)
    let centred = max((width - titleWidth) / 2 - TerminalText.width(of: left), 1)
    let leftPad = min(centred, max(free - 1, 1))
    var line =
      left + String(repeating: " ", count: left.isEmpty ? max(leftPad - 1, 0) : leftPad)
      + shownTitle
    let gap = max(width - TerminalText.width(of: line) - TerminalText.width(of: rightText), 1)
    line += String(repeating: " ", count: gap) + rightText
    return TerminalText.fit(line, to: width, pad: true)
  }

  /// The line under the bar: a question, the search being typed, the host's message, the
  /// screen's notice, or the search in force.
  func statusLine(_ snapshot: ScreenSnapshot) -> StyledLine {
    let warn = usesColor ? "\u{1B}[1;31m" : ""
    switch mode {
    case .confirming(let question, _): return StyledLine(question, style: warn)
    case .searching(let text): return StyledLine("Search: " + text + "_")
    default: break
    }
    if let status { return StyledLine(status, style: statusIsWarning ? warn : "") }
    if let notice = snapshot.notice {
      let text = notice.split(separator: "\n").joined(separator: "; ")
      return StyledLine((snapshot.isBusy ? "… " : "! ") + text, style: snapshot.isBusy ? "" : warn)
    }
    if let search = snapshot.search, !search.isEmpty { return StyledLine("Search: " + search) }
    return .blank
  }

  /// The status line wrapped to the terminal's width, on at most three lines (the last cut
  /// with "…"), so that a long message (a save's conflict, say) is read whole on a narrow
  /// terminal, while the table keeps most of the rows.
  func statusLines(_ line: StyledLine) -> [StyledLine] {
    let width = max(size.columns, 1)
    guard TerminalText.width(of: line.text) > width, size.rows > 8 else { return [line] }
    var parts = Self.wrapped(line.text, width: width)
    if parts.count > 3 {
      parts = Array(parts.prefix(3))
      parts[2] = TerminalText.fit(parts[2] + " …", to: width)
    }
    return parts.map { StyledLine($0, style: line.style) }
  }

  /// The keys that apply now, as many as fit, help and quit kept last.
  func hints(_ snapshot: ScreenSnapshot) -> String {
    var parts: [String]
    switch mode {
    case .typing(let editor, _):
      parts =
        editor.isMultiline
        ? ["Enter new line", "^D enter", "Tab next", "Esc cancel"]
        : ["Enter enter", "Tab next", "Esc cancel"]
    case .searching: parts = ["type to search", "Enter keep", "Esc clear"]
    case .confirming: parts = ["y yes", "any other key no"]
    default:
      if snapshot.isEditing {
        parts = ["d delete", "K/J move", "a add", "e done", "? help", "q quit"]
      } else {
        parts = ["↑↓ move", "Enter select", "e edit"]
        if snapshot.search != nil { parts.append("/ search") }
        if snapshot.barButtons.contains(where: { $0.role == .done }) || save != nil {
          parts.append("^S save")
        }
        parts += ["? help", "q quit"]
      }
    }
    while parts.count > 2 && TerminalText.width(of: parts.joined(separator: "  ")) > size.columns {
      parts.remove(at: parts.count - 3)
    }
    return parts.joined(separator: "  ")
  }

  /// The table's lines in view, scrolled so that the cursor's row (and the field being typed
  /// into, drawn under it) shows, with the cursor's place on the terminal while typing.
  func tableLines(_ view: ScreenView, height: Int) -> ([StyledLine], (row: Int, column: Int)?) {
    view.lines.drawRows(ifAtMost: 2000)
    let place = view.currentPlace()
    var first = 0
    var rowHeight = 0
    switch place {
    case .row(let path)?:
      first = view.lines.firstLine(of: path)
      rowHeight = view.lines.lines(at: path).count
    case .header(let index)?:
      first = view.lines.firstLine(of: ItemPath(item: 0, section: index)) - 2
      rowHeight = 1
    case nil: break
    }
    var editorLines: [StyledLine] = []
    var editorCursor: (line: Int, column: Int)?
    // The lines of a text view's text give way to the field typed into.
    var replaced = 0..<0
    if case .typing(let editor, let id) = mode, case .row(let path)? = place,
      let row = view.table[safe: path], row.id == id
    {
      (editorLines, editorCursor) = self.editorLines(editor)
      replaced = 1..<(1 + view.lines.layout.renderer.textViewLines(row).count)
    }
    let last = first + rowHeight + editorLines.count - 1
    // Keep the header above the first row in view, and the cursor's rows inside the window.
    if first < view.scrollTop + 1 { view.scrollTop = max(first - 2, 0) }
    if last >= view.scrollTop + height { view.scrollTop = last - height + 1 }
    view.scrollTop = max(min(view.scrollTop, view.lines.lineCount + editorLines.count - height), 0)
    var result: [StyledLine] = []
    var cursor: (row: Int, column: Int)?
    for (line, origin) in view.lines.window(from: view.scrollTop, count: height) {
      var line = line
      switch origin {
      case .row(let path, let index) where place == .row(path):
        line = marked(
          line,
          selected: usesColor
            ? TextRenderer.selectedBackground(view.table[safe: path], depth: colorDepth) : nil)
        if index == rowHeight - 1 {
          if !replaced.contains(index) { result.append(line) }
          if let editorCursor { cursor = (result.count + editorCursor.line, editorCursor.column) }
          result += editorLines
          continue
        }
        if replaced.contains(index) { continue }
      case .header(let index) where place == .header(index):
        line = marked(line)
      default: break
      }
      result.append(line)
    }
    if result.count > height { result.removeLast(result.count - height) }
    if let position = cursor, position.row >= height { cursor = nil }
    requestLoads(view)
    return (result, cursor)
  }

  /// A line of the row under the cursor: marked `>` and drawn in reverse video, or on the
  /// row's `selected` background when its theme gives one.
  func marked(_ line: StyledLine, selected: String? = nil) -> StyledLine {
    let text = line.text.hasPrefix("  ") ? "> " + line.text.dropFirst(2) : line.text
    return StyledLine(text, style: line.style + (selected ?? Self.highlight), spans: line.spans)
  }

  /// The field being typed into, boxed under its row, and where its cursor is.
  func editorLines(_ editor: FieldEditor) -> ([StyledLine], (line: Int, column: Int)) {
    let inner = max(size.columns - 8, 4)
    let shown = editor.display(width: inner)
    var lines = shown.lines.map {
      StyledLine("  | » " + TerminalText.fit($0, to: inner, pad: true) + " |")
    }
    if let error = editor.error {
      let style = usesColor ? "\u{1B}[1;31m" : ""
      for part in Self.wrapped(error, width: inner) {
        lines.append(
          StyledLine("  | ! " + TerminalText.fit(part, to: inner, pad: true) + " |", style: style))
      }
    }
    return (lines, (shown.cursorLine, 6 + shown.cursorColumn))
  }

  /// `text` broken at spaces into lines of at most `width` columns (a longer word is cut).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if TerminalText.width(of: candidate) <= width || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }

  /// Asks for the next batch of each list whose "load more" row is in view and loads when
  /// shown, once per change of the list.
  func requestLoads(_ view: ScreenView) {
    guard navigator.top === view.screen else { return }
    for (s, section) in view.table.sections.enumerated() {
      // A row rendered on demand is never a "Load more" row: reading it would render it
      // (and run its willDisplay) out of view.
      guard let last = section.items.last, !last.isDeferred, last.kind == .loadMore,
        last.attributes.loadsWhenShown,
        !view.requestedLoads.contains(s)
      else { continue }
      let line = view.lines.firstLine(of: ItemPath(item: section.items.count - 1, section: s))
      guard line < view.scrollTop + size.rows else { continue }
      view.requestedLoads.insert(s)
      pendingLoads.append(s)
    }
  }

  /// The keys, for `?`.
  func helpLines() -> [String] {
    [
      "Keys (any key closes this)",
      "",
      "  Up/Down, j/k       move between rows",
      "  PgUp/PgDn, g/G     a page, the top, the end",
      "  Enter              select: open, toggle, type into a field",
      "  Esc, Backspace     back",
      "  Tab, Shift-Tab     next or previous field",
      "  Space              toggle a switch or a checkbox",
      "  Left/Right         a segment, a slider's value",
      "  e                  edit mode on or off",
      "  d                  delete the row (edit mode)",
      "  K/J, Shift-Up/Dn   move the row (edit mode)",
      "  a, +               add",
      "  i                  the row's info button",
      "  /                  search",
      "  r                  refresh",
      "  Ctrl-S             Done; save the document",
      "  Ctrl-L             paint the screen again",
      "  q                  quit",
      "",
      "Typing: Enter enters the value (a text view: Ctrl-D), Esc leaves it as it was;",
      "Ctrl-U clears the field or the search line.",
      "Dates are typed as 2026-11-25 or 2026-11-25T09:30:00Z.",
      "A row marked ~ is disabled: it shows its value and takes no changes.",
    ]
  }
}
