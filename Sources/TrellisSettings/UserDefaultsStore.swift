import Foundation
import Trellis

/// Settings and lists kept in Foundation's `UserDefaults`, under a suite name, so they persist
/// across launches (on Linux in `$XDG_CONFIG_HOME/<suite>.plist`).
///
/// Two uses, as in seed 000:
/// - a settings form: ``settings(defaults:)`` is an object whose properties are defaults keys,
///   bound to a generated form in live mode;
/// - a list: the store itself keeps an array of dictionaries under ``itemsKey``, and writes it
///   back after every change.
///
/// ```swift
/// let store = try UserDefaultsStore(suiteName: "com.example.settings")
/// let settings = store.settings(defaults: ["username": "", "volume": 50])
/// try model.generateSections(for: settings, definition: SettingsApp.definition())
/// ```
// Sound: `UserDefaults` is documented thread-safe, the list of items is a MemoryStore, which
// is; only `persisting`, set once at creation, is neither.
public final class UserDefaultsStore: DataStore, @unchecked Sendable {
  /// The suite the values live in.
  public let suiteName: String
  /// The key holding the list of items.
  public let itemsKey: String
  /// The definition of the list's items (dictionaries).
  public let itemsDefinition: DataDefinition?
  let defaults: UserDefaults
  /// The suite's registered defaults: kept by the store, because Foundation's registration
  /// domain is one per process, and a value registered there would show in every suite.
  let registered = Locked<ValueDictionary>([:])
  private let items: MemoryStore
  private var persisting: ObservationToken?

  /// Opens the suite `suiteName`.
  ///
  /// - Throws: ``StoreError/failed(_:)`` when Foundation refuses the suite name, or when the
  ///   suite's file exists but is not a property list (Foundation would read it as empty, and
  ///   replace it at the first write).
  public init(suiteName: String, itemsKey: String = "items", definition: DataDefinition? = nil)
    throws(StoreError)
  {
    try Self.checkSuiteFile(for: suiteName)
    guard let defaults = UserDefaults(suiteName: suiteName) else {
      throw .failed("UserDefaults refused the suite name '\(suiteName)'")
    }
    self.suiteName = suiteName
    self.itemsKey = itemsKey
    self.defaults = defaults
    self.itemsDefinition = definition
    let template = definition.map { definition in
      Value.dictionary(ValueDictionary(definition.availableKeys.map { ($0, Value.null) }))
    }
    let stored = (defaults.array(forKey: itemsKey) ?? []).map {
      Value.object(ObjectReference(DocumentObject(PropertyListValue.value($0, like: template))))
    }
    items = MemoryStore(items: stored, definition: definition)
    persisting = items.observe { [weak self] _ in self?.persistItems() }
  }

  /// The settings object over this suite: each property is a defaults key, starting at the
  /// value in `defaults` (which also gives its type).
  public func settings(defaults initial: ValueDictionary) -> UserDefaultsObject {
    UserDefaultsObject(
      defaults: defaults, registered: registered, initial: initial,
      suiteFile: Self.suiteFile(for: suiteName))
  }

  /// Registers `values` as the suite's defaults: what a key reads until something is stored
  /// under it (a Settings bundle's `DefaultValue`s). Registered values are never written to
  /// disk. Unlike `UserDefaults.register(defaults:)`, they belong to this store alone: another
  /// suite in the same process does not read them.
  public func registerDefaults(_ values: ValueDictionary) {
    registered.withLock { registered in
      for (key, value) in values where PropertyListValue.object(value) != nil {
        registered[key] = value
      }
    }
  }

  /// Writes pending changes to disk now.
  @discardableResult
  public func synchronize() -> Bool { defaults.synchronize() }

  private func persistItems() {
    let array = items.allItems.compactMap { item -> Any? in
      guard let document = item.objectValue as? DocumentObject else { return nil }
      return PropertyListValue.object(document.root)
    }
    defaults.set(array, forKey: itemsKey)
    _ = defaults.synchronize()
  }

  // MARK: The list

  public var supportsMoving: Bool { true }

  public func fetch(_ options: FetchOptions) throws(StoreError) -> [Value] {
    try items.fetch(options)
  }

  public func count(_ options: FetchOptions) throws(StoreError) -> Int { try items.count(options) }

  public func create() throws(StoreError) -> Value { try items.create() }

  public func insert(_ item: Value, at index: Int?) throws(StoreError) {
    guard item.objectValue is DocumentObject else {
      throw .invalidItem("user defaults hold dictionaries, not \(item.type) values")
    }
    try items.insert(item, at: index)
  }

  public func update(_ item: Value, values: [String: Value]) throws(StoreError) {
    try items.updateDocument(item, values: values)
  }

  public func delete(_ item: Value) throws(StoreError) { try items.delete(item) }

  public func move(_ item: Value, after: Value?) throws(StoreError) {
    try items.move(item, after: after)
  }

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    items.observe(handler)
  }
}
