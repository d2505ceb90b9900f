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
  /// The person signed in, who alone may connect a page to the session; `nil` when the
  /// server has no sign-in.
  let person: Person?
  let renderer: HTMLRenderer
  /// Draws what the session sends, beside the hub.
  let drawing: PageDrawing
  /// The lists the app's sessions share: a list shown alike in many windows is worked out
  /// once for all of them.
  let sharedLists: SharedLists
  /// The last patch worked out and drawn on the hub, for the next session sent the same.
  let patchMemo: PatchMemo
  let created = ContinuousClock.now
  /// When the page last sent a message (or the session was made).
  private(set) var lastEvent = ContinuousClock.now
  /// Where the page's messages go while it is connected.
  private(set) var outbound: PageOutbox?
  /// Per pane, the screens its page holds: the last shows, the ones below stay hidden until a
  /// pop reveals them (see ``deliverPendingChanges()``).
  var panes: [ClientMessage.Pane: [PaneState]] = [:]
  /// The windows resting on the same shared list this one is brought up to date with, while
  /// its page shows that list alone.
  var restingGroup: RestingGroup?
  private var limiter: RateLimiter
  private let limits: WebConfiguration
  /// Asks the hub to deliver this session's changes: called, from any thread, when a model it
  /// shows has changes to process.
  let scheduleDelivery: @Sendable () -> Void

  init(
    id: String, token: String, navigator: Navigator, configuration: WebConfiguration,
    rowHTML: RowHTMLCache, sharedLists: SharedLists, patchMemo: PatchMemo,
    person: Person? = nil, scheduleDelivery: @escaping @Sendable () -> Void
  ) {
    self.person = person
    self.sharedLists = sharedLists
    self.patchMemo = patchMemo
    self.id = id
    self.token = token
    self.navigator = navigator
    // A covered screen is brought up to date when the page shows it again.
    navigator.processesHiddenScreens = false
    self.renderer = configuration.renderer
    self.drawing = PageDrawing(
      renderer: configuration.renderer, rowHTML: rowHTML)
    self.limits = configuration
    self.scheduleDelivery = scheduleDelivery
    self.limiter = RateLimiter(
      burst: configuration.rateBurst, perSecond: configuration.ratePerSecond)
  }

  /// Whether a page is connected.
  var isAttached: Bool { outbound != nil }

  /// Connects the page: it gets the whole app at once, then patches.
  func attach(_ outbox: PageOutbox) {
    outbound = outbox
    sendAppArea()
  }

  /// Disconnects the page and drops every draft: open detail screens are cancelled, so the
  /// committed data is all that remains.
  func close() {
    outbound = nil
    dropPanes()
    for _ in 1..<max(navigator.stack.count, 1) { try? navigator.handle(.cancel) }
    if navigator.detail != nil { try? navigator.handle(.cancel, onDetail: true) }
  }

  func send(_ message: ServerMessage) {
    outbound?.send { message.bytes }
  }

  /// Sends the message `make` draws, on the socket's event loop.
  func send(_ make: @escaping @Sendable () -> ServerMessage) {
    outbound?.send { make().bytes }
  }

  /// Sends the message `shared` holds, drawn with `make` on the first socket's event loop to
  /// send it.
  func send(_ shared: SharedMessage, _ make: @escaping @Sendable () -> ServerMessage) {
    outbound?.send { shared.get { make().bytes } }
  }

  // MARK: Messages

  /// Reads one message from the page: what it asks, or why it is refused. Safe anywhere: the
  /// socket's handler reads its messages, on its event loop, before it hands them to the hub.
  static func read(_ text: String, limit: Int) -> Result<ClientMessage, WebProtocolError> {
    guard text.utf8.count <= limit else {
      return .failure(.tooLarge(text.utf8.count, limit: limit))
    }
    return Result { () throws(WebProtocolError) in try ClientMessage.parse(text) }
  }

  /// Handles one message from the page, read by ``read(_:limit:)``. Refusals become error
  /// events; the session stays.
  func receive(_ message: Result<ClientMessage, WebProtocolError>) {
    lastEvent = .now
    do throws(WebProtocolError) {
      // A message too large to read takes no turn of the rate limit; any other does.
      if case .failure(let error) = message, case .tooLarge = error { throw error }
      guard limiter.take() else { throw .rateLimited }
      try handle(message.get())
    } catch {
      if case .rowCovered = error { return }
      send(.error(error.description, row: error.refusedRow))
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
      // A page resting on a shared list shows the list's rows where they are now, which its
      // model has not heard of: it catches up before the message's rows are looked up.
      leaveRestingGroup()
      event = try screenEvent(message)
    }
    let opens = navigator.openRequests
    defer {
      // A row's `open` action ran: the page opens the address, when it is one a page may
      // open (a web address, a path on this server, an email to write; never a script).
      if navigator.openRequests != opens, let url = navigator.openedURL,
        HTML.isOpenableAddress(url)
      {
        send(.open(url))
      }
    }
    do {
      try navigator.handle(event, onDetail: message.pane == .detail)
    } catch {
      // The notice under the bar says why.
      if case .invalid = error { return }
      // A value the person may not set was stored nowhere: besides the notice, the control
      // that took it shows the row's value again, as a fresh page would.
      if case .notPermitted(let why) = error {
        switch message.action {
        case .setValue(let row, _, _), .setPart(let row, _, _): throw .refusedEntry(row: row, why)
        default: return
        }
      }
      if error.storeRefusal != nil { return }
      if case .store(.conflict) = error { return }
      if case .enter = event, case .setValue(let row, _, _) = message.action,
        case .notApplicable(let why) = error
      {
        throw .refusedEntry(row: row, why)
      }
      throw .badValue(error.description)
    }
  }

  private func sendWindow(pane: ClientMessage.Pane, section id: String, start: Int, end: Int)
    throws(WebProtocolError)
  {
    guard let state = panes[pane]?.last,
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

/// What one screen of a pane of the page shows, and the changesets it has not seen yet.
final class PaneState {
  let screen: Screen
  var table: TableSnapshot
  var editing: Bool
  var bar = ""
  /// What `bar` was drawn from: the bar is drawn again only when this changes.
  var barFacts: BarFacts?
  /// The theme's style for the table the screen was drawn with.
  var tableStyle: ResolvedStyle?
  var index = ""
  /// The index titles `index` was drawn from.
  var indexTitles: [String?] = []
  var pending: [TableChangeset] = []
  /// Whether more changes arrived while hidden than are worth patching: shown again, the
  /// screen is drawn anew.
  var isTooFarBehind = false
  /// Whether the model's changesets are ignored: while it catches up with what the page
  /// already shows (``WebSession/leaveRestingGroup()``).
  var isMuted = false
  var observation: ObservationToken?
  /// The screen's ``Screen/saves`` the page last heard of.
  var saves = 0

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
