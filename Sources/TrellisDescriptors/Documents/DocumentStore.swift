import Foundation
import Trellis

/// A JSON or property-list file (XML, binary or OpenStep) as an editable hierarchy of tables
/// (seed 001): dictionaries become object screens, arrays become lists that can be edited, and
/// saving writes the file back atomically in its own format, keeping key order.
///
/// The tree lives in ``root``; screens edit it and ``save()`` writes it. A parse error throws a
/// located ``Diagnostic`` and a failed save leaves the file byte for byte as it was. Changing an
/// entry's type (string, number, Boolean) is explicit: ``changeType(atKeyPath:to:)``.
///
/// The store is also a ``DataStore`` over one array of dictionaries in the document (the
/// `itemsKeyPath`), so an array-of-objects section can list, add, edit, delete and move them.
///
/// ```swift
/// let store = try DocumentStore(contentsOf: url)
/// let navigator = Navigator(root: try store.screen(title: "Settings"))
/// // … edits …
/// try store.save()
/// ```
// Sound as long as one domain edits the document, as its screens do: the document tree and
// the save state are not behind a lock; the list of items is a MemoryStore, which is.
public final class DocumentStore: DataStore, @unchecked Sendable {
  /// The file as last read or saved.
  public private(set) var file: DocumentFile
  /// The tree being edited.
  public let root: DocumentObject
  /// Where the listed items are: a key path to an array of dictionaries ("" for the root, as
  /// for a document that is such an array); `nil` when the store lists nothing.
  public let itemsKeyPath: String?
  /// The definition of the listed items.
  public let itemsDefinition: DataDefinition?
  /// How ``save()`` treats values the file's format cannot hold; by default it refuses.
  public var writeOptions = DocumentWriteOptions()
  /// Whether the tree changed since it was read or saved.
  public private(set) var hasUnsavedChanges = false

  private let items: MemoryStore
  private var itemsObservation: ObservationToken?
  /// Whether the listed items are being brought to a tree that already holds them: their
  /// changes are then not written back into it one by one.
  private var isAdopting = false

  /// The largest document whose every entry is located (4 MiB).
  static let locatedSizeLimit = 4 << 20

  /// Opens the file at `url`, detecting its format unless `format` is given.
  ///
  /// - Parameters:
  ///   - itemsKeyPath: The array of dictionaries the store lists, if any; by default the root,
  ///     when the document is one.
  ///   - itemsDefinition: The definition of the listed items (which keys they have, and how
  ///     they are grouped); by default one derived from the keys the items have, which an
  ///     empty list does not say.
  /// - Throws: A ``Diagnostic`` with the file, line and column of a parse error, or naming the
  ///   key path when `itemsKeyPath` is not an array of dictionaries.
  public init(
    contentsOf url: URL, format: DocumentFormat? = nil, itemsKeyPath: String? = nil,
    itemsDefinition: DataDefinition? = nil
  ) throws(Diagnostic) {
    // A document this large is data, not something a person wrote: its syntax errors are
    // located, its entries are not, which keeps the memory it takes near its size.
    let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    let options = DocumentReadOptions(recordsLocations: size <= Self.locatedSizeLimit)
    let file = try DocumentFile(contentsOf: url, format: format, options: options)
    self.file = file
    self.root = DocumentObject(file.root)
    // A document that is a list of dictionaries lists them.
    let itemsKeyPath = itemsKeyPath ?? (Self.isListOfEntries(file.root) ? "" : nil)
    self.itemsKeyPath = itemsKeyPath
    var elements: [DocumentObject] = []
    var definition: DataDefinition?
    if let itemsKeyPath {
      let found = itemsKeyPath.isEmpty ? file.root : try? root.value(forKeyPath: itemsKeyPath)
      guard case .array(let values)? = found, values.allSatisfy({ $0.dictionaryValue != nil })
      else {
        throw file.document.diagnostic(
          "'\(itemsKeyPath)' is not an array of dictionaries", atKeyPath: itemsKeyPath)
      }
      elements = values.map { DocumentObject($0) }
      // A CSV file of no records still names its columns: new records get them.
      let header = itemsKeyPath.isEmpty ? file.document.columns ?? [] : []
      let sample =
        values.isEmpty && !header.isEmpty
        ? [Value.dictionary(ValueDictionary(header.map { ($0, Value.string("")) }))] : values
      definition = itemsDefinition ?? Self.itemsDefinition(sample, kind: .dictionary)
    }
    self.itemsDefinition = definition
    items = MemoryStore(
      items: elements.map { .object(ObjectReference($0)) }, definition: definition)
    root.onChange = { [weak self] _ in self?.hasUnsavedChanges = true }
    itemsObservation = items.observe { [weak self] _ in self?.writeItemsBack() }
  }

  /// The file's format; saving keeps it.
  public var format: DocumentFormat { file.format }

