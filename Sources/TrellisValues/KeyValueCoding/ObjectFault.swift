import Observation
import Synchronization

/// A stored row listed before its object exists: the values a store fetched for it, and the
/// object made from them the first time something asks for it.
///
/// A list over a database reads its rows' titles, details, conditions, groups and search
/// text from the fetched values, as Core Data reads a fault's, and never makes the app's
/// objects for rows that are only shown. ``object`` makes and fills the object once, and is
/// the same object every time after. A fault is the row's identity for its whole life:
/// ``ObjectReference`` compares and hashes a fault and its object as one, so a list, a
/// choice or a selection that holds either finds the other.
///
/// Reading a fault's keys reads its values until its object exists, then the object. Writing
/// a key writes the value until then, then the object's property. Its values are observable,
/// as an `@Observable` object's properties are: a screen that read them hears when a store
/// writes new ones.
public final class ObjectFault: KeyValueCoding, Observable, Sendable {
  private struct State {
    var values: [Value]
    /// The object, once something asked for it; filled from ``values`` when ``filled``.
    var object: AnyObject?
    var filled = false
    /// How many times ``values`` changed, so that a fill knows whether it wrote the latest.
    var generation = 0
    /// Why ``values`` cannot fill the object (a value its property cannot hold), located.
    var problem: String?
    /// Those who read the values under observation; made by the first such read, so that a
    /// row a list only shows costs no registrar.
    var registrar: ObservationRegistrar?
  }

  /// What every fault of one entity shares: its keys, and how its object is made.
  package let layout: ObjectFaultLayout
  private let state: UncheckedMutex<State>

  /// A fault for a row with `values`, one per key of `layout`, in its order; with `problem`,
  /// a row whose values its object cannot hold, which says why.
  package init(values: [Value], layout: ObjectFaultLayout, problem: String? = nil) {
    self.layout = layout
    state = UncheckedMutex(State(values: values, problem: problem))
  }

  deinit {
    if let object = state.withLock({ $0.object }) { Self.forget(object) }
  }

  /// The row's object: made from the fetched values the first time, then the same one.
  ///
  /// The object is kept before it is filled, so that filling it through a relationship that
  /// leads back here (a task's category listing the task) finds it instead of making another.
  /// Until it is filled, the values stay the fault's: a store writing new ones meanwhile, on
  /// another thread, has them written by the fill, not overwritten by it.
  public var object: AnyObject {
    if let made = state.withLock({ $0.object }) { return made }
    let empty = layout.make()
    let (object, first) = state.withLock { state -> (AnyObject, ([Value], Int)?) in
      if let earlier = state.object { return (earlier, nil) }
      state.object = empty
      return (empty, (state.values, state.generation))
    }
    guard var pending = first else { return object }
    Self.remember(object, fault: self)
    while true {
      layout.fill(object, pending.0)
      let next = state.withLock { state -> ([Value], Int)? in
        if state.generation == pending.1 {
          state.filled = true
          return nil
        }
        return (state.values, state.generation)
      }
      guard let next else { break }
      pending = next
    }
    return object
  }

  /// The object, once something has asked for it and it holds the row's values.
  public var madeObject: AnyObject? { state.withLock { $0.filled ? $0.object : nil } }

  /// Whether nothing but the fault holds its object (or it has none): a store may then let
  /// the fault go, and the object with it, without anyone being able to tell.
  package var holdsItsObjectAlone: Bool {
    // Checked in place: a copy of the reference would be one more holder.
    state.withLock { $0.object == nil || isKnownUniquelyReferenced(&$0.object) }
  }

  /// The fetched values, one per key of ``layout``, as last read.
  package var values: [Value] { state.withLock { $0.values } }

  /// Whether a read that observation may track has made the fault's registrar: false for a
  /// row that a list only shows, which so costs no registrar.
  package var isObservable: Bool { state.withLock { $0.registrar != nil } }

  /// The fetched values, read as ``value(forKey:)`` reads them, while they are the row's:
  /// `nil` once the object holds them. A list reads a row's titles from them in one step.
  package var unfilledValues: [Value]? { unfilledValues(observed: true) }

  /// ``unfilledValues``; `observed` false for a read that no observation tracks (a row that
  /// follows its store's reports), which then makes no registrar.
  package func unfilledValues(observed: Bool) -> [Value]? {
    read(observed: observed) { $0.filled ? nil : $0.values }
  }

