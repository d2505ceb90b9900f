/// A section that makes one row per element of an array (seed 004's "set the content array").
///
/// The array is either owned by the section (change it through ``content`` or the model's
/// editing API) or bound to an array property of an object, which the section observes
/// (`@Observable` objects) and writes back to when a person adds, deletes or moves rows.
///
/// ```swift
/// let cards = ContentSection(header: "Cards", binding: player, \.hand) { card, row in
///   row.text = card.description
/// }
/// ```
public final class ContentSection<Element>: Section {
  package override var themeKind: ThemeSectionKind {
    Element.self == String.self ? .arrayOfStrings : .basic
  }

  private enum Storage {
    case owned([Element])
    case bound(get: () -> [Element], set: ([Element]) -> Void)
  }

  private var storage: Storage
  /// The object and property the content is bound to, if it is.
  private weak var boundRoot: AnyObject?
  private var boundKeyPath: AnyKeyPath?
  private let identify: (Element) -> RowID
  /// Whether elements are identified by ``RowID/automatic(_:)`` (no custom identity).
  private let identifiesAutomatically: Bool
  private let configure: (Element, inout Row) -> Void
  /// Whether elements are rows already (a section of `Row` values).
  private let elementsAreRows = Element.self == Row.self

  /// Creates a section that owns its content.
  public init(
    id: String? = nil, header: String? = nil, footer: String? = nil, content: [Element] = [],
    identity: ((Element) -> RowID)? = nil, configure: @escaping (Element, inout Row) -> Void
  ) {
    storage = .owned(content)
    self.identify = identity ?? RowID.automatic(for: Element.self)
    self.identifiesAutomatically = identity == nil
    self.configure = configure
    super.init(id: id, header: header, footer: footer)
  }

  /// Creates a section bound to an array property of an object.
  public convenience init<Root: AnyObject>(
    id: String? = nil, header: String? = nil, footer: String? = nil, binding root: Root,
    _ keyPath: ReferenceWritableKeyPath<Root, [Element]>,
    identity: ((Element) -> RowID)? = nil, configure: @escaping (Element, inout Row) -> Void
  ) {
    self.init(id: id, header: header, footer: footer, identity: identity, configure: configure)
    storage = .bound(
      get: { [weak root] in root?[keyPath: keyPath] ?? [] },
      set: { [weak root] in root?[keyPath: keyPath] = $0 })
    boundRoot = root
    boundKeyPath = keyPath
  }

  /// Creates a section that owns its content and shows it through a declarative template.
  public convenience init(
    id: String? = nil, header: String? = nil, footer: String? = nil, content: [Element],
    template: RowTemplate
  ) {
    self.init(id: id, header: header, footer: footer, content: content) { element, row in
      template.apply(to: &row, element: element)
    }
  }

  /// The elements. Setting it replaces the content (and the bound property, when bound).
  public var content: [Element] {
    get {
      switch storage {
      case .owned(let elements): elements
      case .bound(let get, _): get()
      }
    }
    set {
      switch storage {
      case .owned: storage = .owned(newValue)
      case .bound(_, let set): set(newValue)
      }
      setNeedsRefresh()
    }
  }

  /// Whether rows are rendered only when a host first shows them, for long lists.
  ///
  /// A section of 100,000 rows then opens in the time it takes to identify its elements, and
  /// holds no rendered row that no one has looked at. Such rows cannot hide themselves
  /// (``Row/isVisible`` is ignored): filter the content instead.
  public var rendersRowsOnDemand = false { didSet { setNeedsRefresh() } }

  public override var elementCount: Int { content.count }

  /// The object the content is bound to, and the elements that are objects (a row reads its
  /// element when it renders).
  package override var readObjects: [ClosedScreenObservations.ReadObject] {
    var objects: [ClosedScreenObservations.ReadObject] = []
    if let boundRoot, let boundKeyPath { objects.append((boundRoot, [boundKeyPath])) }
    if !elementsAreRows, Element.self is AnyObject.Type {
      for element in content.prefix(ArrayOfObjectsSection.readObjectsLimit) {
        objects.append((element as AnyObject, []))
      }
    }
    return objects
  }

