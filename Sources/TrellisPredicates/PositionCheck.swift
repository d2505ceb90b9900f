/// An anchor of a pattern (`^`, `$`, `\A`, `\z`, `\Z`, `\b`, `\B`): a check of the position
/// between two characters, which Swift `Regex` decides by finding every position in the text
/// where it holds.
final class PositionCheck {
  /// The anchor as written.
  let source: String
  /// Its place among the pattern's checks.
  let index: Int
  private let regex: Regex<Substring>

  /// The check `source` describes, the `index`th of its pattern; `nil` when it does not compile.
  init?(source: String, index: Int) {
    guard let regex = try? Regex<Substring>(source) else { return nil }
    self.source = source
    self.index = index
    self.regex = regex
  }

  /// For each of `checks`, the positions of `text` (counted in characters, `count` at the end)
  /// where it holds. Each is one pass over the text.
  static func positions(of checks: [PositionCheck], in text: String, count: Int) -> [Set<Int>] {
    checks.map { check in
      switch check.source {
      // Without the multi-line option, these hold only at the text's ends.
      case "^", #"\A"#: return [0]
      case "$", #"\z"#: return [count]
      default:
        var found = Set<Int>()
        var offset = 0
        var last = text.startIndex
        for match in text.matches(of: check.regex) {
          offset += text.distance(from: last, to: match.range.lowerBound)
          last = match.range.lowerBound
          found.insert(offset)
        }
        return found
      }
    }
  }
}