  /// The values of the layout's keys at `positions`, read from the object once it holds the
  /// row's values, as ``value(forKey:)`` reads each of them but without a lookup per key;
  /// `nil` while the fetched values are the row's (``unfilledValues(observed:)`` reads those),
  /// or when the object cannot be read by key.
  package func madeValues(at positions: [Int]) -> [Value]? {
    let (filled, stored) = read(observed: true) { state in
      (state.filled, state.problem == nil ? nil : state.values)
    }
    guard filled, let coding = try? objectCoding() else { return nil }
    var values: [Value] = []
    values.reserveCapacity(positions.count)
    for position in positions {
      if let stored, let unfit = unfit(stored, at: position) {
        values.append(unfit)
        continue
      }
      guard let value = try? coding.value(forKey: layout.keys[position]) else { return nil }
      values.append(value)
    }
    return values
  }

  /// The value at `index` of `values` as read, when the object's property cannot hold it:
  /// the object keeps what it held, and the row reads as stored, the same before and after
  /// the object is made.
  private func unfit(_ values: [Value], at index: Int) -> Value? {
    guard layout.makesClassObjects, index < values.count, index < layout.kinds.count,
      !layout.kinds[index].accepts(values[index])
    else { return nil }
    // Columns only: a relationship's value is the store's to make fit.
    switch layout.kinds[index].unwrapped {
    case .string, .bool, .int, .double, .date, .data, .choice: return values[index]
    default: return nil
    }
  }

  /// Why the row's values, as last read, cannot fill its object (a value another program
  /// wrote that its property cannot hold), naming the row and the column; `nil` when they
  /// can. A list shows such a row with the message, and its form shows the values
  /// (``unfitValues``) refused, to be fixed before anything is written.
  package var problem: String? { problem(observed: true) }

  /// The values as last read that the object's properties cannot hold (another program
  /// wrote them), by key: what a person sees, to fix, when the row is opened.
  package var unfitValues: [String: Value] {
    guard layout.makesClassObjects else { return [:] }
    let values = state.withLock { $0.values }
    var found: [String: Value] = [:]
    for index in values.indices {
      if let value = unfit(values, at: index) { found[layout.keys[index]] = value }
    }
    return found
  }

  /// ``problem``; `observed` as for ``unfilledValues(observed:)``.
  package func problem(observed: Bool) -> String? {
    read(observed: observed) { $0.problem }
  }

  /// Takes values read again from the store, with their ``problem``; values equal to those
  /// held change nothing, and observers hear of nothing. Once the object holds the row's
  /// values, the store writes the object instead (calling ``objectDidChange()`` when a value
  /// differed), and this returns false.
  package func refresh(_ values: [Value], problem: String? = nil) -> Bool {
    let settled = state.withLock { state -> Bool? in
      if state.filled {
        // Kept as read, for ``unfitValues``: the store writes the object what it can hold.
        state.values = values
        return false
      }
      return state.values == values && state.problem == problem ? true : nil
    }
    if let settled { return settled }
    return changeValues { state in
      guard !state.filled else { return false }
      state.values = values
      state.problem = problem
      state.generation += 1
      return true
    }
  }

  /// Takes the ``problem`` of values read again once the object holds the row's values (the
  /// store wrote it those its properties can hold); those who read the row hear of a change.
  package func noteProblem(_ problem: String?) {
    guard state.withLock({ $0.problem != problem }) else { return }
    changeValues { $0.problem = problem }
  }

  /// Tells those who read the row through the fault that a store wrote its object: the
  /// object need not be observable itself.
  package func objectDidChange() {
    changeValues { _ in }
  }

  // MARK: KeyValueCoding

  public func value(forKey key: String) throws(BindingError) -> Value {
    if let index = layout.index[key] {
      // `Value` is a nil literal itself: the absence is spelled out.
      let fetched = read(observed: true) { state -> Value? in
        guard state.filled else { return .some(state.values[index]) }
        return state.problem == nil ? .none : unfit(state.values, at: index)
      }
      if let value = fetched { return value }
    } else if madeObject == nil {
      throw .unknownKey(keyPath: key, key: key, on: layout.name)
    }
    return try objectCoding().value(forKey: key)
  }

  /// Writes `key`: the fetched value until the object holds the row's values (a store
  /// unlinking a deleted row, say), the object's property after.
  public func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    if let index = layout.index[key] {
      let written = changeValues { state -> Bool in
        guard !state.filled else { return false }
        state.values[index] = value
        state.generation += 1
        return true
      }
      if written { return }
    }
    try objectCoding().setValue(value, forKey: key)
    // A value read as stored, because the object could not hold it, gives way to this one.
    if let index = layout.index[key], state.withLock({ $0.problem != nil }) {
      changeValues { $0.values[index] = value }
    }
  }

  public func valueKind(forKey key: String) -> ValueKind? {
    if let made = madeObject, let coding = layout.coding(made) {
      return coding.valueKind(forKey: key)
    }
    return layout.index[key].map { layout.kinds[$0] }
  }

  public var propertyNames: [String] {
    if let made = madeObject, let coding = layout.coding(made) { return coding.propertyNames }
    return layout.keys
  }

  private func objectCoding() throws(BindingError) -> KeyValueCoding {
    let object = object
    guard let coding = layout.coding(object) else {
      throw .unknownKey(keyPath: "", key: "", on: String(describing: type(of: object)))
    }
    return coding
  }
}

