/// One screen: a table model with a title, bar buttons, edit mode, and (for detail screens) a
/// draft that Done commits and Cancel discards.
///
/// Hosts draw ``snapshot()`` and forward what a person does as ``ScreenEvent``s to the
/// ``Navigator``; the screen and its sections decide what happens.
public final class Screen {
  /// The sections and rows.
  public let model: TableModel
  /// Which buttons the bar shows.
  public var navigationBar: NavigationBarType
  /// Whether the table is in edit mode.
  public private(set) var isEditing = false
  /// The draft a detail screen edits, if any; a form over an async store's object has one
  /// once the object has loaded.
  public internal(set) var draft: Draft?
  /// The navigator showing the screen.
  public internal(set) weak var navigator: Navigator?
  /// Presentation actions.
  public var actions = ScreenActions()
  /// The last refusal a person should see (a validation summary, say), cleared by the next
  /// successful event.
  public internal(set) var notice: String?
  /// A search text, for screens whose lists can be searched.
  public internal(set) var searchText = ""
  /// Searches the whole screen at once, in place of each section searching itself: an
  /// ``ArrayOfObjectsModel`` regroups, so that groups left empty disappear. The screen keeps
  /// what the handler captures alive.
  public var searchHandler: ((String) -> Void)?

  /// Writes the draft's values when Done is accepted (through the store of a list item, say);
  /// the draft writes them to its object when `nil`. The draft is cleared only when it
  /// succeeds.
  var commitWriter: ((_ values: [(String, Value)]) throws(StoreError) -> Void)?
  /// Prepares the write of an async store's item (``AsyncDataStore``) on the model's domain;
  /// the write then runs in the background while the screen shows that it is saving, and the
  /// draft is cleared only when the store accepts it.
  var asyncCommitWriter: ((_ values: [(String, Value)]) throws(StoreError) -> PreparedStoreWrite)?
  /// Whether Done's write is under way (``asyncCommitWriter``): Done waits, the notice says so.
  public internal(set) var isCommitting = false
  /// How many times Done saved the screen's values, at once or once its store accepted them.
  /// A screen that stays after Done (a root form) changes nothing a person sees: hosts say
  /// "Saved." when this grows on a screen they still show.
  public internal(set) var saves = 0
  /// Whether the object a form shows is loading (a single-object screen over an async
  /// store): Done waits, the notice says so.
  public internal(set) var isLoading = false
  /// Why the object a form shows could not be loaded, shown as the notice until a load
  /// succeeds; Done waits meanwhile.
  public internal(set) var loadFailure: String?
  /// Why Done cannot save the stored item the screen edits: another window, server or
  /// program deleted it, or it is no longer the person's to see (its rows are gone too).
  /// Shown as the notice; Done waits disabled.
  public internal(set) var itemGone: String?
  /// The store observation that sets ``itemGone``, for as long as the screen lives.
  var itemObservation: ObservationToken?
  /// The stored item the screen edits, which it follows (``followItem(_:in:definition:)``).
  var followedItem: Value?
  /// Runs when Done is accepted, after the draft committed (a section's insert action, say).
  var afterCommit: ((Screen) throws(ScreenError) -> Void)?
  /// Whether the screen's draft is a new item that Done adds (so the policy's ``Permission/add``
  /// covers it, not ``Permission/edit``).
  package var addsItem = false
  /// Runs when the screen is cancelled or closed.
  var afterCancel: ((Screen) -> Void)?

  /// How a screen comes onto its navigator's stack.
  public enum Presentation: String, Hashable, Sendable {
    /// Pushed: it takes the place of the screen below, which Back returns to.
    case push
    /// Presented modally: a sheet over the screen below, left with Done or Cancel.
    case modal
  }

  /// How the screen is presented when pushed; hosts draw a modal screen as a sheet.
  public var presentation = Presentation.push

  /// Creates a screen.
  public init(model: TableModel, navigationBar: NavigationBarType = .none, draft: Draft? = nil) {
    self.model = model
    self.navigationBar = navigationBar
    self.draft = draft
  }

  /// A screen showing an array-of-objects model: grouped sections, index titles, and a search
  /// that regroups.
  public convenience init(
    arrayOfObjects list: ArrayOfObjectsModel, navigationBar: NavigationBarType = .none
  ) {
    self.init(model: list.model, navigationBar: navigationBar)
    searchHandler = { text in list.search(text) }
  }

  /// The title.
  public var title: String? {
    get { model.title }
    set { model.title = newValue }
  }

