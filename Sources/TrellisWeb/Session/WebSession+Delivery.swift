import Trellis
import TrellisDiff

/// What a session sends its page as the screens change: the whole app area, a screen pushed
/// onto a pane, or a patch (after popping back to a screen the page kept).
///
/// A pane keeps the screens a person went through, like a navigation controller: opening a
/// detail screen sends only that screen, and coming back reveals the list the page kept
/// (scrolled where it was) with a patch of what changed meanwhile, instead of the whole list.
extension WebSession {
  /// At most this many changesets wait for a hidden screen; beyond, it is drawn anew.
  static let hiddenScreenBacklog = 256

  /// The screens the page shows now, by pane (the core decides which are visible).
  var currentPanes: [(ClientMessage.Pane, Screen)] {
    navigator.visibleScreens.map { placement, screen in
      (placement == .detail ? .detail : .top, screen)
    }
  }

  /// The whole app area, remembering what each pane now shows.
  func appHTML() -> String {
    drawing.appArea(preparePanes())
  }

  /// Sends the whole app area, drawn on the socket's event loop.
  func sendAppArea() {
    let panes = preparePanes()
    let drawing = drawing
    send { .screen(drawing.appArea(panes)) }
  }

  /// Forgets every screen the page holds.
  func dropPanes() {
    leaveRestingGroup()
    for stack in panes.values {
      for state in stack { state.observation?.cancel() }
    }
    panes.removeAll()
  }

  /// Remembers what each pane now shows and starts following its changes; returns the panes
  /// with the rows the page draws rendered.
  private func preparePanes() -> [PageDrawing.Pane] {
    dropPanes()
    return currentPanes.map { pane, screen in
      let (state, snapshot) = follow(screen)
      panes[pane] = [state]
      return PageDrawing.Pane(name: pane.rawValue, screen: snapshot, depth: depth(of: screen))
    }
  }

  /// Starts following `screen`: its state, and its snapshot with the rows the page draws
  /// rendered.
  private func follow(_ screen: Screen) -> (PaneState, ScreenSnapshot) {
    screen.model.setWakeHandler(scheduleDelivery)
    screen.model.listSharing = sharedLists
    screen.model.processChanges()
    let snapshot = screen.snapshot()
    let state = PaneState(screen: screen, table: snapshot.table, editing: snapshot.isEditing)
    state.saves = screen.saves
    let facts = BarFacts(snapshot)
    state.bar = patchMemo.bar(for: facts) { renderer.bar(snapshot) }
    state.barFacts = facts
    state.tableStyle = snapshot.tableStyle
    state.index = renderer.sectionIndex(snapshot.table)
    state.indexTitles = snapshot.table.sections.map(\.model.indexTitle)
    state.observation = screen.model.observe { [weak state] changeset in
      guard let state, !state.isTooFarBehind, !state.isMuted else { return }
      state.pending.append(changeset)
      if state.pending.count > Self.hiddenScreenBacklog {
        state.isTooFarBehind = true
        state.pending.removeAll()
      }
    }
    return (state, drawing.rendered(snapshot))
  }

  /// How many screens are under `screen`, which the page's history keeps as many entries
  /// for: the list's pushed screens, and the detail pane's screen, which a screen opened
  /// from it covers along with the list.
  func depth(of screen: Screen) -> Int {
    if screen === navigator.detail { return 1 }
    let index = navigator.stack.firstIndex { $0 === screen } ?? 0
    return index + (index > 0 && navigator.detail != nil ? 1 : 0)
  }

  /// How a pane gets from the screen its page shows to the one the navigator shows.
  private enum Move {
    /// The same screen: a patch, if anything changed.
    case stay
    /// A screen on top of the one shown, which the page keeps hidden.
    case push
    /// Back to a screen the page kept, `count` screens down: a patch that pops first.
    case pop(Int)
  }

  /// Brings the screens the page shows up to date without sending anything: what changed
  /// waits for the next delivery, which sends it in one patch with whatever comes next.
  func takePendingChanges() {
    leaveRestingGroup()
    _ = takePendingChanges(of: currentPanes)
  }

  /// Brings `shown`, the screens the page shows, up to date; returns whether any had changes
  /// (which may have changed the screens shown: a store's answer to Done closes its screen).
  private func takePendingChanges(of shown: [(ClientMessage.Pane, Screen)]) -> Bool {
    var took = false
    for (_, screen) in shown where screen.model.hasPendingChanges {
      screen.model.processChanges()
      took = true
    }
    return took
  }

