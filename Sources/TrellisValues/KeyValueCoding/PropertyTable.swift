import Observation

/// A class's bindable properties: name, declared kind, key path, and typed read and write.
///
/// `@TableBound` writes it for a class; it can also be written by hand:
///
/// ```swift
/// extension TaskItem: PropertyTableProviding, ValueConvertible {
///   static let propertyTable = PropertyTable<TaskItem>([
///     .init("name", \.name),
///     .init("completed", \.completed),
///   ])
/// }
/// ```
public struct PropertyTable<Root: AnyObject>: Sendable {
  /// The properties, in declaration order.
  public let properties: [Property]
  /// The property names, in declaration order (read for every row's title: kept, not mapped
  /// each time).
  public let names: [String]
  @usableFromInline let index: [String: Int]

  /// Creates a table. A repeated name keeps its first entry.
  public init(_ properties: [Property]) {
    self.properties = properties
    self.names = properties.map { $0.name }
    var index: [String: Int] = [:]
    for (position, property) in properties.enumerated() where index[property.name] == nil {
      index[property.name] = position
    }
    self.index = index
  }

  /// The property called `name`.
  public subscript(name: String) -> Property? {
    index[name].map { properties[$0] }
  }

  /// Reads the property called `name` of `root`; `nil` when the table has none by that name.
  ///
  /// Read in place, and inlined into the class's own conformance: every row of a list reads
  /// its title this way, and a property copied out of the table retains its name, key path
  /// and closures, and looks up the generic table's metadata, each time.
  @inlinable
  public func value(of root: Root, forKey name: String) -> Value? {
    guard let position = index[name] else { return nil }
    return properties[position].read(root)
  }

  /// The name of the property behind a Swift key path.
  public func name(for keyPath: PartialKeyPath<Root>) -> String? {
    properties.first { $0.keyPath == keyPath }?.name
  }

  /// One bindable property.
  public struct Property: Sendable {
    /// The property's name in Swift.
    public let name: String
    /// Its declared kind.
    public let kind: ValueKind
    /// The Swift key path.
    public let keyPath: PartialKeyPath<Root> & Sendable
    /// Whether it can be written.
    public let isWritable: Bool
    @usableFromInline private(set) var read: @Sendable (Root) -> Value
    let write: (@Sendable (Root, Value) throws(ValueConversionError) -> Void)?

    /// A writable property of a convertible type.
    public init<V: ValueConvertible>(
      _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, V> & Sendable
    ) {
      self.name = name
      self.kind = V.valueKind
      self.keyPath = keyPath
      self.isWritable = true
      self.read = { $0[keyPath: keyPath].bindingValue }
      self.write = { root, value throws(ValueConversionError) in
        root[keyPath: keyPath] = try V(bindingValue: value)
      }
    }

    /// A read-only property of a convertible type (a `let`, or a computed property).
    public init<V: ValueConvertible>(_ name: String, _ keyPath: KeyPath<Root, V> & Sendable) {
      self.name = name
      self.kind = V.valueKind
      self.keyPath = keyPath
      self.isWritable = false
      self.read = { $0[keyPath: keyPath].bindingValue }
      self.write = nil
    }

    /// A property of a type the core cannot bind: listed, read as nil, never written.
    @_disfavoredOverload
    public init<V>(_ name: String, _ keyPath: KeyPath<Root, V> & Sendable) {
      self.name = name
      self.kind = .unsupported(String(describing: V.self))
      self.keyPath = keyPath
      self.isWritable = false
      self.read = { _ in .null }
      self.write = nil
    }

    /// A writable property of a convertible type, read by `get` (what `@TableBound` writes:
    /// a closure reads a property for less than projecting its key path does).
    public init<V: ValueConvertible>(
      _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, V> & Sendable,
      get: @escaping @Sendable (Root) -> V
    ) {
      self.init(name, keyPath)
      self.read = { get($0).bindingValue }
    }

    /// A read-only property of a convertible type, read by `get`.
    public init<V: ValueConvertible>(
      _ name: String, _ keyPath: KeyPath<Root, V> & Sendable, get: @escaping @Sendable (Root) -> V
    ) {
      self.init(name, keyPath)
      self.read = { get($0).bindingValue }
    }

    /// A property of a type the core cannot bind, with the reader `@TableBound` writes for
    /// every property: listed, read as nil, never written.
    @_disfavoredOverload
    public init<V>(
      _ name: String, _ keyPath: KeyPath<Root, V> & Sendable, get: @escaping @Sendable (Root) -> V
    ) {
      self.init(name, keyPath)
    }

    /// Reads the property of `root`.
    public func value(of root: Root) -> Value { read(root) }

    /// Writes the property of `root`, or throws without changing it.
    public func setValue(_ value: Value, of root: Root) throws(BindingError) {
      guard let write else { throw .readOnly(keyPath: name) }
      guard kind.accepts(value) else {
        throw .typeMismatch(
          keyPath: name, expected: kind.description, found: value.type.description)
      }
      do { try write(root, value) } catch {
        throw .typeMismatch(
          keyPath: name, expected: kind.description, found: value.type.description)
      }
    }
  }
}

/// A class that lists its bindable properties; `@TableBound` adds the conformance.
public protocol PropertyTableProviding: KeyValueCoding {
  /// The class's properties.
  static var propertyTable: PropertyTable<Self> { get }
}

extension PropertyTableProviding {
  /// Every property's name, declared kind and writability, in declaration order: what a
  /// store derives its schema from.
  public static var propertyDescriptions: [PropertyDescription] {
    propertyTable.properties.map {
      PropertyDescription(name: $0.name, kind: $0.kind, isWritable: $0.isWritable)
    }
  }

  @inlinable
  public func value(forKey key: String) throws(BindingError) -> Value {
    guard let value = Self.propertyTable.value(of: self, forKey: key) else {
      throw unknownKey(key)
    }
    return value
  }

  /// The error for a key the class has no property for.
  @usableFromInline
  func unknownKey(_ key: String) -> BindingError {
    .unknownKey(keyPath: key, key: key, on: typeNameForMessages)
  }

  public func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    guard let property = Self.propertyTable[key] else {
      throw .unknownKey(keyPath: key, key: key, on: typeNameForMessages)
    }
    try property.setValue(value, of: self)
  }

  public func valueKind(forKey key: String) -> ValueKind? { Self.propertyTable[key]?.kind }

  public var propertyNames: [String] { Self.propertyTable.names }
}

extension ValueConvertible where Self: PropertyTableProviding {
  public static var valueKind: ValueKind { .object(ObjectTypeInfo(Self.self)) }
  public var bindingValue: Value { .object(ObjectReference(self)) }
  public init(bindingValue: Value) throws(ValueConversionError) {
    guard case .object(let ref) = bindingValue, let object = ref.object as? Self else {
      throw ValueConversionError(value: bindingValue, target: .object)
    }
    self = object
  }
}

/// A property of a class as a schema sees it: its name, its kind and whether it can be written.
public struct PropertyDescription: Hashable, Sendable {
  /// The property's name in Swift.
  public var name: String
  /// Its declared kind (optional when the Swift type is).
  public var kind: ValueKind
  /// Whether it is a `var` of a convertible type.
  public var isWritable: Bool

  /// Describes a property.
  public init(name: String, kind: ValueKind, isWritable: Bool) {
    self.name = name
    self.kind = kind
    self.isWritable = isWritable
  }
}