  /// The bar buttons, with ``NavigationBarType/auto`` resolved.
  public var barButtons: [BarButton] {
    var buttons =
      navigationBar != .auto
      ? navigationBar.buttons
      : draft?.mode == .deferred ? NavigationBarType.doneRightCancelLeft.buttons : []
    // Under a policy, Add and Edit show only where the person may add, or delete or move.
    if model.access != nil {
      let lists = model.sections.compactMap { $0 as? ArrayOfObjectsSection }
      if !lists.isEmpty {
        if !lists.contains(where: \.adds) { buttons.removeAll { $0.role == .add } }
        if !lists.contains(where: { $0.deletes || $0.moves }) {
          buttons.removeAll { $0.role == .edit }
        }
      }
    }
    buttons = withEditForKeys(buttons)
    // Beside Done, which keeps the person's values, while a conflict is shown.
    if let done = buttons.firstIndex(where: { $0.role == .done }),
      draft?.conflicts.isEmpty == false
    {
      buttons.insert(BarButton(.takeTheirs, buttons[done].side), at: done)
    }
    return buttons
  }

  /// Whether Done may be tapped: false while the draft holds an invalid value.
  public var isDoneEnabled: Bool {
    !isCommitting && !isLoading && loadFailure == nil && itemGone == nil
      && (draft?.isValid ?? true)
  }

  /// Whether the screen can search its lists.
  public var isSearchable: Bool {
    searchHandler != nil || model.sections.contains { $0 is SearchableSection }
  }

  /// Turns edit mode on or off.
  public func setEditing(_ editing: Bool) {
    isEditing = editing
    model.editingChanged(editing)
  }

  /// What hosts draw.
  public func snapshot() -> ScreenSnapshot {
    var snapshot = model.screenSnapshot(isEditing: isEditing)
    snapshot.barButtons = barButtons
    snapshot.isModal = presentation == .modal
    snapshot.isDoneEnabled = isDoneEnabled
    snapshot.canGoBack = navigator.map { $0.stack.count > 1 && $0.stack.first !== self } ?? false
    if snapshot.canGoBack { snapshot.backTitle = navigator?.screen(below: self)?.model.title }
    snapshot.notice =
      isCommitting
      ? "Saving…"
      : isLoading
        ? "Loading…" : itemGone ?? notice ?? loadFailure ?? listNotice ?? navigator?.notice
    snapshot.isBusy = isCommitting || isLoading
    snapshot.hasUnsavedChanges = draft?.hasChanges ?? false
    snapshot.search = isSearchable ? searchText : nil
    return snapshot
  }

  /// Puts away the lists' refusals of edits they undid: the person has acted since.
  func dismissListNotices() {
    for case let list as ArrayOfObjectsSection in model.sections where list.asyncNotice != nil {
      list.asyncCache?.dismissNotice()
    }
  }

  /// A list's refusal of an edit it undid (a delete a rule refused), shown under the bar as
  /// well as on its row, which may be far down a long list; `nil` when no list has one.
  private var listNotice: String? {
    model.sections.lazy.compactMap { ($0 as? ArrayOfObjectsSection)?.asyncNotice }.first
  }

  /// Validates and commits the draft (through ``commitWriter`` when there is one), then runs
  /// the screen's commit step. A refusal keeps the draft and becomes the screen's notice.
  ///
  /// - Returns: Whether the commit is done; `false` while an async store's write is under way
  ///   (the screen then closes itself when the store accepts it).
  @discardableResult
  func commit() throws(ScreenError) -> Bool {
    guard !isLoading, loadFailure == nil else {
      throw .notApplicable(isLoading ? "the form is loading" : "the form could not be loaded")
    }
    if let draft, let asyncCommitWriter {
      try commitInBackground(draft, asyncCommitWriter)
      return false
    }
    do throws(ScreenError) {
      if let draft {
        if let commitWriter {
          try draft.commit(through: commitWriter)
        } else {
          try draft.commitToObject()
        }
      }
      try afterCommit?(self)
    } catch {
      notice = notice(for: error)
      throw error
    }
    notice = nil
    if draft != nil { saves += 1 }
    return true
  }

  /// What a person reads when `error` refused Done.
  func notice(for error: ScreenError) -> String {
    switch error {
    case .invalid(let failure): failure.messages.map(\.message).joined(separator: "\n")
    case .store(.conflict(let conflicts)):
      "Someone else changed "
        + conflicts.map { conflict in
          let theirs =
            conflict.theirs.holdsObjects
            ? draft?.shownText(conflict.theirs, for: conflict.name) : nil
          return "\(draft?.definition[conflict.name]?.title ?? conflict.name) to "
            + "“\(theirs ?? "\(conflict.theirs)")”"
        }
        .joined(separator: ", ")
        + " while you edited. Done saves yours over it; Take Theirs keeps theirs."
    case .store(let error): error.message(item: draft?.definition.itemNoun ?? "item")
    default: error.description
    }
  }

  /// Discards the draft.
  func cancel() {
    draft?.discard()
    afterCancel?(self)
  }
}

/// A section whose rows can be filtered by a search text.
public protocol SearchableSection: AnyObject {
  /// Filters the rows by `text`; empty shows everything.
  func search(_ text: String)
}

/// Not `Sendable`: a screen stays on the domain its host chose (see <doc:Concurrency>).
@available(*, unavailable)
extension Screen: Sendable {}
