import Trellis

/// One app the server offers: a name in the address, a title on the home screen, and how to
/// start a person's session.
///
/// Every browser session gets its own ``Navigator`` (its own stack and drafts) from
/// ``makeNavigator``; data shared between sessions lives in what the closure captures — a
/// store, say — so that an edit in one window reaches the others as a changeset.
///
/// All sessions of one app run on one serial hub, because they share the app's objects.
public struct WebApp: Sendable {
  /// The app's name in addresses: `/apps/ID`. Letters, digits and dashes.
  public var id: String
  /// The title on the home screen.
  public var title: String
  /// A line under the title on the home screen.
  public var subtitle: String?
  /// Makes the navigator of a new session; called on the app's hub.
  public var makeNavigator: @Sendable () throws -> Navigator
  /// REST APIs over the stores the app's sessions show, served by the ``WebServer`` on its own
  /// port. Their store calls run on the app's serial domain, with its sessions, which share the
  /// store's objects and show every change at once.
  public var apis: [StoreAPI] = []
  /// The serial domain the app's sessions run on. Apps on one domain take turns, one event
  /// at a time, so they may share objects: a store that two apps show, say, is never read by
  /// one while the other writes it. Every app is on ``sharedDomain`` unless it names one of
  /// its own; give an app that shares nothing with the others a domain of its own, and it no
  /// longer queues behind them.
  public var domain: String = WebApp.sharedDomain
  /// What each role may do in the app, enforced by the core for every session of a person
  /// who signed in (``Navigator/access``). Without sign-in, and without a policy, everyone
  /// may do everything.
  public var policy: AccessPolicy?
  /// Work the app does on its domain every so often while any session is open, such as
  /// looking for another program's changes to a file: every window then shows what it
  /// changed. It stops with the last session and starts again with the next.
  public var refresh: (interval: Duration, run: @Sendable () -> Void)?

  /// The domain every app is on unless it names another.
  public static let sharedDomain = "shared"

  /// Creates an app.
  public init(
    id: String, title: String, subtitle: String? = nil,
    makeNavigator: @escaping @Sendable () throws -> Navigator
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.makeNavigator = makeNavigator
  }

  /// Creates an app whose sessions share `state`: a store, a game, a document.
  ///
  /// The state is handed over (`sending`), and from then on it is touched only on the app's
  /// serial domain, where `makeNavigator` runs; so it needs no `Sendable` conformance and no
  /// box of your own.
  ///
  /// ```swift
  /// WebApp(id: "gofish", title: "Go Fish", sharing: GoFishGame.seedExample()) { game in
  ///   Navigator(root: Screen(model: GoFishTable.model(for: game)))
  /// }
  /// ```
  public init<State>(
    id: String, title: String, subtitle: String? = nil, sharing state: sending State,
    makeNavigator: @escaping @Sendable (State) throws -> Navigator
  ) {
    // Sound: the state was handed over, and `makeNavigator` runs on the app's serial domain
    // only; the lock is for the compiler's sake.
    let shared = UncheckedLocked(state)
    self.init(id: id, title: title, subtitle: subtitle) {
      try shared.withLock { state in try makeNavigator(state) }
    }
  }

  /// Creates an app whose sessions share `state`, which `refresh` is given every `interval`
  /// while any session is open (``refresh``): a document that another program may write, say.
  public init<State>(
    id: String, title: String, subtitle: String? = nil, sharing state: sending State,
    refreshingEvery interval: Duration, refresh: @escaping @Sendable (State) -> Void,
    makeNavigator: @escaping @Sendable (State) throws -> Navigator
  ) {
    // Sound: as above; `refresh` runs on the app's serial domain too.
    let shared = UncheckedLocked(state)
    self.init(id: id, title: title, subtitle: subtitle) {
      try shared.withLock { state in try makeNavigator(state) }
    }
    self.refresh = (interval, { shared.withLock { state in refresh(state) } })
  }
}
