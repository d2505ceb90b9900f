import TrellisValues

extension SQLColumn.Kind {
  /// The kind of column a property of `kind` is stored in, and whether it may hold NULL;
  /// `nil` when it has none (objects, arrays, dictionaries, untyped values).
  package static func stored(_ kind: ValueKind) -> (kind: Self, nullable: Bool)? {
    switch kind {
    case .string: (.text, false)
    case .int: (.integer, false)
    case .double: (.real, false)
    case .bool: (.bool, false)
    case .date: (.date, false)
    case .data: (.bytes, false)
    case .choice(let base, _): stored(base)
    case .optional(let wrapped): stored(wrapped).map { ($0.kind, true) }
    case .any, .object, .array, .dictionary, .unsupported: nil
    }
  }
}
