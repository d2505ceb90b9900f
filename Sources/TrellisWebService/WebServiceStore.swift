import Trellis

/// The objects of a REST API as an ``AsyncDataStore``: lists read them a page at a time,
/// following the service's own next-page links, and detail screens write them back.
///
/// ```swift
/// let service = WebServiceDefinition.djangoREST(
///   baseURL: "http://127.0.0.1:8000/", resource: "api/contacts/", keys: "name;email;city")
/// let store = try WebServiceStore(service)
/// let section = ArrayOfObjectsSection(store: store, definition: store.itemsDefinition!)
/// section.fetchOptions.batchSize = 7
/// ```
///
/// Each object is a ``DocumentObject`` holding the JSON object's values, and one identity is
/// one object: a page that repeats an object, or a refresh, brings the same instance back with
/// its new values, so rows stay put.
public final class WebServiceStore: AsyncDataStore {
  /// What the service is and how to talk to it.
  public let definition: WebServiceDefinition
  /// The definition of the objects: the keys string's properties.
  public let itemsDefinition: DataDefinition?
  let transport: any HTTPTransport
  let observers = ObserverList<StoreChange>()
  /// Every object read or written, by identity, and what arrived for them.
  // Sound: the map only finds the one object of a record; its values are written on the
  // domain that shows it (``applyArrivedValues()``), never from a reading or writing task.
  let objects = UncheckedLocked(IdentityMap())
  /// The keys string's keys, which a refusal's messages may name.
  let keys: [String]
  /// Tells the lists to read the service again every ``WebServiceDefinition/pollInterval``.
  private let polling = Locked<RepeatingTimer?>(nil)

  /// A store of `definition`'s objects, sent through `transport`.
  ///
  /// - Throws: the definition's problems, each located and with a suggestion: an address that
  ///   does not parse, a keys string that does not.
  public init(
    _ definition: WebServiceDefinition, transport: any HTTPTransport = AsyncHTTPTransport()
  ) throws(DiagnosticList) {
    try definition.check()
    self.definition = definition
    self.transport = transport
    var items = try DataDefinition.dictionary(keys: definition.resultsDictionaryKeyNamesString)
    items.name = definition.name
    keys = items.properties.filter { !$0.isCustom }.map(\.name)
    // A key has the kind its settings declare. One they leave open takes the kind of the
    // values the service sends (a number column's numbers are edited as numbers), and a new
    // object's empty value, text (``create()``).
    for name in keys {
      items[name]?.valueKind = definition.declaredValueKind(of: name)
      // A date and time is edited with its time, a new object's empty one too.
      if [.iso8601Date, .unixDate].contains(definition.conversions[name]) {
        items[name]?.attributes.dateFormat = DateText.dayAndTime
      }
    }
    if items.titlePropertyNames.isEmpty, let first = keys.first {
      items.titlePropertyNames = [first]
    }
    itemsDefinition = items
    if let interval = definition.pollInterval {
      let timer = RepeatingTimer(every: interval, label: "trellis.web-service.poll") {
        [weak self] in self?.poll()
      }
      polling.withLock { $0 = timer }
    }
  }

  /// Asks every list that shows the store to read the pages it holds again (a refresh, which
  /// keeps the rows that did not change): the service announces no one's changes.
  private func poll() {
    guard !observers.isEmpty else { return }
    observers.notify(.reset)
  }

  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let token = observers.add(handler)
    // A list that stops observing is letting go of its objects: once it has, those nothing
    // else holds leave the map.
    return ObservationToken { [objects] in
      token.cancel()
      objects.sweepSoon()
    }
  }

  /// A new object holding every key, empty; it has no identity until it is inserted.
  public func create() throws(StoreError) -> Value {
    guard definition.createObject != nil else { throw .unsupported("this service is read-only") }
    let entries = keys.map { key -> (String, Value) in
      switch definition.valueKind(of: key).unwrapped {
      case .string: (key, "")
      case .bool: (key, false)
      default: (key, .null)
      }
    }
    return .object(
      ObjectReference(DocumentObject(unobserved: .dictionary(ValueDictionary(entries)))))
  }

  /// True: an object changes only as the store gives it what a read brought or the service
  /// answered (``applyArrivedValues()``), and every such change is reported, so lists draw
  /// their rows without observing the objects.
  public var reportsEveryChange: Bool { true }

  /// Whether a search is sent to the service: only a search text, when the service has a
  /// search parameter.
  public func translates(_ filter: ItemFilter) -> Bool {
    guard definition.searchParameterName != nil else { return false }
    if case .search = filter.term { return true }
    return false
  }

  /// The object for `entries`: the one already known by its identity, which takes the new
  /// values when the domain that shows it applies them (``applyArrivedValues()``), or a new
  /// one holding them.
  func object(for entries: ValueDictionary) -> DocumentObject {
    let id = Self.identity(entries[definition.idKeyName])
    return objects.withLock { objects in
      if let id, let known = objects.entries[id] {
        objects.arrive(id, entries, replacing: true)
        return known
      }
      let made = DocumentObject(unobserved: .dictionary(entries))
      if let id { objects.remember(made, as: id) }
      return made
    }
  }

  /// An identity as a key: the id's text.
  static func identity(_ value: Value?) -> String? {
    guard let value, value != .null else { return nil }
    return value.displayText
  }

  /// The document object an item is, or an error naming what it is instead.
  static func document(_ item: Value) throws(StoreError) -> DocumentObject {
    guard case .object(let ref) = item, let object = ref.object as? DocumentObject else {
      throw .invalidItem("a web service's items are the objects it made, not \(item.type)")
    }
    return object
  }
}
