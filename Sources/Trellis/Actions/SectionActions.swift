/// Actions for sections, named after STV's section events.
///
/// Set them on the model (every section) or on a section; the section's own win.
public struct SectionActions: Sendable {
  /// A custom row for the item at an index, or `nil` for the standard row.
  public var cellForRow: (@Sendable (Int, Value) -> Row?)?
  /// The reuse identifier of the custom row at an index.
  public var reuseIdentifierForRow: (@Sendable (Int, Value) -> String?)?
  /// An item was inserted, at an index.
  public var didInsert: (@Sendable (Value, Int) -> Void)?
  /// An item was deleted from an index.
  public var didDelete: (@Sendable (Value, Int) -> Void)?
  /// An item moved from one index to another.
  public var didMove: (@Sendable (Value, Int, Int) -> Void)?
  /// The detail screen of a row that pushes one, made by the app instead of generated;
  /// `nil` lets Trellis generate it.
  public var detailScreenForRow: (@Sendable (RowContext) -> Screen?)?
  /// The detail screen generated for an item is about to appear.
  public var detailWillPresent: (@Sendable (Screen) -> Void)?
  /// The detail screen generated for an item appeared.
  public var detailDidPresent: (@Sendable (Screen) -> Void)?
  /// The detail screen generated for an item is about to go.
  public var detailWillDismiss: (@Sendable (Screen) -> Void)?
  /// The detail screen generated for an item went.
  public var detailDidDismiss: (@Sendable (Screen) -> Void)?

  /// No actions.
  public init() {}

  /// These actions, with `fallback`'s wherever these have none.
  public func overriding(_ fallback: SectionActions) -> SectionActions {
    var merged = self
    merged.cellForRow = cellForRow ?? fallback.cellForRow
    merged.reuseIdentifierForRow = reuseIdentifierForRow ?? fallback.reuseIdentifierForRow
    merged.didInsert = didInsert ?? fallback.didInsert
    merged.didDelete = didDelete ?? fallback.didDelete
    merged.didMove = didMove ?? fallback.didMove
    merged.detailScreenForRow = detailScreenForRow ?? fallback.detailScreenForRow
    merged.detailWillPresent = detailWillPresent ?? fallback.detailWillPresent
    merged.detailDidPresent = detailDidPresent ?? fallback.detailDidPresent
    merged.detailWillDismiss = detailWillDismiss ?? fallback.detailWillDismiss
    merged.detailDidDismiss = detailDidDismiss ?? fallback.detailDidDismiss
    return merged
  }
}

/// Actions for a model, named after STV's model events.
public struct ModelActions: Sendable {
  /// A list fetched its items from its store; the action may add rows after them.
  ///
  /// ```swift
  /// model.modelActions.didFetchItems = { fetched in
  ///   var button = Row(id: RowID(.string("tap")), kind: .button, text: "Tap me!")
  ///   button.attributes.textAlignment = .center
  ///   button.action = .named("tapped")
  ///   fetched.appendedRows.append(button)
  /// }
  /// ```
  public var didFetchItems: (@Sendable (inout FetchedItems) -> Void)?

  /// No actions.
  public init() {}
}

/// Actions for a screen's presentation, named after STV's view controller events.
public struct ScreenActions: Sendable {
  public var willPresent: (@Sendable (Screen) -> Void)?
  public var didPresent: (@Sendable (Screen) -> Void)?
  public var willDismiss: (@Sendable (Screen) -> Void)?
  public var didDismiss: (@Sendable (Screen) -> Void)?

  /// No actions.
  public init() {}
}

/// What a list fetched, for its model's ``ModelActions/didFetchItems`` action.
public struct FetchedItems {
  /// The items, in the order the list shows them.
  public let items: [Value]
  /// Rows the list shows after its items (and after its load-more row): seed 000's "Tap me!"
  /// button row. Rows without an identity of their own are told apart by position.
  public var appendedRows: [Row] = []

  /// What a list fetched.
  public init(items: [Value]) { self.items = items }
}
