/// The stack of screens a person moves through, and where events are handled.
///
/// Selecting a row that discloses pushes its generated detail; Done validates and commits,
/// then pops; Cancel and Back discard, then pop. In master-detail mode a list's selection
/// fills ``detail`` instead of pushing.
public final class Navigator {
  /// Whether the host loop brings the screens under the visible ones up to date after each
  /// event. A host that brings a screen up to date when it shows again (the web host, whose
  /// page keeps covered screens) turns this off: a covered list then waits, whatever changes
  /// meanwhile, and costs nothing per event.
  package var processesHiddenScreens = true
  /// The screens, root first.
  public private(set) var stack: [Screen]
  /// Whether a list's selection fills the detail pane instead of being pushed.
  public var isMasterDetail = false
  /// The screen in the detail pane (master-detail mode).
  public private(set) var detail: Screen?
  /// Named actions rows can run (`RowAction.named`).
  public var namedActions: [String: (RowContext) -> Void] = [:]
  /// Runs named actions that a layer above the core defines (descriptors' built-in actions)
  /// when ``namedActions`` has none of that name; returns false for a name it does not know.
  package var actionRunner: ((String, RowContext) throws(ScreenError) -> Bool)?
  /// Makes screens for `RowAction.push(name)` (descriptors, say).
  public var screenProvider: ((String, RowContext) -> Screen?)?
  /// The last address a link row asked to open, for hosts to open.
  public private(set) var openedURL: String?
  /// How many times a row asked to open an address: a host opens ``openedURL`` whenever this
  /// grows, the same address again included.
  package private(set) var openRequests = 0
  private let observers = DomainObserverList<Void>()
  /// The screen whose event is being handled: a screen it pushes was opened from it.
  private var handling: Screen?
  /// The stack's screens opened from the detail pane's screen, or from one of those. They
  /// belong to the detail's edit (its draft holds their changes), so they close with it.
  private var openedFromDetail = Set<ObjectIdentifier>()
  /// Who uses the navigator and what they may do; everything is allowed when `nil` (one
  /// person on their own machine). Every screen shown takes it: lists fetch only the items
  /// the person may see and offer only what they may do, and events that are not allowed are
  /// refused with ``ScreenError/notPermitted(_:)``.
  public var access: Access? {
    didSet { for screen in stack + [detail].compactMap({ $0 }) { applyAccess(to: screen) } }
  }

  /// A message every screen shows while it is set, after a screen's own notice: a condition
  /// of the whole app rather than of one screen, such as a document that could not be saved.
  /// Hosts show the change at once.
  public var notice: String? {
    didSet {
      guard notice != oldValue else { return }
      for screen in stack + [detail].compactMap({ $0 }) { screen.model.invalidation.wakeOwner() }
    }
  }

  /// Starts with `root`.
  public init(root: Screen) {
    stack = [root]
    root.navigator = self
  }

  /// The screen on top.
  public var top: Screen { stack[stack.count - 1] }

  /// The screen Back from `screen` returns to: the one under it on the stack, or the detail
  /// pane's for the first screen opened from it.
  func screen(below screen: Screen) -> Screen? {
    guard let index = stack.firstIndex(where: { $0 === screen }), index > 0 else { return nil }
    let below = stack[index - 1]
    if let detail, openedFromDetail.contains(ObjectIdentifier(screen)),
      !openedFromDetail.contains(ObjectIdentifier(below))
    {
      return detail
    }
    return below
  }

  /// Calls `handler` whenever the stack or the detail pane changes.
  public func observe(_ handler: @escaping () -> Void) -> ObservationToken {
    observers.add { _ in handler() }
  }

  private func changed() {
    observers.notify(())
  }

