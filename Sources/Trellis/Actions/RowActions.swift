/// Actions for rows, named after STV's cell events.
///
/// Set them on a definition, a property definition, the model, a section, or a row. For each
/// event the most specific one runs: row over section over model, and property over definition.
public struct RowActions: Sendable {
  /// Before the row is shown: change anything about it.
  public var willConfigure: (@Sendable (inout Row, RowContext) -> Void)?
  /// As the row is rendered for a host: last-minute changes, such as a background. In a list
  /// that renders rows on demand (``ContentSection/rendersRowsOnDemand``), when a host first
  /// shows the row, as it scrolls into view.
  public var willDisplay: (@Sendable (inout Row, RowContext) -> Void)?
  /// Names the theme style the row takes on top of its kind's style.
  public var willStyle: (@Sendable (RowContext) -> String?)?
  /// The row was selected.
  public var didSelect: (@Sendable (RowContext) -> Void)?
  /// The row's accessory button was tapped.
  public var accessoryTapped: (@Sendable (RowContext) -> Void)?
  /// The row's value changed through the row.
  public var valueChanged: (@Sendable (Value, RowContext) -> Void)?
  /// Checks a value before it is accepted; returns a message when it is not valid.
  public var valueIsValid: (@Sendable (Value, RowContext) -> String?)?

  /// No actions.
  public init() {}

  /// These actions, with `fallback`'s wherever these have none.
  public func overriding(_ fallback: RowActions) -> RowActions {
    var merged = self
    merged.willConfigure = willConfigure ?? fallback.willConfigure
    merged.willDisplay = willDisplay ?? fallback.willDisplay
    merged.willStyle = willStyle ?? fallback.willStyle
    merged.didSelect = didSelect ?? fallback.didSelect
    merged.accessoryTapped = accessoryTapped ?? fallback.accessoryTapped
    merged.valueChanged = valueChanged ?? fallback.valueChanged
    merged.valueIsValid = valueIsValid ?? fallback.valueIsValid
    return merged
  }

  /// Whether an action runs while rows are made (configure, display, style).
  var configuresRows: Bool { willConfigure != nil || willDisplay != nil || willStyle != nil }

  /// Whether no action is set.
  public var isEmpty: Bool {
    willConfigure == nil && willDisplay == nil && willStyle == nil && didSelect == nil
      && accessoryTapped == nil && valueChanged == nil && valueIsValid == nil
  }
}

/// What a row action knows about its row.
public struct RowContext {
  /// Where the row is shown, when it is shown.
  public var indexPath: ItemPath?
  /// The row's identity.
  public var rowID: RowID
  /// The property the row was generated for, if any.
  public var propertyName: String?
  /// Reads other values of the same object (through the draft while editing).
  public var values: ValueReader
  /// The object the row shows, when its section binds rows to one (a form's object, a list's
  /// item, a descriptor row's object): what an action changes. Given to actions that answer
  /// an event (select, accessory tap, value change), not to those that configure rows.
  ///
  /// Found when read: a list that holds its items as fetched values makes an item's object
  /// only for an action that asks for it.
  public var object: (any KeyValueCoding)? { findObject() }
  private let findObject: () -> (any KeyValueCoding)?
  /// The section's identifier.
  public var sectionID: String?
  /// The screen showing the row, when there is one.
  public weak var screen: Screen?

  /// Creates a context.
  public init(
    indexPath: ItemPath? = nil, rowID: RowID, propertyName: String? = nil,
    values: ValueReader = ValueReader { _ in nil },
    object: @autoclosure @escaping () -> (any KeyValueCoding)? = nil,
    sectionID: String? = nil, screen: Screen? = nil
  ) {
    self.indexPath = indexPath
    self.rowID = rowID
    self.propertyName = propertyName
    self.values = values
    self.findObject = object
    self.sectionID = sectionID
    self.screen = screen
  }
}
