/// The text being typed into a row's field: the characters, the cursor, and what the keys do.
///
/// A pure value: the host feeds it keys and reads its text; it knows nothing of rows.
package struct FieldEditor: Hashable, Sendable {
  /// What the keys ask of the host.
  package enum Outcome: Hashable, Sendable {
    /// Keep typing.
    case editing
    /// Enter the text (and, with Tab or Shift-Tab, go on to the next or previous field).
    case commit(next: Int)
    /// Leave the field as it was.
    case cancel
  }

  /// The text.
  package private(set) var characters: [Character]
  /// Where the cursor is: before the character at this index.
  package private(set) var cursor: Int
  /// Whether Enter adds a line (a text view); Ctrl-D then enters the text.
  package let isMultiline: Bool
  /// Whether the text shows as dots.
  package let isSecure: Bool
  /// Why the host refused the text last entered, shown under the field.
  package var error: String?
  /// The text the field started from: what the row showed when typing began.
  package let startText: String

  /// Starts editing `text`, with the cursor at its end.
  package init(text: String, isMultiline: Bool = false, isSecure: Bool = false) {
    startText = text
    characters = Array(text)
    cursor = characters.count
    self.isMultiline = isMultiline
    self.isSecure = isSecure
  }

  /// The text typed.
  package var text: String { String(characters) }

  /// Takes one key.
  package mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .paste(let text):
      let pasted = Self.pastable(text, isMultiline: isMultiline)
      characters.insert(contentsOf: pasted, at: cursor)
      cursor += pasted.count
    case .enter:
      guard isMultiline else { return .commit(next: 0) }
      characters.insert("\n", at: cursor)
      cursor += 1
    case .control("d"): return .commit(next: 0)
    case .tab: return .commit(next: 1)
    case .backTab: return .commit(next: -1)
    case .escape: return .cancel
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .arrow(.left, _): cursor = max(cursor - 1, 0)
    case .arrow(.right, _): cursor = min(cursor + 1, characters.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters.removeAll()
      cursor = 0
    default: break
    }
    error = nil
    return .editing
  }

  /// What of pasted `text` a field takes: a line break (of any kind) stays in a text view and
  /// is a space in a one-line field; a tab is a space; other control characters are dropped.
  package static func pastable(_ text: String, isMultiline: Bool) -> [Character] {
    text.compactMap { character -> Character? in
      if character.isNewline { return isMultiline ? "\n" : " " }
      if character == "\t" { return " " }
      let isControl = character.unicodeScalars.allSatisfy {
        $0.properties.generalCategory == .control
      }
      return isControl ? nil : character
    }
  }

  /// The lines the field shows, at most `width` columns each, and the cursor's line and
  /// column among them: one line (scrolled to keep the cursor in view), or a text view's lines,
  /// each broken into as many as it needs so that all of it shows.
  package func display(width: Int) -> (lines: [String], cursorLine: Int, cursorColumn: Int) {
    let width = max(width, 2)
    let shown = isSecure ? Array(repeating: "•", count: characters.count) : characters
    var lines: [[Character]] = [[]]
    var cursorLine = 0
    var cursorColumn = 0
    for (index, character) in shown.enumerated() {
      if index == cursor {
        (cursorLine, cursorColumn) = (lines.count - 1, lines[lines.count - 1].count)
      }
      if character == "\n" && isMultiline {
        lines.append([])
      } else {
        lines[lines.count - 1].append(character)
      }
    }
    if cursor >= shown.count {
      (cursorLine, cursorColumn) = (lines.count - 1, lines[lines.count - 1].count)
    }
    if isMultiline { return Self.wrapped(lines, width: width, cursor: (cursorLine, cursorColumn)) }
    var result: [String] = []
    var column = cursorColumn
    for (index, line) in lines.enumerated() {
      // A long line shows the part around the cursor (by characters; wide ones may be cut).
      var start = 0
      if index == cursorLine && cursorColumn >= width - 1 { start = cursorColumn - (width - 2) }
      if index == cursorLine { column = cursorColumn - start }
      result.append(TerminalText.fit(String(line.dropFirst(start)), to: width))
    }
    return (result, cursorLine, min(column, width - 1))
  }

  /// `lines` broken where they reach `width` columns (one is kept for the cursor at a line's
  /// end), and the cursor's place among the pieces; `cursor` is its line and character.
  private static func wrapped(
    _ lines: [[Character]], width: Int, cursor: (line: Int, index: Int)
  ) -> (lines: [String], cursorLine: Int, cursorColumn: Int) {
    let room = width - 1
    var result: [String] = []
    var place = (line: 0, column: 0)
    for (index, line) in lines.enumerated() {
      var pieces: [[Character]] = [[]]
      var used = 0
      // Each character's piece and column, for the cursor.
      var places: [(piece: Int, column: Int)] = []
      for character in line {
        let size = TerminalText.width(of: character)
        if used + size > room, !pieces[pieces.count - 1].isEmpty {
          pieces.append([])
          used = 0
        }
        places.append((pieces.count - 1, used))
        pieces[pieces.count - 1].append(character)
        used += size
      }
      if index == cursor.line {
        if cursor.index < places.count {
          place = (result.count + places[cursor.index].piece, places[cursor.index].column)
        } else if used >= room {
          pieces.append([])
          place = (result.count + pieces.count - 1, 0)
        } else {
          place = (result.count + pieces.count - 1, used)
        }
      }
      result += pieces.map { TerminalText.fit(String($0), to: width) }
    }
    return (result, place.line, place.column)
  }
}
