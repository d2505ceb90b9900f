/// How a table groups its sections visually.
public enum TableStyle: String, Hashable, Sendable, CaseIterable, Codable {
  /// Sections as rounded groups (iOS grouped style).
  case grouped
  /// Edge-to-edge rows with sticky headers (iOS plain style).
  case plain
}
