/// How a kind of data becomes rows: its properties, their groups, titles and actions.
///
/// Build one from a class's property table, from Swift key paths, from dictionary keys, from a
/// document, or for plain strings, numbers or dates. Then change what auto-detection chose:
///
/// ```swift
/// var task = try DataDefinition(
///   for: TaskItem.self, names: "Task Details:(name,details,category,dueDate);Task Status:(completed)")
/// task["details"]?.type = .textView
/// task["category"]?.attributes = .selection(["Home", "Work", "Other"])
/// task["name"]?.isRequired = true
/// ```
public struct DataDefinition: Sendable {
  /// What kind of data the definition describes.
  public enum Kind: Sendable {
    /// Objects of a class.
    case object(ObjectTypeInfo?)
    /// Dictionaries, by key.
    case dictionary
    /// A JSON or plist document tree.
    case document
    /// Plain strings, numbers or dates (arrays of values).
    case string, number, date
  }

  /// What the definition describes.
  public var kind: Kind
  /// The property definitions, in order.
  public private(set) var properties: [PropertyDefinition]
  /// Where the first property of each name is (`~name` for a custom one): a lookup by name
  /// takes constant time, so a document with thousands of keys is not read in square time.
  private var positions: [String: Int] = [:]
  /// The groups: one section each, with header, footer and property names.
  public var groups: [PropertyGroup]
  /// The properties whose values, joined, are a list row's text.
  public var titlePropertyNames: [String] = []
  /// The properties whose values, joined, are a list row's detail text.
  public var descriptionPropertyNames: [String] = []
  /// The text between joined title or description values.
  public var titleSeparator = " "
  /// Actions every generated row gets, unless its property definition overrides them.
  public var rowActions = RowActions()
  /// A name for messages ("Task").
  public var name: String
  /// Every key the data has, listed in the names string or not (a class's whole property
  /// table); custom bindings and titles may use any of them.
  public internal(set) var availableKeys: [String] = []
  /// The kinds of value a person may add a key of to the dictionary a form shows through this
  /// definition (a document's object): its last section then ends with an Add Key row. None,
  /// the default, adds no key.
  public var addableKeyKinds: [NewKeyKind] = []

  let adapter: @Sendable (AnyObject) -> KeyValueCoding?
  var factory: (@Sendable () -> AnyObject)?

  init(
    kind: Kind, name: String, properties: [PropertyDefinition], groups: [PropertyGroup]? = nil,
    adapter: @escaping @Sendable (AnyObject) -> KeyValueCoding? = { $0 as? KeyValueCoding },
    factory: (@Sendable () -> AnyObject)? = nil
  ) {
    self.kind = kind
    self.name = name
    self.properties = properties
    self.groups = groups ?? [PropertyGroup(keys: properties.map(\.name))]
    self.adapter = adapter
    self.factory = factory
    for (index, property) in properties.enumerated() { note(property, at: index) }
    self.availableKeys = properties.filter { !$0.isCustom }.map(\.name)
    if let first = properties.first(where: { !$0.isCustom }) {
      titlePropertyNames = [first.name]
    }
  }

  /// The property definition called `name` (`~name` or `name` for custom properties).
  public subscript(name: String) -> PropertyDefinition? {
    get { index(of: name).map { properties[$0] } }
    set {
      guard let index = index(of: name) else {
        if let newValue { append(newValue) }
        return
      }
      if let newValue, newValue.name == properties[index].name,
        newValue.isCustom == properties[index].isCustom
      {
        properties[index] = newValue
        return
      }
      if let newValue { properties[index] = newValue } else { properties.remove(at: index) }
      positions = [:]
      for (index, property) in properties.enumerated() { note(property, at: index) }
    }
  }

  /// Adds `property` at the end of the list.
  private mutating func append(_ property: PropertyDefinition) {
    properties.append(property)
    note(property, at: properties.count - 1)
  }

  /// Records `property` at `index` in ``positions``, unless one of its name comes first.
  private mutating func note(_ property: PropertyDefinition, at index: Int) {
    let key = property.isCustom ? "~" + property.name : property.name
    if positions[key] == nil { positions[key] = index }
  }

  /// Adds a property definition (a custom one, say) to the last group.
  public mutating func addProperty(_ property: PropertyDefinition, toGroup group: Int? = nil) {
    append(property)
    let target = group ?? (groups.count - 1)
    if groups.indices.contains(target) {
      groups[target].names.append(PropertyName(name: property.name, isCustom: property.isCustom))
    } else {
      groups.append(
        PropertyGroup(names: [PropertyName(name: property.name, isCustom: property.isCustom)]))
    }
  }

  /// The position of a property by name; `~name` finds custom properties.
  func index(of name: String) -> Int? {
    if name.hasPrefix("~") { return positions[name] }
    return positions[name] ?? positions["~" + name]
  }

  /// The object seen through this definition: itself when it has key-value coding, or an
  /// adapter built from the definition's key paths.
  ///
  /// A stored row's ``ObjectFault`` is seen as itself: it reads its fetched values until its
  /// object exists, then the object.
  public func keyValueCoding(for object: AnyObject) -> KeyValueCoding? {
    if let fault = object as? ObjectFault { return fault }
    return adapter(object)
  }

  /// Makes a new, empty object, when the definition knows how.
  public func makeObject() -> AnyObject? { factory?() }

  /// Whether the definition can make new objects.
  public var canMakeObjects: Bool { factory != nil }

  /// The definition's name as a person says it of one item, for messages: "task", "week day".
  package var itemNoun: String { Humanizer.title(for: name).lowercased() }

  /// The text of a list row for `item`: its title properties, joined.
  public func title(of item: Value) -> String {
    title(of: item, readingThrough: reader(for: item))
  }

  /// The detail text of a list row for `item`: its description properties, joined.
  public func detail(of item: Value) -> String? {
    join(descriptionPropertyNames, reader: reader(for: item))
  }

  /// The title of `item` as `reader` reads its properties: a draft's, whose pending values
  /// a parent draft may hold.
  func title(of item: Value, readingThrough reader: ValueReader) -> String {
    join(titlePropertyNames, reader: reader) ?? item.displayText
  }

  /// The non-empty values of `names` as `reader` reads them, joined by the title separator;
  /// `nil` when none has one.
  func join(_ names: [String], reader: ValueReader) -> String? {
    guard !names.isEmpty else { return nil }
    let parts = names.compactMap { reader.value($0)?.displayText }.filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: titleSeparator)
  }

  /// Reads the properties of `item`.
  public func reader(for item: Value) -> ValueReader {
    switch item {
    case .object(let ref):
      // A row whose object does not exist yet is read from its fetched values.
      if let fault = ref.fault { return ValueReader(fault) }
      guard let kvc = adapter(ref.object) else { return ValueReader { _ in nil } }
      return ValueReader(kvc)
    case .dictionary:
      return ValueReader { path in
        try? KeyPathSegments.read(
          (try? KeyPathSegments(path))?.keys[...] ?? [], from: item, path: path)
      }
    default:
      return ValueReader { _ in item }
    }
  }
}
