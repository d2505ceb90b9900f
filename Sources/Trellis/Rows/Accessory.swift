/// The accessory at the trailing edge of a row.
public enum Accessory: String, Hashable, Sendable, CaseIterable, Codable {
  case none
  case disclosureIndicator
  case detailDisclosureButton
  case checkmark
  case detailButton
}
