extension Int {
  /// The number with its thousands separated by commas, as a count is shown: `1,048,576`.
  package var groupedDigits: String {
    var digits = String(magnitude)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return self < 0 ? "-" + digits : digits
  }
}
