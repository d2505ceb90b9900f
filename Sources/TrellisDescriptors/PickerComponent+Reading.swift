import Trellis

extension PickerComponent {
  /// The wheels at `key` of `node`: a list of `{"values": [...], "titles": [...], "unit": N}`,
  /// where `from` and `to` may stand for `values` counting by one, with located errors.
  ///
  /// ```json
  /// "components": [
  ///   {"from": 4, "to": 7, "unit": 12, "titles": ["4 feet", "5 feet", "6 feet", "7 feet"]},
  ///   {"from": 0, "to": 11, "unit": 1}
  /// ]
  /// ```
  static func read(_ node: DescriptorNode, _ key: String, reading: DescriptorReading)
    -> [PickerComponent]
  {
    guard let wheels = node.list(key) else { return [] }
    if wheels.isEmpty { reading.error("'\(key)' needs at least one wheel", at: node.path(key)) }
    return wheels.compactMap { wheel in
      guard wheel.expectDictionary("a wheel of '\(key)'") else { return nil }
      wheel.checkKeys(["values", "from", "to", "titles", "unit"], in: "a wheel of '\(key)'")
      var values: [Double] = []
      if let list = wheel.list("values") {
        for element in list {
          guard let number = element.value.doubleValue else {
            reading.error(
              "a wheel's values are numbers, not \(DescriptorNode.describe(element.value))",
              at: element.path)
            return nil
          }
          values.append(number)
        }
      } else if let from = wheel.integer("from"), let to = wheel.integer("to") {
        guard from <= to, to - from < 10_000 else {
          reading.error("'from' \(from) to 'to' \(to) is not a range of a wheel", at: wheel.path)
          return nil
        }
        values = (from...to).map(Double.init)
      } else {
        reading.error("a wheel needs 'values', or 'from' and 'to'", at: wheel.path)
        return nil
      }
      guard !values.isEmpty else {
        reading.error("a wheel needs at least one value", at: wheel.path("values"))
        return nil
      }
      let titles = wheel.stringList("titles")?.map(\.0) ?? []
      if !titles.isEmpty, titles.count != values.count {
        reading.error(
          "a wheel has \(values.count) values but \(titles.count) titles", at: wheel.path("titles"))
      }
      let unit = wheel.number("unit") ?? 1
      if unit == 0 { reading.error("a wheel's unit is not 0", at: wheel.path("unit")) }
      return PickerComponent(values: values, titles: titles, unit: unit)
    }
  }
}
