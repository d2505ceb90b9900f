/// What a person did on a screen, as a host forwards it to the core.
///
/// A row is named by its identity (``RowSnapshot/id``), which a host reads from the snapshot it
/// shows: the event reaches the row the person touched wherever the list has moved it since,
/// and a row that is gone meanwhile is refused (``ScreenError/rowGone(_:)``). Only places are
/// positions: where a moved row goes, which section an Add or Load more is for.
public enum ScreenEvent: Hashable, Sendable {
  /// Tapped a row.
  case select(RowID)
  /// Entered a value into a row's control.
  case setValue(RowID, Value)
  /// Entered input into a row's control, which the core reads as the row expects it
  /// (``RowSnapshot/value(for:)``). Input the row refuses (text that is no number, a value out
  /// of range) stays on a detail screen's row with the reason, and Done is refused until
  /// another value replaces it; a row outside a draft refuses it with
  /// ``ScreenError/notApplicable(_:)`` and keeps its value.
  ///
  /// `over` is the text the row's field showed when the person began typing, when the host
  /// keeps what they type while the row changes under it. If the row holds something else by
  /// now (another window changed it meanwhile), the input is not written over the other's value
  /// unseen: on a form it stays on the row, which names the other's value, and Done (or, on a
  /// live form, entering it again) writes it over; elsewhere it is refused with the other's value.
  case enter(RowID, ControlInput, over: String? = nil)
  /// Deleted a row in edit mode.
  case delete(RowID)
  /// Tapped the insert control of a row whose editing style is ``EditingStyle/insert``.
  case insert(RowID)
  /// Tapped a row's accessory button (a detail disclosure or detail button).
  case accessoryTap(RowID)
  /// Tapped the header of a collapsible section: it collapses or expands.
  case toggleSection(Int)
  /// Moved a row in edit mode to `to`, its index path once moved (as `UITableView` reports
  /// it).
  case move(RowID, to: ItemPath)
  /// Tapped Add (for a section, or the screen's first list when `nil`).
  case add(section: Int?)
  /// Turned edit mode on or off.
  case setEditing(Bool)
  /// Tapped Done.
  case done
  /// Tapped Take Theirs after Done met someone else's change: the conflicting properties
  /// take the other person's values, and the rest is saved as Done saves it.
  case takeTheirs
  /// Tapped Cancel.
  case cancel
  /// Went back to the previous screen.
  case back
  /// Typed into the search field.
  case search(String)
  /// Asked for the next batch of a list.
  case loadMore(section: Int)
  /// Pulled to refresh.
  case refresh
}

/// Why the core refused an event. Nothing changed, except validation messages now shown.
public enum ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Done was refused: the draft is not valid.
  case invalid(ValidationFailure)
  /// The edit was refused.
  case edit(TableEditError)
  /// The store refused.
  case store(StoreError)
  /// The event does not apply here (Back on the root screen, say).
  case notApplicable(String)
  /// The row the event names is not shown (any more): nothing changed.
  case rowGone(RowID)
  /// The person may not do this (``Navigator/access``); the message says what, in words a
  /// person reads.
  case notPermitted(String)

  public var description: String {
    switch self {
    case .invalid(let failure): "not valid: \(failure)"
    case .edit(let error): error.description
    case .store(let error): error.message()
    case .notApplicable(let why): why
    case .rowGone(let id): "the row \(id) is no longer shown"
    case .notPermitted(let why): why
    }
  }

  /// The message of a store that refused the event to keep a rule of the data, which a screen
  /// shows as its notice; `nil` for other errors.
  public var storeRefusal: String? {
    switch self {
    case .store(.refused(let why)), .store(.refusedValue(_, let why)), .notPermitted(let why): why
    case .edit(.store(_, .refused(let why))), .edit(.store(_, .refusedValue(_, let why))): why
    default: nil
    }
  }
}

extension ScreenEvent {
  /// Whether the event is the person acting again on the screen (a tap, an edit of the list,
  /// leaving it), which answers a refusal it showed; typing, searching and scrolling do not.
  var answersNotices: Bool {
    switch self {
    case .select, .delete, .insert, .accessoryTap, .move, .add, .setEditing, .done, .cancel,
      .back, .refresh:
      true
    case .setValue, .enter, .toggleSection, .takeTheirs, .search, .loadMore: false
    }
  }
}
