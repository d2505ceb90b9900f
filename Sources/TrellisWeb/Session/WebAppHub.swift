import Foundation
import NIOCore
import Trellis

/// Where the sessions of one app live: each with its own navigator, all touching the app's
/// shared objects from here only, one message at a time.
///
/// The hub runs on its app's ``WebDomain``: the hubs of apps that share a domain take turns
/// on one executor, since they may share objects.
///
/// An edit in one window reaches the others as a changeset. A model with changes to process
/// (a store it shows changed, say) schedules a delivery, from whatever thread saw the change;
/// the hub then brings up to date only the sessions that have pending changes, in one pass for
/// every change that arrived meanwhile. Passes are at least
/// ``WebConfiguration/deliveryInterval`` apart, so that the windows of a busy app get one
/// patch each per interval, not one per edit.
actor WebAppHub {
  let app: WebApp
  let configuration: WebConfiguration
  /// The domain whose executor the hub runs on.
  nonisolated let domain: WebDomain
  private(set) var sessions: [String: WebSession] = [:]
  /// Who each session was opened for, and how many sessions each of them holds.
  private var sessionHolders: [String: SessionHolder] = [:]
  private var holderSessionCounts: [SessionHolder: Int] = [:]
  private let rowHTML = RowHTMLCache()
  /// The lists the sessions show alike, each worked out once for all of them.
  private let sharedLists = SharedLists()
  let patchMemo = PatchMemo()
  private let pending: PendingDeliveries
  /// The windows resting on each shared list, brought up to date together, by list.
  var restingGroups: [ObjectIdentifier: [RestingGroup]] = [:]
  /// The shared lists whose groups a pending delivery is for, by the id it goes by.
  var restingListIDs: [String: ObjectIdentifier] = [:]
  /// Draws the resting groups' messages, as each session draws its own.
  let drawing: PageDrawing
  /// Whether the app's refresh (``WebApp/refresh``) is scheduled.
  var isRefreshing = false
  /// Tasks waiting until at most so many sessions are open (``waitForSessions(atMost:)``).
  private var countWaiters: [(atMost: Int, continuation: CheckedContinuation<Void, Never>)] = []

  init(app: WebApp, configuration: WebConfiguration, domain: WebDomain) {
    self.app = app
    self.configuration = configuration
    self.domain = domain
    self.pending = PendingDeliveries(
      interval: .milliseconds(Int((max(configuration.deliveryInterval, 0) * 1000).rounded())))
    self.drawing = PageDrawing(renderer: configuration.renderer, rowHTML: rowHTML)
  }

  /// The domain's executor: every hub on the domain runs one job at a time, together.
  nonisolated var unownedExecutor: UnownedSerialExecutor { domain.unownedExecutor }

  /// How many sessions are open (connected or waiting for their page).
  var sessionCount: Int { sessions.count }

  /// Starts a session for `client` (for `person`, when they signed in) and returns its id,
  /// token and the page's app area. A person's session keeps to the app's policy for them
  /// (`Navigator.access`).
  ///
  /// - Throws: ``WebHostError/tooManySessions(_:)`` when the app is full, and
  ///   ``WebHostError/tooManySessionsFromClient(_:)`` (or, for a person,
  ///   ``WebHostError/tooManySessionsForPerson(_:)``) when they hold
  ///   ``WebConfiguration/maxSessionsPerClient`` sessions already.
  func openSession(for client: ClientAddress = ClientAddress(nil), person: Person? = nil)
    throws(WebHostError) -> (id: String, token: String, html: String)
  {
    dropStaleSessions()
    if sessions.count >= configuration.maxSessionsPerApp { closeOldestUnshownSession() }
    guard sessions.count < configuration.maxSessionsPerApp else {
      throw .tooManySessions(configuration.maxSessionsPerApp)
    }
    let holder = person.map { SessionHolder.person($0.name) } ?? .client(client)
    guard holderSessionCounts[holder, default: 0] < configuration.maxSessionsPerClient else {
      throw person == nil
        ? .tooManySessionsFromClient(configuration.maxSessionsPerClient)
        : .tooManySessionsForPerson(configuration.maxSessionsPerClient)
    }
    let navigator: Navigator
    do { navigator = try app.makeNavigator() } catch {
      throw .appFailed(app.id, "\(error)")
    }
    if let person {
      navigator.access = Access(person: person, policy: app.policy ?? .everything)
    }
    let id = Secret.make(bytes: 12)
    let session = WebSession(
      id: id, token: Secret.make(bytes: 24), navigator: navigator, configuration: configuration,
      rowHTML: rowHTML, sharedLists: sharedLists, patchMemo: patchMemo, person: person,
      scheduleDelivery: scheduler(for: id))
    sessions[id] = session
    sessionHolders[id] = holder
    holderSessionCounts[holder, default: 0] += 1
    startRefreshing()
    return (id, session.token, session.appHTML())
  }

  /// Whether a page may connect to session `id` with `token`: the token matches and no other
  /// page is connected to it.
  func canAttach(session id: String, token: String) -> Bool {
    guard let session = sessions[id] else { return false }
    return !session.isAttached && Secret.equal(session.token, token)
  }

  /// Whether a page whose cookie signs in `person` may connect to session `id` with `token`.
  func attachment(session id: String, token: String, for person: Person?) -> Attachment {
    guard canAttach(session: id, token: token), let session = sessions[id] else {
      return .refused
    }
    return session.person?.name == person?.name ? .allowed : .otherPerson
  }

  /// Whether a page may connect to a session.
  enum Attachment {
    case allowed
    /// The session is gone, the token is wrong or another page is connected.
    case refused
    /// The session was opened for someone else.
    case otherPerson
  }

  /// Connects a page to its session, when the token matches: from now on the session writes
  /// its messages to `outbox`, the page's WebSocket. False when the session is gone, the
  /// token is wrong or another page is connected.
  func attach(session id: String, token: String, outbox: PageOutbox) -> Bool {
    guard canAttach(session: id, token: token), let session = sessions[id] else { return false }
    session.attach(outbox)
    return true
  }

  /// Runs `job` on the hub, from any thread and without a task: how the pages' sockets hand
  /// it their messages, one after another.
  nonisolated func run(_ job: @escaping @Sendable (isolated WebAppHub) -> Void) {
    domain.run { self.assumeIsolated { job($0) } }
  }

  /// Handles one message from a session's page, read off the hub by
  /// ``WebSession/read(_:limit:)``, and sends that page its answer at once; the other sessions
  /// it changed get theirs in the next delivery pass.
  func receive(session id: String, _ message: Result<ClientMessage, WebProtocolError>) {
    guard let session = sessions[id] else { return }
    // The page names rows by identity: its screens first take what changed meanwhile
    // (another window's delete, say, whose pass has not run yet), so that an edit of a row
    // that is gone is refused instead of applied to it. The page hears of it with the
    // answer, in one patch.
    session.takePendingChanges()
    session.receive(message)
    pending.remove(id)
    session.deliverPendingChanges()
    joinRestingGroup(session)
  }

  /// What schedules a delivery for `id` (a session, or a shared list's resting groups), from
  /// any thread.
  nonisolated func scheduler(for id: String) -> @Sendable () -> Void {
    let pending = pending
    return { [weak self] in
      // The first change since the last pass schedules the next one, an interval after the
      // last; later ones join it.
      guard let due = pending.add(id), let self else { return }
      self.domain.run(at: due) { [weak self] in
        self?.assumeIsolated { $0.deliverPendingChanges() }
      }
    }
  }

  /// Closes a session: its drafts are dropped, committed data stays.
  func close(session id: String) {
    guard let session = sessions.removeValue(forKey: id) else { return }
    forgetClient(of: id)
    pending.remove(id)
    session.close()
    countWaiters.removeAll { waiter in
      guard sessions.count <= waiter.atMost else { return false }
      waiter.continuation.resume()
      return true
    }
  }

  /// Returns once at most `count` sessions are open: for code that must know that the
  /// sessions of closed pages are gone, which the hub learns after the socket closes.
  func waitForSessions(atMost count: Int) async {
    guard sessions.count > count else { return }
    await withCheckedContinuation { countWaiters.append((count, $0)) }
  }

  /// Stops counting session `id` against whoever holds it.
  private func forgetClient(of id: String) {
    guard let holder = sessionHolders.removeValue(forKey: id) else { return }
    let left = holderSessionCounts[holder, default: 1] - 1
    holderSessionCounts[holder] = left > 0 ? left : nil
  }

  /// Runs `body` on the hub, then updates every session it changed: for app actions (a game
  /// turn) and tests.
  func perform<T: Sendable>(_ body: @Sendable () throws -> T) rethrows -> T {
    defer { deliverPendingChanges() }
    return try body()
  }

  /// How long one delivery step may run before the hub turns to the messages waiting
  /// meanwhile: long enough that a pass over a few hundred windows is one step (each step
  /// after the first waits behind every message queued meanwhile, which makes the last
  /// windows of a long pass late), short enough that a person's event never waits long.
  static let deliveryStep = Duration.milliseconds(10)

  /// Brings every session with pending changes up to date, each once, in steps of a few
  /// milliseconds: a person's event waits for one step, not for every other window.
  func deliverPendingChanges() {
    deliver(Array(pending.take())[...])
  }

  private func deliver(_ ids: ArraySlice<String>) {
    let end = ContinuousClock.now + Self.deliveryStep
    var rest = ids
    while let id = rest.first, ContinuousClock.now < end {
      rest = rest.dropFirst()
      if let list = restingListIDs[id] {
        deliverRestingGroups(of: list)
      } else if let session = sessions[id] {
        // A session brought up to date by its own event meanwhile has nothing left to send.
        session.deliverPendingChanges()
        joinRestingGroup(session)
      }
    }
    guard !rest.isEmpty else { return }
    Task { self.deliver(rest) }
  }

  /// The key the pages of this app know the row with `id` by.
  func rowKey(for id: RowID) -> String { RowKeys.key(for: id) }

  /// Closes the oldest session whose page has not connected within the grace a page has to
  /// connect, making room for a new one.
  private func closeOldestUnshownSession() {
    let before = ContinuousClock.now - configuration.pendingSessionGrace
    let unshown = sessions.filter { !$0.value.isAttached && $0.value.created < before }
    guard let oldest = unshown.min(by: { $0.value.created < $1.value.created }) else { return }
    close(session: oldest.key)
  }

  private func dropStaleSessions() {
    let limit = Duration.milliseconds(Int(configuration.connectTimeout * 1000))
    let now = ContinuousClock.now
    for (id, session) in sessions where !session.isAttached && session.created + limit < now {
      close(session: id)
    }
  }
}

