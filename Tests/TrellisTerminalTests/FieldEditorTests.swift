import Testing

@testable import TrellisTerminal

/// Typing into a field, and how the field and whole frames are drawn.
@Suite("Field editor and frames")
struct FieldEditorTests {
  @Test func typingMovesTheCursorAndEnds() {
    var editor = FieldEditor(text: "abc")
    #expect(editor.handle(.arrow(.left)) == .editing)
    #expect(editor.handle(.character("X")) == .editing)
    #expect(editor.text == "abXc")
    _ = editor.handle(.backspace)
    _ = editor.handle(.home)
    _ = editor.handle(.delete)
    #expect(editor.text == "bc")
    #expect(editor.handle(.enter) == .commit(next: 0))
    #expect(editor.handle(.tab) == .commit(next: 1))
    #expect(editor.handle(.backTab) == .commit(next: -1))
    #expect(editor.handle(.escape) == .cancel)
    _ = editor.handle(.control("u"))
    #expect(editor.text.isEmpty)
  }

  @Test func textViewsTakeNewLinesAndSecureFieldsShowDots() {
    var view = FieldEditor(text: "one", isMultiline: true)
    #expect(view.handle(.enter) == .editing)
    _ = view.handle(.character("2"))
    #expect(view.text == "one\n2")
    #expect(view.handle(.control("d")) == .commit(next: 0))
    let shown = view.display(width: 20)
    #expect(shown.lines == ["one", "2"])
    #expect(shown.cursorLine == 1 && shown.cursorColumn == 1)
    let secret = FieldEditor(text: "hunter2", isSecure: true)
    #expect(secret.display(width: 20).lines == ["•••••••"])
  }

  /// Pasted text goes in at the cursor: a one-line field makes its line breaks and tabs
  /// spaces; a text view keeps its line breaks. Nothing in it ends the typing.
  @Test func pastedTextGoesInAtTheCursor() {
    var field = FieldEditor(text: "[]")
    _ = field.handle(.arrow(.left))
    #expect(field.handle(.paste("Pasted line1\nsecond line\ttabbed")) == .editing)
    #expect(field.text == "[Pasted line1 second line tabbed]")
    #expect(field.cursor == field.characters.count - 1)
    var view = FieldEditor(text: "", isMultiline: true)
    #expect(view.handle(.paste("one\r\ntwo\rthree\nfour\u{7}\u{1B}")) == .editing)
    #expect(view.text == "one\ntwo\nthree\nfour")
  }

  @Test func aLongLineScrollsToTheCursor() {
    let editor = FieldEditor(text: String(repeating: "x", count: 50) + "END")
    let shown = editor.display(width: 10)
    #expect(shown.lines[0].hasSuffix("END"))
    #expect(shown.lines[0].count <= 10)
    #expect(shown.cursorColumn <= 9)
  }

  /// A text view's long line is broken where it reaches the field's width, so that all of it
  /// shows while it is typed, with the cursor on the piece it is in.
  @Test func aTextViewsLongLineBreaksAtTheWidth() {
    var view = FieldEditor(text: "abcdefghijklm\nxy", isMultiline: true)
    var shown = view.display(width: 6)
    #expect(shown.lines == ["abcde", "fghij", "klm", "xy"])
    #expect(shown.cursorLine == 3 && shown.cursorColumn == 2)
    for _ in 0..<6 { _ = view.handle(.arrow(.left)) }
    // Before "k": the third piece's first column.
    shown = view.display(width: 6)
    #expect(shown.cursorLine == 2 && shown.cursorColumn == 0)
    // A line that fills its pieces keeps a place for the cursor at its end.
    let full = FieldEditor(text: "abcde", isMultiline: true).display(width: 6)
    #expect(full.lines == ["abcde", ""])
    #expect(full.cursorLine == 1 && full.cursorColumn == 0)
    // Wide characters take two columns each.
    #expect(FieldEditor(text: "日本語", isMultiline: true).display(width: 6).lines == ["日本", "語"])
  }

  @Test func framesFitAndWriteOnlyChangedLines() {
    let size = TerminalSize(rows: 3, columns: 5)
    let frame = TerminalFrame(size: size, lines: [StyledLine("abcdefgh"), StyledLine("日本語")])
    #expect(frame.lines.map(\.text) == ["abcde", "日本", ""])
    var writer = FrameWriter()
    let first = writer.output(for: frame)
    #expect(first.contains("\u{1B}[2J"))
    #expect(writer.linesWritten == 3)
    var next = frame
    next.lines[2] = StyledLine("x", style: "\u{1B}[7m")
    let second = writer.output(for: next)
    #expect(!second.contains("\u{1B}[2J"))
    #expect(second.contains("\u{1B}[3;1H\u{1B}[2K\u{1B}[7mx\u{1B}[0m"))
    #expect(writer.linesWritten == 4)
    #expect(writer.output(for: next) == "")
    writer.invalidate()
    #expect(writer.output(for: next).contains("\u{1B}[2J"))
  }

  @Test func textWidthsAndControlCharacters() {
    #expect(TerminalText.width(of: "abc") == 3)
    #expect(TerminalText.width(of: "日本") == 4)
    #expect(TerminalText.width(of: "e\u{301}") == 1)
    #expect(TerminalText.fit("a\nb\u{1B}c", to: 10) == "a b c")
    #expect(TerminalText.fit("ab", to: 4, pad: true) == "ab  ")
  }
}
