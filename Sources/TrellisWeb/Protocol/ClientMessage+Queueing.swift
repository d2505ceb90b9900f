/// Which of a page's messages may wait, be replaced or be dropped before the hub takes them.
///
/// A page's socket hands the hub one message at a time (``PageSocketHandler``); the rest
/// wait in order. A message that only says what the page now shows (its search text, the
/// rows in view, its width) makes an earlier one of its kind still waiting pointless, and
/// one still waiting when the page has gone changes nothing anyone will see.
extension ClientMessage {
  /// Whether this message makes `earlier`, waiting just before it, pointless: a search, a
  /// window of the same section, or a layout, in the same pane, replaces the one before.
  func replaces(_ earlier: ClientMessage) -> Bool {
    guard pane == earlier.pane else { return false }
    switch (action, earlier.action) {
    case (.event(.search), .event(.search)), (.layout, .layout): return true
    case (.window(let section, _, _), .window(let before, _, _)): return section == before
    default: return false
    }
  }

  /// Whether the message only changes what its page shows, never what is stored: once the
  /// page is gone, nobody would see what it did.
  var onlyChangesThePage: Bool {
    switch action {
    case .window, .layout, .loadMore, .toggle, .event(.search), .event(.refresh): true
    default: false
    }
  }
}
