/// One key a person pressed, as the terminal host understands it.
///
/// ``KeyDecoder`` turns the bytes a terminal sends into keys; the host maps keys to screen
/// events. Sequences the decoder does not know are dropped, never guessed at. Alt with a key,
/// and pasted text, are keys of their own so that the host never reads them as commands.
public enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable character (a space included).
  case character(Character)
  /// A letter pressed with Control, lower-cased: `.control("s")` is Ctrl-S.
  case control(Character)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Escape, alone.
  case escape
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// The forward Delete key.
  case delete
  /// An arrow key, with Shift when `shift`.
  case arrow(Direction, shift: Bool)
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// A printable character pressed with Alt (Meta): Escape and the character in one read.
  case alt(Character)
  /// Text pasted while the terminal brackets pastes (between `ESC [200~` and `ESC [201~`),
  /// as it came: it goes into a field, and is never read as keys.
  case paste(String)

  /// Which way an arrow key points.
  public enum Direction: String, Hashable, Sendable {
    case up, down, left, right
  }

  /// An arrow without Shift.
  public static func arrow(_ direction: Direction) -> Key { .arrow(direction, shift: false) }

  public var description: String {
    switch self {
    case .character(let character): "'\(character)'"
    case .control(let letter): "Ctrl-\(letter.uppercased())"
    case .enter: "Enter"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .arrow(let direction, let shift):
      (shift ? "Shift-" : "") + direction.rawValue.prefix(1).uppercased()
        + direction.rawValue.dropFirst()
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .alt(let character): "Alt-\(character)"
    case .paste(let text): "Paste(\(text.count) characters)"
    }
  }
}
