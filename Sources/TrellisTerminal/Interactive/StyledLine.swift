/// One line of the terminal: its text and the SGR escape that styles all of it.
package struct StyledLine: Hashable, Sendable {
  /// What the line shows, without escape sequences.
  package var text: String
  /// The escape that styles the whole line (`ESC[7m`); empty for the terminal's default.
  package var style: String

  /// Creates a line.
  package init(_ text: String, style: String = "") {
    self.text = text
    self.style = style
  }

  /// An empty line.
  package static let blank = StyledLine("")
}