  /// Writes the tree to the file, atomically, in its format.
  ///
  /// Changes another program wrote to the file meanwhile are kept: they are merged into the
  /// tree, which then shows them (``DocumentFile/save(_:options:)``).
  ///
  /// - Throws: A ``Diagnostic`` naming the key path of a value the format cannot hold, one
  ///   another program changed too (a second save replaces it), or the disk's refusal; the
  ///   file is then unchanged.
  public func save() throws(Diagnostic) {
    try save(keepingTheirs: false)
  }

  /// Writes the tree as ``save()`` does; with `keepingTheirs`, a value another program
  /// changed too keeps theirs, which the tree then shows, and the save is not refused
  /// (``DocumentFile/keptTheirs`` names them).
  package func save(keepingTheirs: Bool) throws(Diagnostic) {
    let saved = try file.save(root.root, options: writeOptions, keepingTheirs: keepingTheirs)
    if saved != root.root { adopt(saved) }
    hasUnsavedChanges = false
  }

  /// Takes what another program wrote to the file since it was read or saved: merged into
  /// the tree, which shows it; whether there was any. Unsaved values stay, and win a value
  /// both changed.
  ///
  /// - Throws: A located ``Diagnostic`` when the file no longer reads; nothing changes then.
  @discardableResult
  public func takeChangesOnDisk() throws(Diagnostic) -> Bool {
    guard let merged = try file.takeChanges(into: root.root) else { return false }
    let unsaved = hasUnsavedChanges
    if merged != root.root { adopt(merged) }
    // The tree differs from the file only by what was unsaved before.
    hasUnsavedChanges = unsaved
    return true
  }

  /// Shows `tree`, merged with another program's changes: the listed items follow it, each
  /// keeping its object where it is still there.
  private func adopt(_ tree: Value) {
    isAdopting = true
    defer { isAdopting = false }
    if let itemsKeyPath {
      let found =
        itemsKeyPath.isEmpty ? tree : try? DocumentObject(tree).value(forKeyPath: itemsKeyPath)
      if case .array(let values)? = found {
        let objects = items.allItems.compactMap { $0.objectValue as? DocumentObject }
        for (object, value) in zip(objects, values) where object.root != value {
          object.replaceRoot(value)
        }
        for index in stride(from: objects.count - 1, through: values.count, by: -1) {
          try? items.delete(at: index)
        }
        for value in values.dropFirst(objects.count) {
          try? items.insert(.object(ObjectReference(DocumentObject(value))), at: nil)
        }
      }
    }
    root.replaceRoot(tree)
  }

  /// Changes the type of the entry at `keyPath` explicitly: text to a number or Boolean (parsed
  /// as typed), numbers and Booleans to text, integers to doubles and back.
  ///
  /// - Throws: ``BindingError`` when the key path does not exist or the value cannot be
  ///   converted; nothing changes then.
  public func changeType(atKeyPath keyPath: String, to type: ValueType) throws(BindingError) {
    let current = try root.value(forKeyPath: keyPath)
    guard let converted = Self.convert(current, to: type) else {
      throw .typeMismatch(
        keyPath: keyPath, expected: type.description,
        found: "\(current.type) \(current.displayText)")
    }
    try root.setValue(converted, forKeyPath: keyPath, changingType: true)
  }

  static func convert(_ value: Value, to type: ValueType) -> Value? {
    if value.type == type { return value }
    switch (value, type) {
    case (.string(let text), _): return try? Value.parse(text, as: type)
    case (.int(let number), .string): return .string(String(number))
    case (.double(let number), .string): return .string(String(number))
    case (.bool(let flag), .string): return .string(flag ? "true" : "false")
    case (.bool(let flag), .int): return .int(flag ? 1 : 0)
    case (.int(let number), .bool) where number == 0 || number == 1: return .bool(number == 1)
    default: return try? value.converted(to: type)
    }
  }

  // MARK: Nested tables

  /// The screen of the document's root: a dictionary's form, editing the tree as values are
  /// entered, or the list of a root that is a list of dictionaries.
  public func screen(title: String? = nil) throws(ScreenError) -> Screen {
    if let problem = rootProblem { throw .notApplicable(problem.description) }
    let model = TableModel(title: title ?? file.url.lastPathComponent)
    if itemsKeyPath == "", root.root.dictionaryValue == nil { return listScreen(model) }
    var definition = Self.definition(for: root.root, name: model.title ?? "Document")
    definition.addableKeyKinds = addableKeyKinds
    do {
      try model.generateSections(for: root, definition: definition, mode: .live)
    } catch {
      throw .notApplicable(error.description)
    }
    return Screen(model: model, navigationBar: .none)
  }

  /// The kinds of value a key added to one of the document's dictionaries may hold: those its
  /// format writes (JSON has no dates, an OpenStep property list only text); none for a
  /// list of records (CSV, TSV), whose keys are its columns.
  public var addableKeyKinds: [NewKeyKind] {
    switch format {
    case .xmlPlist, .binaryPlist: NewKeyKind.allCases
    case .json: NewKeyKind.allCases.filter { $0 != .date }
    case .openStepPlist: [.text, .object, .array]
    case .csv, .tsv: []
    }
  }

