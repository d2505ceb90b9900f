import Foundation

extension ScreenSnapshot {
  /// The screen as the public JSON snapshot format (see the DocC article "Screen snapshots").
  ///
  /// `{"title", "sections": [{"header", "footer", "rows": [{"kind", "text", "detail", "value",
  /// "accessory", "enabled"}]}]}`. Every key is always present (`null` when empty), keys are
  /// sorted, values are JSON scalars, dates are ISO-8601, and a selection is its selected item
  /// or an array of items.
  public func jsonData(prettyPrinted: Bool = true) -> Data {
    var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    if prettyPrinted { options.insert(.prettyPrinted) }
    // The tree holds only JSON-compatible values, so serialization cannot fail.
    return (try? JSONSerialization.data(withJSONObject: jsonObject, options: options)) ?? Data()
  }

  /// The JSON text of ``jsonData(prettyPrinted:)``.
  public func jsonString(prettyPrinted: Bool = true) -> String {
    String(decoding: jsonData(prettyPrinted: prettyPrinted), as: UTF8.self)
  }

  /// The snapshot as Foundation JSON objects.
  public var jsonObject: [String: Any] {
    var object: [String: Any] = [
      "title": title.map { $0 as Any } ?? NSNull(),
      "sections": table.sections.map { section -> [String: Any] in
        [
          "header": section.model.header.map { $0 as Any } ?? NSNull(),
          "footer": section.model.footer.map { $0 as Any } ?? NSNull(),
          "rows": section.items.map(\.jsonObject),
        ]
      },
    ]
    if let tableStyle { object["tableStyle"] = tableStyle.jsonObject }
    if let navigationBarStyle { object["navigationBarStyle"] = navigationBarStyle.jsonObject }
    return object
  }
}

extension RowSnapshot {
  /// The row in the public JSON snapshot format.
  public var jsonObject: [String: Any] {
    var object: [String: Any] = [
      "kind": kind.rawValue,
      "text": text.map { $0 as Any } ?? NSNull(),
      "detail": detail.map { $0 as Any } ?? NSNull(),
      "value": value.map(\.jsonScalar) ?? NSNull(),
      "accessory": accessory.rawValue,
      "enabled": isEnabled,
    ]
    if let style { object["style"] = style.jsonObject }
    return object
  }
}

extension ResolvedStyle {
  /// The style in the public JSON snapshot format: `{"styles": [...], "attributes": {...}}`,
  /// the names of the styles that contributed (weakest first) and each attribute's value as
  /// written in a theme file (`"cyanColor"`, `"Chalkduster 14"`).
  public var jsonObject: [String: Any] {
    [
      "styles": appliedStyles,
      "attributes": Dictionary(
        uniqueKeysWithValues: attributes.map { ($0.key, $0.value.description as Any) }),
    ]
  }
}

extension Value {
  /// The value as a JSON-compatible Foundation object: scalars as themselves, dates as
  /// ISO-8601 strings, data as base64, arrays and dictionaries recursively.
  public var jsonScalar: Any {
    switch self {
    case .null: NSNull()
    case .bool(let b): b
    case .int(let i): i
    case .double(let d): d.isFinite ? d : NSNull()
    case .string(let s): s
    case .date(let d): Value.isoText(d)
    case .data(let d): d.base64EncodedString()
    case .array(let values): values.map(\.jsonScalar)
    case .dictionary(let dictionary):
      Dictionary(uniqueKeysWithValues: dictionary.map { ($0.key, $0.value.jsonScalar) })
    case .object(let ref): ObjectTitle.text(for: ref.object)
    }
  }
}
