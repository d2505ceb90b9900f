/// The editing control a row shows in edit mode.
public enum EditingStyle: String, Hashable, Sendable, CaseIterable, Codable {
  case none
  case delete
  case insert
}