  /// Why the document's root cannot be shown as a screen (it is not a dictionary), located at
  /// the root in the file; `nil` when it can.
  public var rootProblem: Diagnostic? {
    guard root.root.dictionaryValue == nil, !Self.isListOfEntries(root.root) else { return nil }
    let found =
      root.root.type == .array ? "an array whose entries are not all dictionaries" : "a value"
    return file.document.diagnostic(
      "the root of the document is \(found): a screen shows a dictionary or a list of them",
      atKeyPath: "")
  }

  /// Whether `value` is a list of dictionaries, which the store lists when it is the root.
  private static func isListOfEntries(_ value: Value) -> Bool {
    guard case .array(let entries) = value else { return false }
    return entries.allSatisfy { $0.dictionaryValue != nil }
  }

  /// The screen of a root that is a list: its entries, added, edited, deleted and moved.
  private func listScreen(_ model: TableModel) -> Screen {
    let definition = itemsDefinition ?? DataDefinition.document([:], name: "Item")
    let section = ArrayOfObjectsSection(store: self, definition: definition)
    section.allowsAdding = definition.canMakeObjects && !definition.properties.isEmpty
    section.placeholderText = "No entries"
    model.addSection(section)
    return Screen(
      model: model, navigationBar: section.allowsAdding ? .addRightEditLeft : .editRight)
  }

  /// A definition for a dictionary of the tree: one row per key, in order; dictionaries open
  /// object screens, arrays open editable lists.
  public static func definition(for value: Value, name: String) -> DataDefinition {
    var definition = DataDefinition.document(value, name: name)
    for entry in value.dictionaryValue ?? ValueDictionary() {
      if case .dictionary = entry.value {
        // Shown as an object screen over a document object, not as a dictionary value.
        definition[entry.key]?.valueKind = .any
      }
      guard case .array(let elements) = entry.value else { continue }
      definition[entry.key]?.type = .arrayOfObjects
      let nested: DataDefinition
      switch elements.first {
      case .dictionary?:
        nested = itemsDefinition(elements) ?? .document(elements[0], name: entry.key)
      default: nested = .plainItems(like: elements.first, ofList: entry.key)
      }
      definition[entry.key]?.attributes = .arrayOfObjects(nested)
    }
    return definition
  }

  /// A definition of the dictionaries `values`: their keys in first-seen order, each shown as
  /// the first value that says what it holds shows it (nested dictionaries open object
  /// screens, arrays editable lists), and a key only null ever held as text. New items have
  /// every key, blank. Of `kind` ``DataDefinition/Kind/document`` for a list in the tree,
  /// which holds its items as values, ``DataDefinition/Kind/dictionary`` for the items the
  /// store lists as objects.
  static func itemsDefinition(_ values: [Value], kind: DataDefinition.Kind = .document)
    -> DataDefinition?
  {
    let sample = DataDefinition.sample(of: values)
    guard !sample.isEmpty else { return values.first.map { .document($0, name: "Item") } }
    var definition = definition(for: .dictionary(sample), name: "Item")
    for (key, value) in sample where value == .null { definition[key]?.valueKind = .string }
    return definition.fitting(values).makingDocuments(
      like: .dictionary(sample), kind: kind)
  }

  // MARK: The listed items

  private func writeItemsBack() {
    guard let itemsKeyPath, !isAdopting else { return }
    let array = Value.array(
      items.allItems.compactMap { ($0.objectValue as? DocumentObject)?.root })
    if itemsKeyPath.isEmpty {
      root.replaceRoot(array)
    } else {
      try? root.setValue(array, forKeyPath: itemsKeyPath)
    }
  }

  private func requireItems() throws(StoreError) {
    if itemsKeyPath == nil { throw .unsupported("this document store lists no items") }
  }

  public var supportsMoving: Bool { itemsKeyPath != nil }

  public func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    try items.fetch(options)
  }

  public func count(_ options: FetchOptions) throws(StoreError) -> Int { try items.count(options) }

  public func create() throws(StoreError) -> Value {
    try requireItems()
    return try items.create()
  }

  public func insert(_ item: Value, at index: Int?) throws(StoreError) {
    try requireItems()
    guard case .dictionary? = (item.objectValue as? DocumentObject)?.root else {
      throw .invalidItem("a document list holds dictionaries, not \(item.type) values")
    }
    try items.insert(item, at: index)
  }

  public func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    try items.updateDocument(item, values: values)
  }

  public func delete(_ item: Value) throws(StoreError) { try items.delete(item) }

  public func move(_ item: Value, after: Value?) throws(StoreError) {
    try requireItems()
    try items.move(item, after: after)
  }

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    items.observe(handler)
  }
}
