/// One line of the terminal: its text and the SGR escape that styles all of it, with at most
/// one part of it (a control's tinted value) in a style of its own.
package struct StyledLine: Hashable, Sendable {
  /// What the line shows, without escape sequences.
  package var text: String
  /// The escape that styles the whole line (`ESC[7m`); empty for the terminal's default.
  package var style: String
  /// A part of the text, by character offsets, drawn with its own escape after the line's.
  package var span: Span?

  /// A part of a line in a style of its own.
  package struct Span: Hashable, Sendable {
    /// The characters it covers.
    package var range: Range<Int>
    /// The escape that styles them, over the line's style.
    package var style: String

    /// Creates a span.
    package init(range: Range<Int>, style: String) {
      self.range = range
      self.style = style
    }
  }

  /// Creates a line.
  package init(_ text: String, style: String = "", span: Span? = nil) {
    self.text = text
    self.style = style
    self.span = span
  }

  /// An empty line.
  package static let blank = StyledLine("")

  /// The escapes and text that draw the line, ending in a reset when it sets any style.
  package var output: String {
    guard let span, !span.style.isEmpty, span.range.lowerBound < text.count else {
      return style.isEmpty ? text : style + text + "\u{1B}[0m"
    }
    let characters = Array(text)
    let end = min(span.range.upperBound, characters.count)
    let before = String(characters[..<span.range.lowerBound])
    let inside = String(characters[span.range.lowerBound..<end])
    let after = String(characters[end...])
    return style + before + span.style + inside + "\u{1B}[0m" + style + after + "\u{1B}[0m"
  }
}
