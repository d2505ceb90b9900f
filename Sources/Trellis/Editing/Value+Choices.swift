extension Value {
  /// Whether the value is an object, or a list holding one: chosen items, shown by title.
  var holdsObjects: Bool {
    switch self {
    case .object: true
    case .array(let items): items.contains { $0.holdsObjects }
    default: false
    }
  }
}
