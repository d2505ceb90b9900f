import Foundation
import Trellis
import TrellisDiff

/// One browser session: its own navigator (stack and drafts), what its page shows, and the
/// queue of messages to the page. It lives on its app's hub and is never shared.
final class WebSession {
  /// The session's name in the WebSocket address.
  let id: String
  /// The secret the page must present to connect.
  let token: String
  let navigator: Navigator
  let renderer: HTMLRenderer
  /// The app's names for rows on the wire, shared by its sessions.
  let rowKeys: RowKeys
  /// Draws what the session sends, beside the hub.
  let drawing: PageDrawing
  let created = ContinuousClock.now
  private(set) var outbound: AsyncStream<OutboundMessage>.Continuation?
  private var panes: [ClientMessage.Pane: PaneState] = [:]
  private var limiter: RateLimiter
  private let limits: WebConfiguration
  /// Asks the hub to deliver this session's changes: called, from any thread, when a model it
  /// shows has changes to process.
  private let scheduleDelivery: @Sendable () -> Void

  init(
    id: String, token: String, navigator: Navigator, configuration: WebConfiguration,
    rowKeys: RowKeys, scheduleDelivery: @escaping @Sendable () -> Void
  ) {
    self.rowKeys = rowKeys
    self.id = id
    self.token = token
    self.navigator = navigator
    self.renderer = configuration.renderer
    self.drawing = PageDrawing(renderer: configuration.renderer, rowKeys: rowKeys)
    self.limits = configuration
    self.scheduleDelivery = scheduleDelivery
    self.limiter = RateLimiter(
      burst: configuration.rateBurst, perSecond: configuration.ratePerSecond)
  }

  /// Whether a page is connected.
  var isAttached: Bool { outbound != nil }

  /// Connects the page: it gets the whole app at once, then patches.
  func attach(_ continuation: AsyncStream<OutboundMessage>.Continuation) {
    outbound = continuation
    sendAppArea()
  }

  /// Disconnects the page and drops every draft: open detail screens are cancelled, so the
  /// committed data is all that remains.
  func close() {
    outbound?.finish()
    outbound = nil
    for state in panes.values { state.observation?.cancel() }
    panes.removeAll()
    for _ in 1..<max(navigator.stack.count, 1) { try? navigator.handle(.cancel) }
    if navigator.detail != nil { try? navigator.handle(.cancel, onDetail: true) }
  }

  func send(_ message: ServerMessage) {
    outbound?.yield(OutboundMessage { message.json })
  }

  /// Sends the message `make` draws, on the socket's task.
  func send(_ make: @escaping @Sendable () -> ServerMessage) {
    outbound?.yield(OutboundMessage { make().json })
  }

  // MARK: Drawing

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

  /// Sends the whole app area, drawn on the socket's task.
  func sendAppArea() {
    let panes = preparePanes()
    let drawing = drawing
    send { .screen(drawing.appArea(panes)) }
  }

  /// Remembers what each pane now shows and starts following its changes; returns the panes
  /// with the rows the page draws rendered.
  private func preparePanes() -> [PageDrawing.Pane] {
    for state in panes.values { state.observation?.cancel() }
    panes.removeAll()
    var result: [PageDrawing.Pane] = []
    for (pane, screen) in currentPanes {
      screen.model.setWakeHandler(scheduleDelivery)
      screen.model.processChanges()
      let snapshot = screen.snapshot()
      let state = PaneState(screen: screen, table: snapshot.table, editing: snapshot.isEditing)
      state.bar = renderer.bar(snapshot)
      state.index = renderer.sectionIndex(snapshot.table)
      state.observation = screen.model.observe { [weak state] changeset in
        state?.pending.append(changeset)
      }
      panes[pane] = state
      result.append(PageDrawing.Pane(name: pane.rawValue, screen: drawing.rendered(snapshot)))
    }
    return result
  }

