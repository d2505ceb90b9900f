import Trellis

/// How a section's source shows one key of its items on their detail screens (the canonical
/// section key `fields`): the row's kind, title, whether a value is required, the choices, the
/// range of a number, the placeholder of empty text. What it leaves out is inferred from the
/// source, as without it.
public struct SourceField: Hashable, Sendable {
  /// The kind of row; inferred from the key's values when `nil`.
  public var kind: RowKind?
  /// The row's title; the key humanised when `nil`.
  public var title: String?
  /// Whether Done needs a value; the source's own rule when `nil`.
  public var isRequired: Bool?
  /// The items a selection chooses among.
  public var choices: [Value]?
  /// The smallest number a field or slider takes.
  public var minimum: Double?
  /// The largest number a field or slider takes.
  public var maximum: Double?
  /// Grey text in an empty text field.
  public var placeholder: String?
  /// Where the key's settings are written.
  public var location: SourceLocation?

  /// A field that changes nothing.
  public init(location: SourceLocation? = nil) {
    self.location = location
  }

  /// `property` as this field shows it.
  func applied(to property: PropertyDefinition) -> PropertyDefinition {
    var property = property
    if let kind {
      property.type = kind
      // A key the source knows no values of is taken for text: the kind says what it holds.
      if property.valueKind == nil || property.valueKind?.unwrapped == .string,
        let held = Self.valueKind(of: kind)
      {
        property.valueKind = .optional(held)
      }
    }
    if let title { property.title = title }
    if let isRequired { property.isRequired = isRequired }
    if let choices { property.attributes.items = choices }
    if let minimum { property.attributes.minimum = minimum }
    if let maximum { property.attributes.maximum = maximum }
    if let placeholder { property.attributes.placeholder = placeholder }
    return property
  }

  /// What a row of `kind` holds, where that is not text.
  private static func valueKind(of kind: RowKind) -> ValueKind? {
    switch kind {
    case .numericTextField, .slider: .double
    case .segmented: .int
    case .switch: .bool
    case .date: .date
    default: nil
    }
  }
}