  /// Identities: objects by identity, `Identifiable` by id, other values by value and
  /// occurrence, so that repeated values ("a", "b", "a") stay distinct.
  public override func elementIDs() -> [RowID] {
    let elements = content
    // Strings and integers identified by value: one set insertion each while no value repeats.
    if identifiesAutomatically {
      if Element.self == String.self,
        let ids = uniqueValueIDs(unsafeBitCast(elements, to: [String].self), Value.string)
      {
        return ids
      }
      if Element.self == Int.self,
        let ids = uniqueValueIDs(unsafeBitCast(elements, to: [Int].self), Value.int)
      {
        return ids
      }
    }
    var seen: [RowID: Int] = [:]
    seen.reserveCapacity(elements.count)
    return elements.map { element in
      let identity = identify(element)
      // One lookup: read the occurrence and count this one in place.
      let occurrence = Self.takeOccurrence(&seen[identity, default: 0])
      return identity.occurrence(occurrence)
    }
  }

  private static func takeOccurrence(_ count: inout Int) -> Int {
    defer { count += 1 }
    return count
  }

  public override func makeRow(at index: Int) -> Row {
    makeRow(for: content[index])
  }

  override func deferredRowMaker(from start: Int) -> DeferredRowMaker? {
    guard rendersRowsOnDemand else { return nil }
    let elements = content
    return DeferredRowMaker(
      make: { [weak self] index in
        guard let self, elements.indices.contains(index) else {
          return Row(id: RowID(.null), kind: .plain)
        }
        return self.makeRow(for: elements[index])
      }, values: nil)
  }

  private func makeRow(for element: Element) -> Row {
    var row =
      elementsAreRows
      ? unsafeBitCast(element, to: Row.self) : Row(id: RowID(.null), kind: rowDefaults.kind)
    configure(element, &row)
    rowDefaults.apply(to: &row)
    return row
  }

  public override func element(at index: Int) -> Any { content[index] }

  public override func removeElement(at index: Int) throws(TableEditError) -> Any {
    var elements = content
    let element = elements.remove(at: index)
    content = elements
    return element
  }

  public override func insertElement(_ element: Any, at index: Int) throws(TableEditError) {
    guard let typed = element as? Element else {
      throw .refused(section: id, reason: refusalReason(forInserting: element) ?? "wrong type")
    }
    var elements = content
    elements.insert(typed, at: index)
    content = elements
  }

  public override func moveElement(from source: Int, to destination: Int) throws(TableEditError) {
    var elements = content
    let element = elements.remove(at: source)
    elements.insert(element, at: destination)
    content = elements
  }

  public override func refusalReason(forInserting element: Any) -> String? {
    element is Element ? nil : "it holds \(Element.self), not \(type(of: element))"
  }

  // MARK: Adding

  /// Makes the element Add appends, when ``RowDefaults/isAddable`` says the section takes new
  /// elements (seed 000's strings section: a new string to edit).
  public var newElement: (() -> Element)? { didSet { setNeedsRefresh() } }

  public override var canAddItems: Bool { rowDefaults.isAddable && newElement != nil }

  /// Appends a new element, in place: there is no detail screen to fill in first.
  public override func addScreen(in screen: Screen) throws(ScreenError) -> Screen? {
    guard canAddItems, let newElement else {
      throw .notApplicable("adding is not allowed here")
    }
    do { try insertElement(newElement(), at: content.count) } catch { throw .edit(error) }
    return nil
  }
}

/// The identities of `values` by value, or `nil` when one repeats (repeats are told apart by
/// occurrence, which the general path counts). Called with concrete element types, so that
/// it compiles to plain set insertions.
private func uniqueValueIDs<T: Hashable>(_ values: [T], _ value: (T) -> Value) -> [RowID]? {
  var seen = Set<T>(minimumCapacity: values.count)
  var ids: [RowID] = []
  ids.reserveCapacity(values.count)
  for element in values {
    guard seen.insert(element).inserted else { return nil }
    ids.append(RowID(value(element)))
  }
  return ids
}
