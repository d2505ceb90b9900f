import Trellis

/// The interactive terminal host: shows a ``Navigator``'s screens full-screen, applies each
/// staged changeset to the lines it shows, and forwards what a person types as
/// ``ScreenEvent``s, exactly as the web host forwards clicks.
///
/// The host stays thin. It draws a snapshot, keeps its lines in step with every changeset
/// (writing to the terminal only the lines that changed), and turns keys into events; every
/// decision (what a selection pushes, whether Done is allowed, what a typed value means) is the
/// core's. ``run(on:)`` drives a real terminal (``TerminalSession``); ``handle(_:)`` and
/// ``frame()`` are the same host without one, for tests.
///
/// | key | does |
/// |---|---|
/// | ↑ ↓, `j` `k`, PageUp/PageDown, Home/End | move between rows |
/// | Enter | select: push, toggle, open a field for typing |
/// | Esc, Backspace | back (asks first when the screen's draft changed) |
/// | Tab, Shift-Tab | the next or previous field |
/// | Space | toggle a switch or a checkbox |
/// | ← → | a segmented control's segment, a slider's value |
/// | `e` | edit mode: `d` deletes, Shift-↑↓ or `K` `J` move, `a` adds |
/// | `/` | search |
/// | Ctrl-S | Done; saves a document |
/// | Ctrl-L | paints the whole screen again |
/// | `q` | quit (asks first when something is unsaved) |
/// | `?` | help |
///
/// Alt with a key does nothing. Pasted text (the terminal brackets pastes while the host
/// runs) goes into the field being typed in, and is never read as keys.
public final class TerminalHost {
  /// What the host is doing with the keys.
  package enum Mode {
    /// Moving between rows.
    case browsing
    /// Typing into the field of a row.
    case typing(FieldEditor, row: RowID)
    /// Typing a search.
    case searching(String)
    /// Waiting for yes or no.
    case confirming(String, action: () -> Void)
    /// Showing the keys.
    case help
  }

  /// The navigator whose screens are shown.
  public let navigator: Navigator
  /// Whether themes colour rows (off for `NO_COLOR` and dumb terminals).
  public let usesColor: Bool
  /// The colours the terminal shows (from `TERM` and `COLORTERM`): a theme's colours are
  /// drawn in the nearest of them.
  public let colorDepth: TerminalColorDepth
  /// Runs on Ctrl-S after Done (when the screen has one): saves a document, say. It returns
  /// what the status line says, or throws what went wrong, which the status line shows.
  public var save: (() throws -> String)?
  /// What the status line says on Ctrl-S where there is no Done and nothing to save: where
  /// the edits go instead, say ("each form is written when you press Done").
  public var nothingToSave = "Nothing to save here"
  /// Whether something is not saved yet besides open drafts (a document's edits).
  public var hasUnsavedChanges: () -> Bool = { false }
  /// Whether Esc on the first screen leaves the host (to a menu of apps, say).
  public var leavesOnRootBack = false
  /// Runs about once a second while the host is open: a document looking at its file for
  /// another program's changes, say, which the screens then show. What it returns, if
  /// anything, the status line says (a file that no longer reads).
  public var refresh: (() -> String?)?
  /// When ``refresh`` last ran.
  package var lastRefresh = ContinuousClock.now
  /// The terminal's size.
  package var size: TerminalSize
  /// What the keys do now.
  package var mode = Mode.browsing
  /// A message of the host's own on the status line (a save, a refused key); a new message is
  /// a warning unless ``statusIsWarning`` is set false after it.
  package var status: String? { didSet { statusIsWarning = true } }
  /// The wheel of a picker in parts that the open field types into (0 for the first).
  package var wheel = 0
  /// Whether the status line's message is drawn as a warning (a refusal, a failed save) or as
  /// plain news (a save, an address to copy).
  package var statusIsWarning = true
  /// Whether the next draw paints the whole screen (Ctrl-L), not only the lines that changed.
  package var needsFullPaint = false
  /// The lists whose next batch the last frame asked for (their "load more" row showed).
  package var pendingLoads: [Int] = []
  /// The views of the screens shown, by screen.
  package var views: [ObjectIdentifier: ScreenView] = [:]
  /// Why the host stopped, once it did.
  public package(set) var exit: Exit?

  /// Why ``run(on:)`` returned.
  public enum Exit: Hashable, Sendable {
    /// The person quit.
    case quit
    /// The person went back from the first screen (with ``leavesOnRootBack``).
    case back
    /// ``stop()`` was called.
    case stopped
  }

  /// Shows `navigator`'s screens on a terminal of `size`.
  public init(
    navigator: Navigator, size: TerminalSize = TerminalSize(rows: 24, columns: 80),
    usesColor: Bool = true, colorDepth: TerminalColorDepth = .sixteen
  ) {
    self.navigator = navigator
    self.size = size
    self.usesColor = usesColor
    self.colorDepth = colorDepth
  }

  /// Makes ``run(on:)`` return after the key being handled.
  public func stop() {
    if exit == nil { exit = .stopped }
  }

  /// The view of the screen on top, made on first use.
  package var topView: ScreenView { view(for: navigator.top) }

  /// The view of `screen`, made on first use.
  package func view(for screen: Screen) -> ScreenView {
    let key = ObjectIdentifier(screen)
    if let view = views[key] { return view }
    let view = ScreenView(screen: screen, layout: layout(for: screen))
    views[key] = view
    // A row that asks for the keyboard (a new item's name) gets the cursor. Rows rendered on
    // demand are not asked: reading them would render a whole long list, out of view.
    if screen === navigator.top {
      for (s, section) in view.table.sections.enumerated() {
        guard
          let item = section.items.firstIndex(where: {
            !$0.isDeferred && $0.attributes.becomesFirstResponder
          })
        else { continue }
        view.setFocus(.row(ItemPath(item: item, section: s)))
        break
      }
    }
    return view
  }

  /// How `screen`'s rows are laid out now.
  package func layout(for screen: Screen) -> RowLayout {
    RowLayout(
      columns: max(size.columns, 26), isEditing: screen.isEditing, usesColor: usesColor,
      colorDepth: colorDepth)
  }

  /// Forgets the views of screens no longer on the stack.
  package func dropHiddenViews() {
    let shown = Set(navigator.stack.map(ObjectIdentifier.init))
    for key in views.keys where !shown.contains(key) { views[key] = nil }
  }

  /// Sends `event` to the top screen, then brings every screen up to date; a refusal goes on
  /// the status line (a refused Done also shows as the screen's notice and its rows'
  /// messages). Returns whether the core accepted it.
  @discardableResult
  package func send(_ event: ScreenEvent) -> Bool {
    let opens = navigator.openRequests
    do {
      try navigator.handle(event)
      // A row's `open` action ran (a link, an open-URL button, a descriptor's `open:`). A
      // terminal opens no browser: the address is shown, to copy.
      if navigator.openRequests != opens, let url = navigator.openedURL {
        status =
          url.lowercased().hasPrefix("mailto:") ? "Write to: \(url)" : "Open in a browser: \(url)"
        statusIsWarning = false
      }
      return true
    } catch {
      switch error {
      case .invalid: status = "Not saved: fix the fields marked !"
      default: status = error.storeRefusal ?? error.description
      }
      return false
    }
  }

  /// Whether any screen's draft, or the data behind the host, has changes not saved.
  package var hasChanges: Bool {
    hasUnsavedChanges() || navigator.stack.contains { $0.draft?.hasChanges == true }
  }
}