  /// Sends the page what changed since it was last brought up to date: per pane a pushed
  /// screen or a patch (popping first when the person came back), or the whole app area
  /// when the panes changed otherwise.
  func deliverPendingChanges() {
    leaveRestingGroup()
    guard isAttached else { return }
    // What finished in the background runs first: a store's answer to Done closes its screen,
    // and the panes below are then the ones to draw.
    var current = currentPanes
    if takePendingChanges(of: current) { current = currentPanes }
    guard current.count == panes.count else { return sendAppArea() }
    var moves: [(ClientMessage.Pane, Screen, Move)] = []
    for (pane, screen) in current {
      guard let move = move(pane, to: screen) else { return sendAppArea() }
      moves.append((pane, screen, move))
    }
    for (pane, screen, move) in moves {
      switch move {
      case .push:
        let (state, snapshot) = follow(screen)
        panes[pane, default: []].append(state)
        let (drawing, name, depth) = (drawing, pane.rawValue, depth(of: screen))
        send { .push(pane: name, html: drawing.screen(snapshot, pane: name, depth: depth)) }
      case .pop(let count):
        for state in panes[pane, default: []].suffix(count) { state.observation?.cancel() }
        panes[pane]?.removeLast(count)
        guard sendPatch(pane, screen: screen, popping: count) else { return sendAppArea() }
      case .stay:
        guard sendPatch(pane, screen: screen, popping: 0) else { return sendAppArea() }
      }
    }
  }

  /// How `pane` gets to `screen`, or `nil` when only drawing the app area anew will do.
  private func move(_ pane: ClientMessage.Pane, to screen: Screen) -> Move? {
    guard let stack = panes[pane], let top = stack.last else { return nil }
    if let index = stack.lastIndex(where: { $0.screen === screen }) {
      let state = stack[index]
      guard state.editing == screen.isEditing, !state.isTooFarBehind else { return nil }
      return index == stack.count - 1 ? .stay : .pop(stack.count - 1 - index)
    }
    // Pushed: the new screen tops the navigator's stack, and the one the page shows is still
    // in it, below.
    let pushed =
      navigator.stack.last === screen && navigator.stack.dropLast().contains { $0 === top.screen }
    return pushed ? .push : nil
  }

  /// Sends the patch that brings the top screen of `pane` up to date, after popping
  /// `popping` screens; false when a changeset asks for a full reload.
  private func sendPatch(_ pane: ClientMessage.Pane, screen: Screen, popping: Int) -> Bool {
    guard let state = panes[pane]?.last else { return false }
    if screen.model.hasPendingChanges { screen.model.processChanges() }
    // Done saved a screen that stays: nothing on it says so, the page does, unless what
    // keeps the values said it could not (a document whose file no longer reads).
    let saved = screen.saves != state.saves
    state.saves = screen.saves
    defer { if saved && screen.navigator?.notice == nil { send(.status("Saved.")) } }
    // The steps, as the memo's parts: the windows sent the same hold the same parts.
    var parts: [PatchMemo.Steps] = []
    let editing = screen.isEditing
    for changeset in state.pending {
      if changeset.fullReload != nil { return false }
      for stage in changeset.stages {
        // The windows on one list get the same stages from the same table: worked out once.
        parts.append(
          patchMemo.steps(from: state.table, stage: stage, editing: editing) {
            self.drawing.steps(from: state.table, stage: stage, editing: editing)
          })
        state.table = stage.data
      }
    }
    state.pending.removeAll()
    // The bar and the index are drawn again only when what they show changed.
    let snapshot = screen.snapshot()
    // A new theme restyles the whole screen: drawn anew.
    guard snapshot.tableStyle == state.tableStyle else { return false }
    let facts = BarFacts(snapshot)
    let bar =
      facts == state.barFacts ? state.bar : patchMemo.bar(for: facts) { renderer.bar(snapshot) }
    let titles = snapshot.table.sections.map(\.model.indexTitle)
    let index = titles == state.indexTitles ? state.index : renderer.sectionIndex(snapshot.table)
    let indexChanged = index != state.index
    let hasSteps = parts.contains { !$0.steps.isEmpty }
    guard popping > 0 || hasSteps || bar != state.bar || indexChanged else { return true }
    state.bar = bar
    state.barFacts = facts
    state.index = index
    state.indexTitles = titles
    let (drawing, name, newIndex, pop, made) = (
      drawing, pane.rawValue, indexChanged ? index : nil, popping > 0 ? popping : nil, parts
    )
    // Drawn once for every window sent the same.
    let message = patchMemo.message(
      for: PatchMemo.MessageKey(pane: name, pop: pop, bar: bar, index: newIndex, parts: made))
    send(message) {
      .patch(
        pane: name, pop: pop, bar: bar, index: newIndex,
        ops: made.flatMap(\.steps).map(drawing.op))
    }
    return true
  }
}
