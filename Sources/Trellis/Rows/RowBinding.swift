/// The connection between a row and the value it shows: an object and a key path.
///
/// Reading goes through the object every time, so the row always shows the current value.
/// Writing checks the type first and leaves the object unchanged on error.
public struct RowBinding: CustomStringConvertible {
  /// The bound object.
  public let object: AnyObject
  /// The key path, as written in names strings and descriptors (`profile.firstName`).
  public let keyPath: String
  /// The declared kind of the bound value, where known.
  public let valueKind: ValueKind?
  private let reader: () throws(BindingError) -> Value
  private let writer: (Value) throws(BindingError) -> Void

  /// Binds to `keyPath` of `object` by name.
  public init(_ object: KeyValueCoding, keyPath: String) {
    self.object = object
    self.keyPath = keyPath
    self.valueKind = object.valueKind(forKeyPath: keyPath)
    self.reader = { () throws(BindingError) in try object.value(forKeyPath: keyPath) }
    self.writer = { value throws(BindingError) in try object.setValue(value, forKeyPath: keyPath) }
  }

  /// Binds to a typed Swift key path. `name` is used in messages; by default the property
  /// table's name for the key path, when the class has one.
  public init<Root: AnyObject, V: ValueConvertible>(
    _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, V>, name: String? = nil
  ) {
    self.object = object
    let resolved =
      name ?? (Root.self as? any PropertyTableProviding.Type).flatMap { type in
        Self.tableName(of: type, keyPath)
      } ?? String(describing: keyPath)
    self.keyPath = resolved
    self.valueKind = V.valueKind
    self.reader = { object[keyPath: keyPath].bindingValue }
    self.writer = { value throws(BindingError) in
      guard V.valueKind.accepts(value), let typed = try? V(bindingValue: value) else {
        throw .typeMismatch(
          keyPath: resolved, expected: V.valueKind.description, found: value.type.description)
      }
      object[keyPath: keyPath] = typed
    }
  }

  /// A binding through closures: for drafts, stores and other indirect values.
  public init(
    object: AnyObject, keyPath: String, valueKind: ValueKind?, read: @escaping () -> Value,
    write: @escaping (Value) throws(BindingError) -> Void
  ) {
    self.object = object
    self.keyPath = keyPath
    self.valueKind = valueKind
    self.reader = { read() }
    self.writer = write
  }

  /// A read-only binding to a computed value.
  public init(object: AnyObject, name: String, read: @escaping () -> Value) {
    self.object = object
    self.keyPath = name
    self.valueKind = nil
    self.reader = { read() }
    self.writer = { _ throws(BindingError) in throw .readOnly(keyPath: name) }
  }

  private static func tableName<T: PropertyTableProviding, Root, V>(
    of type: T.Type, _ keyPath: ReferenceWritableKeyPath<Root, V>
  ) -> String? {
    (keyPath as AnyKeyPath as? PartialKeyPath<T>).flatMap { T.propertyTable.name(for: $0) }
  }

  /// The current value.
  public func read() throws(BindingError) -> Value { try reader() }

  /// Writes a value, or throws and changes nothing.
  public func write(_ value: Value) throws(BindingError) { try writer(value) }

  public var description: String { "\(type(of: object)).\(keyPath)" }
}
