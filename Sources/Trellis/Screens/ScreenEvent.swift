/// What a person did on a screen, as a host forwards it to the core.
public enum ScreenEvent: Hashable, Sendable {
  /// Tapped a row.
  case select(ItemPath)
  /// Entered a value into a row's control.
  case setValue(ItemPath, Value)
  /// Deleted a row in edit mode.
  case delete(ItemPath)
  /// Tapped the insert control of a row whose editing style is ``EditingStyle/insert``.
  case insert(ItemPath)
  /// Tapped a row's accessory button (a detail disclosure or detail button).
  case accessoryTap(ItemPath)
  /// Tapped the header of a collapsible section: it collapses or expands.
  case toggleSection(Int)
  /// Moved a row in edit mode.
  case move(from: ItemPath, to: ItemPath)
  /// Tapped Add (for a section, or the screen's first list when `nil`).
  case add(section: Int?)
  /// Turned edit mode on or off.
  case setEditing(Bool)
  /// Tapped Done.
  case done
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

  public var description: String {
    switch self {
    case .invalid(let failure): "not valid: \(failure)"
    case .edit(let error): error.description
    case .store(let error): error.description
    case .notApplicable(let why): why
    }
  }

  /// The message of a store that refused the event to keep a rule of the data, which a screen
  /// shows as its notice; `nil` for other errors.
  public var storeRefusal: String? {
    switch self {
    case .store(.refused(let why)), .store(.refusedValue(_, let why)): why
    case .edit(.store(_, .refused(let why))), .edit(.store(_, .refusedValue(_, let why))): why
    default: nil
    }
  }
}
