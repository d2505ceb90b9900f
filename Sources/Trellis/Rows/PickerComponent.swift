/// One wheel of a picker that chooses a number in parts, as feet and inches choose a height.
///
/// The row's value is the sum, over its wheels, of each wheel's chosen value times the
/// wheel's ``unit``: a feet wheel (4 to 7, unit 12) and an inches wheel (0 to 11, unit 1) make
/// 72 for 6 feet 0 inches. Wheels are listed from the largest unit to the smallest.
///
/// ```swift
/// row.attributes.pickerComponents = [
///   PickerComponent(values: [4, 5, 6, 7], titles: ["4 ft", "5 ft", "6 ft", "7 ft"], unit: 12),
///   PickerComponent(values: (0...11).map(Double.init), unit: 1),
/// ]
/// ```
public struct PickerComponent: Hashable, Sendable {
  /// The values the wheel offers, in order.
  public var values: [Double]
  /// What the wheel shows for each value; the values' text where a title is missing.
  public var titles: [String]
  /// What one step of this wheel is worth in the row's value.
  public var unit: Double

  /// A wheel offering `values`, each worth `unit`.
  public init(values: [Double], titles: [String] = [], unit: Double = 1) {
    self.values = values
    self.titles = titles
    self.unit = unit
  }

  /// What the wheel shows for the value at `index`.
  public func title(at index: Int) -> String {
    if titles.indices.contains(index) { return titles[index] }
    guard values.indices.contains(index) else { return "" }
    return RowSnapshot.numberText(values[index])
  }
}