  /// Shows `screen` on top (or in the detail pane, in master-detail mode, when it comes from
  /// the root list).
  ///
  /// A screen without a theme takes the theme of the screen it is pushed from, so that one
  /// theme styles a whole app, generated detail, list and selection screens included.
  public func push(_ screen: Screen, fromList: Bool = false) {
    screen.navigator = self
    applyAccess(to: screen)
    if screen.model.theme == nil, let theme = top.model.theme { screen.model.theme = theme }
    screen.actions.willPresent?(screen)
    if isMasterDetail && fromList && stack.count == 1 {
      if let old = detail {
        closeOpenedFromDetail()
        dismiss(old)
      }
      detail = screen
    } else {
      if isMasterDetail, let handling, let detail,
        handling === detail || openedFromDetail.contains(ObjectIdentifier(handling))
      {
        openedFromDetail.insert(ObjectIdentifier(screen))
      }
      stack.append(screen)
    }
    screen.actions.didPresent?(screen)
    changed()
  }

  /// Removes the top screen (or the detail pane's screen when `screen` is it, with the
  /// screens opened from it).
  public func pop(_ screen: Screen? = nil) {
    if let screen, screen === detail {
      closeOpenedFromDetail()
      dismiss(screen)
      detail = nil
      changed()
      return
    }
    guard stack.count > 1 else { return }
    dismiss(stack.removeLast())
    changed()
  }

  /// Removes `screen` and every screen shown above it, top first: a form whose save the store
  /// accepted closes even when a person opened a picker on it meanwhile. A screen already
  /// gone, and the root, stay as they are.
  func close(_ screen: Screen) {
    if screen === detail { return pop(screen) }
    guard let index = stack.firstIndex(where: { $0 === screen }), index > 0 else { return }
    while stack.count > index { dismiss(stack.removeLast()) }
    changed()
  }

  /// Closes the stack's screens opened from the detail pane, top first.
  private func closeOpenedFromDetail() {
    guard
      let index = stack.firstIndex(where: { openedFromDetail.contains(ObjectIdentifier($0)) })
    else { return }
    while stack.count > index { dismiss(stack.removeLast()) }
  }

  private func dismiss(_ screen: Screen) {
    openedFromDetail.remove(ObjectIdentifier(screen))
    screen.actions.willDismiss?(screen)
    screen.actions.didDismiss?(screen)
  }

  /// Handles an event on the top screen, or on the detail pane's screen when `onDetail` and
  /// the pane shows (see ``visibleScreens``).
  public func handle(_ event: ScreenEvent, onDetail: Bool = false) throws(ScreenError) {
    guard let screen = onDetail ? detail : top else {
      throw .notApplicable("there is no detail screen")
    }
    // A screen pushed over the list covers the detail pane too: nobody sees it to act on it.
    if onDetail && stack.count > 1 { throw .notApplicable("the detail screen is covered") }
    defer { processChanges(andOf: screen) }
    let outer = handling
    handling = screen
    defer { handling = outer }
    do {
      try EventHandler(navigator: self, screen: screen).handle(event)
    } catch {
      // A store that kept a rule (a delete rule, a unique value) says why on the screen.
      if let refusal = error.storeRefusal { screen.notice = refusal }
      throw error
    }
    screen.notice = nil
    if event.answersNotices { screen.dismissListNotices() }
  }

  /// Processes the pending changes of every screen, each once, the event's own screen first:
  /// the host loop's step after an event or a wake. Without ``processesHiddenScreens``, only
  /// the visible screens. A screen the event popped is dropped, not processed: nobody shows
  /// it any more.
  public func processChanges(andOf screen: Screen? = nil) {
    var done = Set<ObjectIdentifier>()
    let screens =
      processesHiddenScreens
      ? stack + [detail].compactMap({ $0 }) : visibleScreens.map(\.screen)
    let first = screen.flatMap { screen in screens.contains { $0 === screen } ? screen : nil }
    for shown in [first].compactMap({ $0 }) + screens
    where done.insert(ObjectIdentifier(shown.model)).inserted {
      shown.model.processChanges()
    }
  }

  func open(_ url: String) {
    openedURL = url
    openRequests += 1
    changed()
  }
}

/// Not `Sendable`: a navigator stays on the domain its host chose (see <doc:Concurrency>).
@available(*, unavailable)
extension Navigator: Sendable {}
