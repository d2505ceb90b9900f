/// One line of the terminal: its text and the SGR escape that styles all of it, with parts of
/// it (a control's tinted value, a row's detail, a value2 title) in styles of their own.
package struct StyledLine: Hashable, Sendable {
  /// What the line shows, without escape sequences.
  package var text: String
  /// The escape that styles the whole line (`ESC[7m`); empty for the terminal's default.
  package var style: String
  /// Parts of the text, by character offsets, each drawn with its own escape after the
  /// line's; a part overlapping one before it is left out.
  package var spans: [Span]

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
  package init(_ text: String, style: String = "", spans: [Span] = []) {
    self.text = text
    self.style = style
    self.spans = spans
  }

  /// An empty line.
  package static let blank = StyledLine("")

  /// Styles the characters of `text`'s occurrence in the line with `style`: its last one,
  /// or its first when `first`; nothing when the style or the text is empty or absent.
  package mutating func style(_ part: String, with style: String, first: Bool = false) {
    guard !style.isEmpty, !part.isEmpty,
      let range = text.range(of: part, options: first ? [] : .backwards)
    else { return }
    let start = text.distance(from: text.startIndex, to: range.lowerBound)
    spans.append(Span(range: start..<(start + part.count), style: style))
  }

  /// The escapes and text that draw the line, ending in a reset when it sets any style.
  package var output: String {
    let characters = Array(text)
    var drawn = ""
    var at = 0
    for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
    where !span.style.isEmpty && span.range.lowerBound >= at
      && span.range.lowerBound < characters.count
    {
      let end = min(span.range.upperBound, characters.count)
      drawn += String(characters[at..<span.range.lowerBound])
      drawn += span.style + String(characters[span.range.lowerBound..<end]) + "\u{1B}[0m" + style
      at = end
    }
    drawn += String(characters[at...])
    return style.isEmpty && drawn == text ? text : style + drawn + "\u{1B}[0m"
  }
}
