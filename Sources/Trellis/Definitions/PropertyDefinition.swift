/// How one property of a data definition becomes a row: its type, title, attributes,
/// validation, conditions and actions.
public struct PropertyDefinition: Sendable {
  /// The property's name (for custom properties, the name after `~`).
  public let name: String
  /// The title the row shows; humanised from the name by default (`dueDate` → "Due Date").
  public var title: String
  /// The kind of row the property becomes; `nil` picks one from ``valueKind`` (STV's
  /// auto-detect).
  public var type: RowKind?
  /// Whether the property gets no row at all (STV's `none` type).
  public var isHidden = false
  /// The declared kind of the property's value, where known.
  public var valueKind: ValueKind?
  /// Whether a value is required before Done commits.
  public var isRequired = false
  /// Whether the property does not exist in the data (`~name`): a button or custom row.
  public let isCustom: Bool
  /// The settings of the generated row.
  public var attributes = PropertyAttributes()
  /// For custom rows: which control tag binds to which key (`"1:firstName;2:lastName"`).
  public var objectBindings: [CustomBinding] = []
  /// When the row is shown; always when `nil`.
  public var visibleWhen: Condition?
  /// When the row is enabled; always when `nil`.
  public var enabledWhen: Condition?
  /// Actions for the generated row; they override the definition's actions.
  public var actions = RowActions()

  /// Creates a property definition.
  public init(
    name: String, title: String? = nil, type: RowKind? = nil,
    valueKind: ValueKind? = nil, isCustom: Bool = false
  ) {
    self.name = name
    self.title = title ?? Humanizer.title(for: name)
    self.type = type
    self.valueKind = valueKind
    self.isCustom = isCustom
  }

  /// The kind of row after auto-detection.
  public var resolvedType: RowKind {
    if let type { return type }
    if isCustom { return .custom }
    if !attributes.items.isEmpty { return .selection }
    guard let valueKind else { return .textField }
    return RowKind.detect(for: valueKind)
  }

  /// Parses an object bindings string such as `"1:firstName;2:lastName"`.
  public static func parseBindings(_ text: String) throws(Diagnostic) -> [CustomBinding] {
    var result: [CustomBinding] = []
    var offset = 0
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      defer { offset += part.count + 1 }
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      let pieces = trimmed.split(separator: ":", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard pieces.count == 2, let tag = Int(pieces[0]), tag > 0, !pieces[1].isEmpty else {
        throw Diagnostic(
          "expected 'TAG:keyPath' with a tag greater than zero, found '\(trimmed)'",
          at: SourceLocation(offset: offset, in: text))
      }
      result.append(CustomBinding(tag: tag, keyPath: pieces[1]))
    }
    return result
  }
}

/// One control of a custom row bound to a key: STV's tag-based object bindings.
public struct CustomBinding: Hashable, Sendable {
  /// The control's tag, greater than zero.
  public var tag: Int
  /// The key path the control shows and edits.
  public var keyPath: String

  /// Creates a binding.
  public init(tag: Int, keyPath: String) {
    self.tag = tag
    self.keyPath = keyPath
  }
}