/// Why the web host refused a request.
public enum WebHostError: Error, Hashable, Sendable, CustomStringConvertible {
  case tooManySessions(Int)
  /// One client address holds as many sessions of the app as it may (the limit).
  case tooManySessionsFromClient(Int)
  /// The person signed in holds as many sessions of the app as they may (the limit).
  case tooManySessionsForPerson(Int)
  case unknownApp(String)
  case appFailed(String, String)
  case missingAsset(String)
  /// Two APIs share a path, or an API's path starts like one of the server's own routes.
  case apiPathTaken(String)

  public var description: String {
    switch self {
    case .tooManySessions(let limit): "too many sessions (the limit is \(limit)); try again later"
    case .tooManySessionsFromClient(let limit):
      "too many sessions from your address (the limit is \(limit) per address); close some "
        + "of this app's pages and try again (a page loaded but never shown counts for about a "
        + "minute)"
    case .tooManySessionsForPerson(let limit):
      "you have too many pages of this app open (the limit is \(limit)); close some of them "
        + "and try again (a page loaded but never shown counts for about a minute)"
    case .unknownApp(let id): "there is no app '\(id)'"
    case .appFailed(let id, let why): "the app '\(id)' could not start: \(why)"
    case .missingAsset(let name): "the asset '\(name)' is missing from the bundle"
    case .apiPathTaken(let path):
      "the API path '\(path)' is taken (by another API or the server's own routes)"
    }
  }
}

/// Random secrets and a comparison that does not stop at the first difference.
enum Secret {
  static func make(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<bytes).map { _ in
      String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator))
    }.joined()
  }

  static func equal(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
  }
}
