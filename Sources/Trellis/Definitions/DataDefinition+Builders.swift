extension DataDefinition {
  /// A definition of a class with a property table (from `@TableBound` or written by hand).
  ///
  /// - Parameters:
  ///   - names: A property-names string; all properties in one group when `nil`.
  ///   - make: How to make a new, empty object, for adding; `nil` when items cannot be added.
  /// - Throws: Every unknown property name or malformed group, located in `names`.
  public init<T: PropertyTableProviding>(
    for type: T.Type, names: String? = nil, make: (@Sendable () -> T)? = nil
  ) throws(DiagnosticList) {
    let table = T.propertyTable
    try self.init(
      objectType: ObjectTypeInfo(T.self), tableName: String(describing: T.self),
      columns: table.properties.map { ($0.name, $0.kind) }, names: names,
      adapter: { $0 as? KeyValueCoding }, factory: Self.erase(make))
  }

  /// A definition of a class from Swift key paths, for classes without a property table.
  ///
  /// ```swift
  /// let step = try DataDefinition(for: TaskStep.self, properties: [
  ///   .init("name", \TaskStep.name), .init("details", \TaskStep.details),
  /// ], make: { TaskStep() })
  /// ```
  public init<T: AnyObject>(
    for type: T.Type, properties: [PropertyTable<T>.Property], names: String? = nil,
    make: (@Sendable () -> T)? = nil
  ) throws(DiagnosticList) {
    let table = PropertyTable<T>(properties)
    try self.init(
      objectType: nil, tableName: String(describing: T.self),
      columns: table.properties.map { ($0.name, $0.kind) }, names: names,
      adapter: { object in (object as? T).map { TableAdapter(object: $0, table: table) } },
      factory: Self.erase(make))
  }

  private static func erase<T: AnyObject>(_ make: (@Sendable () -> T)?)
    -> (@Sendable () -> AnyObject)?
  {
    guard let make else { return nil }
    return { @Sendable () -> AnyObject in make() }
  }

  /// A definition of dictionaries by their keys: `"key1;key2;key3"` or grouped names.
  ///
  /// Kinds are detected from the values when rows are made, unless set on the properties.
  public static func dictionary(keys names: String) throws(DiagnosticList) -> DataDefinition {
    let groups = try Self.groups(from: names, known: nil, file: nil)
    let names = groups.flatMap(\.names)
    let keys = names.filter { !$0.isCustom }.map(\.name)
    var properties = keys.map { PropertyDefinition(name: $0) }
    properties += names.filter(\.isCustom).map { PropertyDefinition(name: $0.name, isCustom: true) }
    return DataDefinition(
      kind: .dictionary, name: "Dictionary", properties: properties, groups: groups,
      // Observable, so that a form open on the item follows another window's save.
      factory: { DocumentObject(.dictionary(ValueDictionary(keys.map { ($0, Value.null) }))) })
  }

  /// A definition of a document tree: one property per key of the root dictionary, in order,
  /// with kinds from the values. A null, whose kind is unknown, is edited as optional text.
  public static func document(_ root: Value, name: String = "Document") -> DataDefinition {
    let entries = root.dictionaryValue.map { Array($0) } ?? []
    let properties = entries.map { entry in
      let kind = entry.value.isNull ? .optional(.string) : entry.value.inferredKind
      var property = PropertyDefinition(name: entry.key, valueKind: kind)
      if case .dictionary = entry.value { property.type = .object }
      if case .array(let values) = entry.value {
        // A list of dictionaries, or of strings, numbers or dates, is edited as a list: rows
        // added, deleted and moved. Anything else (mixed values, lists of lists) is shown.
        if let items = itemDefinition(for: values, name: entry.key) {
          property.type = .arrayOfObjects
          property.attributes = .arrayOfObjects(items)
        } else {
          property.type = .label
        }
      }
      return property
    }
    return DataDefinition(kind: .document, name: name, properties: properties)
  }

  /// The definition of the items of a document's list: its dictionaries' keys (the first
  /// dictionary's kinds; new items start empty), or a plain string, number or date (text for
  /// an empty list). An item
  /// of the list `chapters` is named "Chapter", as in "New Chapter", and so is a plain one.
  private static func itemDefinition(for values: [Value], name: String) -> DataDefinition? {
    // An empty list (a new key's, say) takes text, as a document's root form offers.
    guard let first = values.first else { return plainItems(like: nil, ofList: name) }
    if values.allSatisfy({ $0.dictionaryValue != nil }) {
      let shape = Value.dictionary(sample(of: values))
      let definition = document(shape, name: Humanizer.title(for: EnglishNoun.singular(name)))
        .fitting(values)
      return definition.makingDocuments(like: shape)
    }
    switch first {
    case .string where values.allSatisfy { $0.stringValue != nil }: break
    case .int,
      .double where values.allSatisfy { $0.doubleValue != nil }:
      break
    case .date where values.allSatisfy { $0.dateValue != nil }: break
    default: return nil
    }
    return plainItems(like: first, ofList: name)
  }

  /// The definition of a list's plain values, shaped like `sample` (a number, a date, else
  /// text) and named for the list: a tag of `tags` is added as "New Tag", in a field titled
  /// "Tag".
  package static func plainItems(like sample: Value?, ofList list: String) -> DataDefinition {
    let item = Humanizer.title(for: EnglishNoun.singular(list))
    return switch sample {
    case .int?, .double?: plain(.number, kind: .double, name: item)
    case .date?: plain(.date, kind: .date, name: item)
    default: plain(.string, kind: .string, name: item)
    }
  }

  /// The keys of `entries` (dictionaries), in the order first seen, each with the first value
  /// that says what it holds: one that is not null, and a list that is not empty.
  package static func sample(of entries: [Value]) -> ValueDictionary {
    var sample: ValueDictionary = [:]
    for entry in entries {
      for (key, value) in entry.dictionaryValue ?? [:] {
        switch (sample[key], value) {
        case (nil, _), (.null?, _), (.array([])?, .array): sample[key] = value
        default: break
        }
      }
    }
    return sample
  }

  /// This definition, with each key's kind made to fit every one of `entries` (dictionaries):
  /// optional where one lacks the key or holds null, a fraction where one holds a whole number
  /// and another a fraction, any value where they hold different kinds. A record that never
  /// had a number, a flag or a list is saved without one, and a record's own kind of value is
  /// not refused for its neighbour's.
  package func fitting(_ entries: [Value]) -> DataDefinition {
    var counts: [String: Int] = [:]
    var kinds: [String: Set<ValueKind>] = [:]
    for entry in entries {
      for (key, value) in entry.dictionaryValue ?? [:] where !value.isNull {
        counts[key, default: 0] += 1
        kinds[key, default: []].insert(value.inferredKind)
      }
    }
    var definition = self
    for property in properties {
      guard var kind = property.valueKind, kind != .any else { continue }
      let held = kinds[property.name] ?? []
      if held.count > 1 { kind = held.isSubset(of: [.int, .double]) ? .double : .any }
      if (counts[property.name] ?? 0) < entries.count, !kind.isOptional {
        kind = .optional(kind)
      }
      definition[property.name]?.valueKind = kind
    }
    return definition
  }

  /// This definition, making new items as documents shaped like `sample`: its keys, each
  /// with a blank value of its kind (``Value/blank``), but for optional numbers and flags,
  /// which a new item lacks until it is given one (a count some records leave blank is not
  /// made 0).
  /// Of `kind` ``Kind/document`` when the items are values in a document's tree,
  /// ``Kind/dictionary`` when they are objects.
  package func makingDocuments(like sample: Value, kind: Kind = .document) -> DataDefinition {
    var blank = sample.blank
    if case .dictionary(var entries) = blank {
      for property in properties where property.valueKind?.isOptional == true {
        if case .int? = entries[property.name] { entries[property.name] = nil }
        if case .double? = entries[property.name] { entries[property.name] = nil }
        if case .bool? = entries[property.name] { entries[property.name] = nil }
      }
      blank = .dictionary(entries)
    }
    let newItem = blank
    return DataDefinition(
      kind: kind, name: name, properties: properties, adapter: { $0 as? KeyValueCoding },
      factory: { DocumentObject(newItem) })
  }

  /// A definition for plain strings (arrays of strings).
  public static var string: DataDefinition { plain(.string, kind: .string, name: "String") }
  /// A definition for plain numbers.
  public static var number: DataDefinition { plain(.number, kind: .double, name: "Number") }
  /// A definition for plain dates.
  public static var date: DataDefinition { plain(.date, kind: .date, name: "Date") }

  private static func plain(_ kind: Kind, kind valueKind: ValueKind, name: String) -> DataDefinition
  {
    var property = PropertyDefinition(name: PlainValue.key, title: name, valueKind: valueKind)
    property.isRequired = false
    var definition = DataDefinition(
      kind: kind, name: name, properties: [property],
      adapter: { $0 as? KeyValueCoding },
      factory: {
        DocumentObject(
          unobserved: [
            PlainValue.key: valueKind == .date ? .date(.init()) : valueKind == .string ? "" : 0
          ])
      })
    definition.titlePropertyNames = [PlainValue.key]
    return definition
  }

  init(
    objectType: ObjectTypeInfo?, tableName: String, columns: [(String, ValueKind)], names: String?,
    adapter: @escaping @Sendable (AnyObject) -> KeyValueCoding?,
    factory: (@Sendable () -> AnyObject)?
  ) throws(DiagnosticList) {
    let known = columns.map(\.0)
    let groups =
      try names.map { text throws(DiagnosticList) in
        try Self.groups(from: text, known: known, file: nil, typeName: tableName)
      } ?? [PropertyGroup(keys: known)]
    let kinds = Dictionary(columns, uniquingKeysWith: { first, _ in first })
    var properties: [PropertyDefinition] = []
    var seen = Set<String>()
    for name in groups.flatMap(\.keys) where seen.insert(name).inserted {
      if name.hasPrefix("~") {
        properties.append(PropertyDefinition(name: String(name.dropFirst()), isCustom: true))
      } else {
        properties.append(PropertyDefinition(name: name, valueKind: kinds[name]))
      }
    }
    self.init(
      kind: .object(objectType), name: tableName, properties: properties, groups: groups,
      adapter: adapter, factory: factory)
    availableKeys = known
  }

  /// Parses a names string into groups, checking names against `known` when given.
  static func groups(from text: String, known: [String]?, file: String?, typeName: String = "")
    throws(DiagnosticList) -> [PropertyGroup]
  {
    let specs = try PropertyNamesString.parse(text)
    var problems: [Diagnostic] = []
    if let known {
      for spec in specs.flatMap(\.names) where !spec.isCustom && !known.contains(spec.name) {
        var message = "unknown property '\(spec.name)'"
        if !typeName.isEmpty { message += " of \(typeName)" }
        if let suggestion = NameSuggestion.closest(to: spec.name, among: known) {
          message += " (did you mean '\(suggestion)'?)"
        }
        problems.append(Diagnostic(message, at: spec.location?.inFile(file)))
      }
    }
    guard problems.isEmpty else { throw DiagnosticList(problems) }
    return specs
  }
}

/// The key under which plain values (strings, numbers, dates) are edited.
enum PlainValue {
  static let key = "value"
}

/// Key-value coding over a class's property table, for classes without the conformance.
final class TableAdapter<Root: AnyObject>: KeyValueCoding {
  let object: Root
  let table: PropertyTable<Root>

  init(object: Root, table: PropertyTable<Root>) {
    self.object = object
    self.table = table
  }

  func value(forKey key: String) throws(BindingError) -> Value {
    guard let property = table[key] else {
      throw .unknownKey(keyPath: key, key: key, on: String(describing: Root.self))
    }
    return property.value(of: object)
  }

  func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    guard let property = table[key] else {
      throw .unknownKey(keyPath: key, key: key, on: String(describing: Root.self))
    }
    try property.setValue(value, of: object)
  }

  func valueKind(forKey key: String) -> ValueKind? { table[key]?.kind }

  var propertyNames: [String] { table.names }
}
