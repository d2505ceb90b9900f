/// The settings of the row a property generates, per property type (STV's attribute classes).
///
/// What the row's control shows (placeholder, limits, segment titles, choices, heights, a
/// template) is a ``RowAttributes``, held in ``row`` and read and written through this type as
/// if it were its own (`attributes.placeholder`). The rest is what only a definition knows: how a
/// selection is stored, where objects to choose come from, nested definitions, and whether a
/// list can be edited.
@dynamicMemberLookup
public struct PropertyAttributes: Sendable {
  /// The attributes of the generated row's control; every row generated for the property starts
  /// from them.
  public var row = RowAttributes()

  /// The control's attributes, as if they were this type's own.
  public subscript<T>(dynamicMember keyPath: WritableKeyPath<RowAttributes, T>) -> T {
    get { row[keyPath: keyPath] }
    set { row[keyPath: keyPath] = newValue }
  }

  /// selection: the items to choose from (STV's name for the row's ``RowAttributes/choices``).
  public var items: [Value] {
    get { row.choices }
    set { row.choices = newValue }
  }
  /// selection: how the choice is stored on the property.
  public var selectionStorage: SelectionStorage = .value
  /// selection and objectSelection: whether several items may be chosen.
  public var allowsMultipleSelection = false
  /// selection and objectSelection: whether nothing may be chosen.
  public var allowsNoSelection = false
  /// objectSelection: where the objects to choose from come from.
  public var itemsStore: (any DataStore)?
  /// objectSelection: an async store the objects to choose from come from (a PostgreSQL
  /// table, a web service), when ``itemsStore`` is `nil`: the choice loads it in batches,
  /// with a loading row while a batch is under way.
  public var asyncItemsStore: (any AsyncDataStore)?
  /// arrayOfObjects: the objects of another store that point at this one (a to-one's
  /// inverse), listed from that store instead of read from a property.
  public var relatedItems: RelatedItems?
  /// object and arrayOfObjects: the definition of the nested objects.
  public var nestedDefinition: DataDefinition? {
    get { nested?.definition }
    set { nested = newValue.map(NestedDefinition.init) }
  }
  /// arrayOfObjects: whether items can be added.
  public var allowsAdding = true
  /// arrayOfObjects: whether items can be deleted.
  public var allowsDeleting = true
  /// arrayOfObjects: whether items can be reordered.
  public var allowsMoving = true
  private var nested: NestedDefinition?

  /// Creates default attributes.
  public init() {}

  /// Selection attributes: items, and whether several or none may be chosen.
  public static func selection(
    _ items: [Value], allowsMultiple: Bool = false, allowsNone: Bool = false,
    storage: SelectionStorage = .value
  ) -> PropertyAttributes {
    var attributes = PropertyAttributes()
    attributes.items = items
    attributes.allowsMultipleSelection = allowsMultiple
    attributes.allowsNoSelection = allowsNone
    attributes.selectionStorage = storage
    return attributes
  }

  /// Array-of-objects attributes: the items' definition and what a person may do.
  public static func arrayOfObjects(
    _ definition: DataDefinition, allowsAdding: Bool = true, allowsDeleting: Bool = true,
    allowsMoving: Bool = true
  ) -> PropertyAttributes {
    var attributes = PropertyAttributes()
    attributes.nestedDefinition = definition
    attributes.allowsAdding = allowsAdding
    attributes.allowsDeleting = allowsDeleting
    attributes.allowsMoving = allowsMoving
    return attributes
  }

  /// Number attributes: a range, and whether fractions are allowed.
  public static func numeric(
    minimum: Double? = nil, maximum: Double? = nil, allowsFloat: Bool = true
  )
    -> PropertyAttributes
  {
    var attributes = PropertyAttributes()
    attributes.minimum = minimum
    attributes.maximum = maximum
    attributes.allowsFloat = allowsFloat
    return attributes
  }

  /// Text field attributes.
  public static func textField(
    placeholder: String? = nil, secure: Bool = false,
    autocapitalization: RowAttributes.Autocapitalization = .sentences
  ) -> PropertyAttributes {
    var attributes = PropertyAttributes()
    attributes.placeholder = placeholder
    attributes.isSecure = secure
    attributes.autocapitalization = autocapitalization
    return attributes
  }

  /// How a selection is stored on its property (STV stores an index, a value or a set).
  public enum SelectionStorage: String, Hashable, Sendable {
    /// The index of the selected item (an Int), or an array of indices.
    case index
    /// The selected item itself, or an array of items.
    case value
  }

  /// Holds a nested definition by reference, so that definitions can nest.
  private final class NestedDefinition: Sendable {
    let definition: DataDefinition
    init(_ definition: DataDefinition) { self.definition = definition }
  }
}