  /// Sends the page what changed since it was last brought up to date: the whole app area
  /// when other screens show, else one patch per pane whose rows or bar changed.
  func deliverPendingChanges() {
    guard isAttached else { return }
    let current = currentPanes
    let sameScreens =
      current.count == panes.count
      && current.allSatisfy { pane, screen in
        panes[pane].map { $0.screen === screen && $0.editing == screen.isEditing } ?? false
      }
    guard sameScreens else {
      sendAppArea()
      return
    }
    for (pane, screen) in current {
      guard let state = panes[pane] else { continue }
      if screen.model.hasPendingChanges { screen.model.processChanges() }
      var steps: [PageDrawing.Step] = []
      for changeset in state.pending {
        if changeset.fullReload != nil {
          sendAppArea()
          return
        }
        for stage in changeset.stages {
          let patches = DOMPatch.patches(
            from: state.table, stage: stage, isVirtual: renderer.isVirtual)
          steps += patches.map { step($0, editing: screen.isEditing, in: stage.data) }
          state.table = stage.data
        }
      }
      state.pending.removeAll()
      let snapshot = screen.snapshot()
      let bar = renderer.bar(snapshot)
      let index = renderer.sectionIndex(snapshot.table)
      let indexChanged = index != state.index
      if !steps.isEmpty || bar != state.bar || indexChanged {
        state.bar = bar
        state.index = index
        let drawing = drawing
        let name = pane.rawValue
        let newIndex = indexChanged ? index : nil
        let steps = steps
        send { .patch(pane: name, bar: bar, index: newIndex, ops: steps.map(drawing.op)) }
      }
    }
  }

  /// One step of a patch, its rows rendered for the trip off the hub.
  private func step(_ patch: DOMPatch, editing: Bool, in table: TableSnapshot) -> PageDrawing.Step
  {
    var inVirtualSection = false
    if case .replaceRow(let s, _, _) = patch {
      inVirtualSection =
        table.sections.indices.contains(s) && renderer.isVirtual(table.sections[s].items.count)
    }
    return drawing.rendered(
      PageDrawing.Step(patch: patch, editing: editing, inVirtualSection: inVirtualSection))
  }

  // MARK: Messages

  /// Handles one message from the page. Refusals become error events; the session stays.
  func receive(_ text: String) {
    do throws(WebProtocolError) {
      guard text.utf8.count <= limits.maxMessageBytes else {
        throw .tooLarge(text.utf8.count, limit: limits.maxMessageBytes)
      }
      guard limiter.take() else { throw .rateLimited }
      let message = try ClientMessage.parse(text)
      try handle(message)
    } catch {
      send(.error(error.description))
    }
  }

  private func handle(_ message: ClientMessage) throws(WebProtocolError) {
    let event: ScreenEvent
    switch message.action {
    case .window(let section, let start, let end):
      try sendWindow(pane: message.pane, section: section, start: start, end: end)
      return
    case .layout(let wide):
      navigator.isMasterDetail = wide
      return
    default:
      event = try screenEvent(message)
    }
    do {
      try navigator.handle(event, onDetail: message.pane == .detail)
    } catch {
      if case .invalid = error { return }  // The notice under the bar says why.
      throw .badValue(error.description)
    }
  }

  private func sendWindow(pane: ClientMessage.Pane, section id: String, start: Int, end: Int)
    throws(WebProtocolError)
  {
    guard let state = panes[pane],
      let section = state.table.sections.firstIndex(where: { $0.model.id == id })
    else { throw .sectionGone(id) }
    let items = state.table.sections[section].items
    let from = min(start, items.count)
    let to = min(end, items.count, from + limits.maxWindowRows)
    let virtual = renderer.isVirtual(items.count)
    let rows = items[from..<to].map(\.rendered)
    let (drawing, editing, name, count) = (drawing, state.editing, pane.rawValue, items.count)
    send {
      .rows(
        pane: name, section: id, start: from, count: count,
        rows: drawing.rows(rows, from: from, editing: editing, virtual: virtual))
    }
  }
}

/// What one pane of the page shows, and the changesets it has not seen yet.
final class PaneState {
  let screen: Screen
  var table: TableSnapshot
  var editing: Bool
  var bar = ""
  var index = ""
  var pending: [TableChangeset] = []
  var observation: ObservationToken?

  init(screen: Screen, table: TableSnapshot, editing: Bool) {
    self.screen = screen
    self.table = table
    self.editing = editing
  }
}

/// A token bucket: a burst, then a steady rate.
struct RateLimiter {
  let burst: Double
  let perSecond: Double
  private var tokens: Double
  private var last = ContinuousClock.now

  init(burst: Int, perSecond: Double) {
    self.burst = Double(burst)
    self.perSecond = perSecond
    tokens = Double(burst)
  }

  /// Takes one token; false when none is left.
  mutating func take() -> Bool {
    let now = ContinuousClock.now
    let elapsed = last.duration(to: now)
    last = now
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    tokens = min(burst, tokens + seconds * perSecond)
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}
