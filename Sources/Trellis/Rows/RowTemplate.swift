/// A declarative description of the row made for each element of a content section.
///
/// Key paths are read from the element when it is an object with key-value coding or a
/// dictionary; a plain value shows as its own text.
public struct RowTemplate: Hashable, Sendable {
  /// The row kind.
  public var kind: RowKind
  /// The key path of the row's text; `nil` shows the element itself.
  public var textKeyPath: String?
  /// The key path of the detail text.
  public var detailKeyPath: String?
  /// The key path the row's control binds to; `nil` for no binding.
  public var valueKeyPath: String?
  /// The key path of the image name.
  public var imageKeyPath: String?
  /// A fixed text, used instead of ``textKeyPath``.
  public var text: String?
  /// The accessory.
  public var accessory: Accessory
  /// What selecting the row does.
  public var action: RowAction?

  /// Creates a template.
  public init(
    kind: RowKind = .plain, text: String? = nil, textKeyPath: String? = nil,
    detailKeyPath: String? = nil, valueKeyPath: String? = nil, imageKeyPath: String? = nil,
    accessory: Accessory = .none, action: RowAction? = nil
  ) {
    self.kind = kind
    self.text = text
    self.textKeyPath = textKeyPath
    self.detailKeyPath = detailKeyPath
    self.valueKeyPath = valueKeyPath
    self.imageKeyPath = imageKeyPath
    self.accessory = accessory
    self.action = action
  }

  /// Fills `row` for `element`.
  public func apply(to row: inout Row, element: Any) {
    row.kind = kind
    row.accessory = accessory
    row.action = action
    let root = Self.rootValue(of: element)
    // A nil value (or a nil along the path) shows nothing, not an empty text or image name.
    func read(_ keyPath: String?) -> String? {
      guard let keyPath, let root,
        let value = try? KeyPathSegments.read(
          (try? KeyPathSegments(keyPath))?.keys[...] ?? [], from: root, path: keyPath),
        !value.isNull
      else { return nil }
      return value.displayText
    }
    if let text {
      row.text = text
    } else if let textKeyPath {
      row.text = read(textKeyPath)
    } else {
      row.text = root?.displayText ?? String(describing: element)
    }
    row.detailText = read(detailKeyPath) ?? row.detailText
    row.imageName = read(imageKeyPath) ?? row.imageName
    if let valueKeyPath, let object = element as? KeyValueCoding {
      row.binding = RowBinding(object, keyPath: valueKeyPath)
    }
  }

  static func rootValue(of element: Any) -> Value? {
    if let object = element as? KeyValueCoding { return .object(ObjectReference(object)) }
    if let convertible = element as? ValueConvertible { return convertible.bindingValue }
    return nil
  }
}
