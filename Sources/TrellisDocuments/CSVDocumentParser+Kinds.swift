import TrellisValues

/// The kinds of values a column holds: text unless every filled cell reads back as written.
extension CSVDocumentParser {
  /// What one column holds.
  enum ColumnKind {
    case text, integer, decimal, boolean
  }

  /// The kind of the column whose cells are `texts`: a number or Boolean kind only when every
  /// filled cell is written exactly as ``CSVDocumentWriter`` writes it, so that a save changes
  /// no cell that was not edited.
  static func kind(of texts: some Sequence<String>) -> ColumnKind {
    var kind: ColumnKind?
    for text in texts where !text.isEmpty {
      let this: ColumnKind =
        if let integer = Int(text), String(integer) == text {
          .integer
        } else if text == "true" || text == "false" {
          .boolean
        } else if let decimal = Double(text), decimal.isFinite, "\(decimal)" == text {
          .decimal
        } else {
          .text
        }
      guard kind == nil || kind == this else { return .text }
      if this == .text { return .text }
      kind = this
    }
    return kind ?? .text
  }

  /// The value of a cell of a column of `kind`: empty cells of typed columns are null.
  static func value(_ text: String, kind: ColumnKind) -> Value {
    if text.isEmpty, kind != .text { return .null }
    switch kind {
    case .text: return .string(text)
    case .integer: return Int(text).map(Value.int) ?? .string(text)
    case .decimal: return Double(text).map(Value.double) ?? .string(text)
    case .boolean: return .bool(text == "true")
    }
  }
}
