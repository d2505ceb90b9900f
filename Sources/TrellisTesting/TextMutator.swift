import Foundation
import Trellis

/// Hostile variants of a well-formed input, for fuzzing a parser: bytes changed, lines dropped
/// or repeated, the text cut short, words of the format put where they do not belong, and
/// names swapped. The same seed gives the same variants everywhere, so a failure repeats.
///
/// ```swift
/// var mutator = TextMutator(seed: 7, words: ["{", "}", "\"", ":"])
/// for _ in 0..<1_000 {
///   let text = mutator.mutate(fixture)
///   _ = try? LocatedDocument(text: text, format: .json)  // must not crash
/// }
/// ```
package struct TextMutator {
  /// Words of the parsed format, inserted at random places.
  package var words: [String]
  /// Pairs whose first is replaced by the second, all through the text.
  package var swaps: [(String, String)]
  private var random: SeededRandom

  /// A mutator whose variants `seed` fixes.
  package init(seed: UInt64, words: [String] = [], swaps: [(String, String)] = []) {
    random = SeededRandom(seed: seed)
    self.words = words + Self.anyFormat
    self.swaps = swaps
  }

  /// What goes wrong in any format: quotes, brackets and separators, empty and control
  /// characters, huge and odd numbers, non-ASCII text.
  static let anyFormat = [
    "\"", "'", "{", "}", "[", "]", "(", ")", "<", ">", ",", ";", ":", "=", "\\", "\n", "  ", "\t",
    "\u{0}", "\u{7F}", "é", "日本", "🎉", "-1", "1e309", "99999999999999999999", "0x", "nan",
    "null", "true", "</", "<!--", "&amp;", "&#0;", "/*", "*/", "//", "#",
  ]

  /// One variant of `text`: one mutation, or a few in a row.
  package mutating func mutate(_ text: String) -> String {
    var result = text
    for _ in 0..<Int.random(in: 1...3, using: &random) { result = mutateOnce(result) }
    return result
  }

  /// One variant of `bytes`, for binary formats: bytes changed, cut short, repeated or dropped.
  package mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    guard !bytes.isEmpty else { return [UInt8.random(in: 0...255, using: &random)] }
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(
          in: 0...255, using: &random)
      }
    case 1:
      bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
    case 2:
      let start = Int.random(in: 0..<bytes.count, using: &random)
      let end = Swift.min(start + Int.random(in: 1...16, using: &random), bytes.count)
      bytes.insert(
        contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &random))
    default:
      let start = Int.random(in: 0..<bytes.count, using: &random)
      bytes.removeSubrange(
        start..<Swift.min(start + Int.random(in: 1...8, using: &random), bytes.count))
    }
    return bytes
  }

  private mutating func mutateOnce(_ text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    switch Int.random(in: 0..<7, using: &random) {
    case 0 where !lines.isEmpty:
      lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
    case 1 where !lines.isEmpty:
      let index = Int.random(in: 0..<lines.count, using: &random)
      lines.insert(lines[index], at: index)
    case 2:
      let cut = Int.random(in: 0...text.utf8.count, using: &random)
      return String(decoding: Array(text.utf8.prefix(cut)), as: UTF8.self)
    case 3, 4:
      var characters = Array(text)
      let word = words.randomElement(using: &random) ?? ""
      characters.insert(
        contentsOf: word, at: Int.random(in: 0...characters.count, using: &random))
      return String(characters)
    case 5:
      var bytes = Array(text.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(
          in: 0...255, using: &random)
      }
      return String(decoding: bytes, as: UTF8.self)
    default:
      guard let (from, to) = swaps.randomElement(using: &random) else {
        var characters = Array(text)
        if !characters.isEmpty {
          characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
        }
        return String(characters)
      }
      return text.replacingOccurrences(of: from, with: to)
    }
    return lines.joined(separator: "\n")
  }
}