extension ObjectFault {
  /// Reads the state with `body`; an `observed` read makes the registrar first, if no read
  /// has, and tells it of the read, so that a change to the values reaches the reader.
  private func read<T>(observed: Bool, _ body: (State) -> T) -> T {
    guard observed else { return state.withLock { body($0) } }
    let (registrar, result) = state.withLock { state -> (ObservationRegistrar, T) in
      let registrar = state.registrar ?? ObservationRegistrar()
      state.registrar = registrar
      return (registrar, body(state))
    }
    registrar.access(self, keyPath: \.values)
    return result
  }

  /// Changes the state with `change`, telling those who read the values under observation.
  ///
  /// Without a registrar no read was observed, and the change is made at once. It is made
  /// under the lock that an observed read takes to make the registrar, so that a read either
  /// comes after the change and sees it, or makes the registrar first and hears of it.
  private func changeValues<T>(_ change: (inout State) -> T) -> T {
    var unobserved: T?
    let registrar = state.withLock { state -> ObservationRegistrar? in
      guard let registrar = state.registrar else {
        unobserved = change(&state)
        return nil
      }
      return registrar
    }
    guard let registrar else {
      // Set above whenever there is no registrar.
      return unobserved.unsafelyUnwrapped
    }
    return registrar.withMutation(of: self, keyPath: \.values) { state.withLock(change) }
  }
}

extension ObjectFault {
  /// A fault, held weakly: a fault being freed on one thread reads as gone on another, never
  /// as a reference to an object in its deinit.
  private struct Entry {
    weak var fault: ObjectFault?
  }

  /// The faults whose objects exist, by their object: so that a reference made from the
  /// object is the fault's.
  private static let byObject = Mutex<[ObjectIdentifier: Entry]>([:])
  private static let count = Atomic<Int>(0)

  private static func remember(_ object: AnyObject, fault: ObjectFault) {
    byObject.withLock { $0[ObjectIdentifier(object)] = Entry(fault: fault) }
    count.add(1, ordering: .releasing)
  }

  private static func forget(_ object: AnyObject) {
    byObject.withLock { $0[ObjectIdentifier(object)] = nil }
    count.subtract(1, ordering: .releasing)
  }

  /// The fault whose object `object` is, if it was made by one. The fault keeps its object
  /// alive, so the object's identity is not reused while the entry exists.
  package static func fault(of object: AnyObject) -> ObjectFault? {
    guard count.load(ordering: .acquiring) > 0 else { return nil }
    return byObject.withLock { $0[ObjectIdentifier(object)]?.fault }
  }

  /// The identity of `object` as a store keeps it: its fault, when it was made by one.
  package static func identity(of object: AnyObject) -> AnyObject {
    if object is ObjectFault { return object }
    return fault(of: object) ?? object
  }
}

/// What the faults of one entity share: the names of their values, and how their object is
/// made and filled.
package final class ObjectFaultLayout: Sendable {
  /// The entity's name, for messages.
  package let name: String
  /// The keys, in the order of a fault's values.
  package let keys: [String]
  /// The position of each key.
  package let index: [String: Int]
  /// The kind of each key's value.
  package let kinds: [ValueKind]
  /// Whether `make` makes objects of a class, whose properties hold only values of their
  /// kinds (a document holds any value).
  package let makesClassObjects: Bool
  /// Makes an empty object.
  package let make: @Sendable () -> AnyObject
  /// Writes a fault's values into its object.
  package let fill: @Sendable (AnyObject, [Value]) -> Void
  /// The object's properties by name.
  package let coding: @Sendable (AnyObject) -> KeyValueCoding?

  package init(
    name: String, keys: [String], kinds: [ValueKind], makesClassObjects: Bool = false,
    make: @escaping @Sendable () -> AnyObject,
    fill: @escaping @Sendable (AnyObject, [Value]) -> Void,
    coding: @escaping @Sendable (AnyObject) -> KeyValueCoding?
  ) {
    self.name = name
    self.keys = keys
    self.kinds = kinds
    self.makesClassObjects = makesClassObjects
    self.make = make
    self.fill = fill
    self.coding = coding
    var index: [String: Int] = [:]
    for (position, key) in keys.enumerated() where index[key] == nil { index[key] = position }
    self.index = index
  }
}

extension ObjectFault: ObservationReleasing {
  /// Announces the values changed, unchanged; a fault whose reads nobody observed has nothing
  /// to announce.
  public func announceUnchanged() {
    guard let registrar = state.withLock({ $0.registrar }) else { return }
    registrar.withMutation(of: self, keyPath: \.values) {}
  }
}
