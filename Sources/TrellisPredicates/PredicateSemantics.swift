import Foundation
import TrellisValues

/// How predicate operators compare values, in memory. The SQL translation reproduces these
/// rules; see the Predicate Language article for the full table.
package enum PredicateSemantics {
  /// `text` folded for `[c]` (Unicode case folding) and `[d]` (diacritics removed).
  package static func fold(_ text: String, _ options: PredicateOptions) -> String {
    guard !options.isEmpty else { return text }
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      guard options.contains(.caseInsensitive) else { return text }
      return String(
        decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    var foundationOptions: String.CompareOptions = []
    if options.contains(.caseInsensitive) { foundationOptions.insert(.caseInsensitive) }
    if options.contains(.diacriticInsensitive) { foundationOptions.insert(.diacriticInsensitive) }
    let folded = text.folding(options: foundationOptions, locale: nil)
    guard options.contains(.diacriticInsensitive) else { return folded }
    return foldingLettersWithStrokes(folded)
  }

  /// Letters that Unicode gives no decomposition, written as the letters they are read as:
  /// `Ø` as `O`, `Æ` as `AE`, `Þ` as `TH`. Foundation's diacritic folding removes marks only,
  /// so without this "Ørsted" would neither match "orsted" nor be indexed under O.
  static let lettersWithStrokes: [Character: String] = [
    "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Đ": "D", "đ": "d",
    "Ð": "D", "ð": "d", "Ħ": "H", "ħ": "h", "Þ": "TH", "þ": "th", "Ŧ": "T", "ŧ": "t",
    "ı": "i", "Ŀ": "L", "ŀ": "l",
  ]

  /// `text` with ``lettersWithStrokes`` written out; `text` itself when it has none.
  private static func foldingLettersWithStrokes(_ text: String) -> String {
    guard text.contains(where: { lettersWithStrokes[$0] != nil }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if let plain = lettersWithStrokes[character] {
        result += plain
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `value` folded when it is a string.
  package static func folded(_ value: Value, _ options: PredicateOptions) -> Value {
    guard !options.isEmpty, case .string(let text) = value else { return value }
    return .string(fold(text, options))
  }

  // MARK: - Equality and order

  /// `==`: numbers numerically, strings by code point (after folding), nil only to nil,
  /// arrays element by element; values of different types are never equal.
  static func equal(_ a: Value, _ b: Value, _ options: PredicateOptions) -> Bool {
    switch (a, b) {
    case (.string(let x), .string(let y)):
      return fold(x, options).utf8.elementsEqual(fold(y, options).utf8)
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1, options) }
    case (.int, .double), (.double, .int), (.double, .double):
      return order(a, b, options) == 0
    default:
      return a == b
    }
  }

  /// The order of `a` and `b` (-1, 0 or 1), or `nil` when they have no order: different
  /// types, nil, NaN, collections, objects.
  static func order(_ a: Value, _ b: Value, _ options: PredicateOptions) -> Int? {
    switch (a, b) {
    case (.int(let x), .int(let y)): return sign(x, y)
    case (.double(let x), .double(let y)): return x.isNaN || y.isNaN ? nil : sign(x, y)
    case (.int(let x), .double(let y)): return compare(x, y)
    case (.double(let x), .int(let y)): return compare(y, x).map { -$0 }
    case (.string(let x), .string(let y)):
      let fx = fold(x, options)
      let fy = fold(y, options)
      if fx.utf8.elementsEqual(fy.utf8) { return 0 }
      return fx.utf8.lexicographicallyPrecedes(fy.utf8) ? -1 : 1
    case (.date(let x), .date(let y)): return sign(x, y)
    case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
    case (.data(let x), .data(let y)):
      if x == y { return 0 }
      return x.lexicographicallyPrecedes(y) ? -1 : 1
    default: return nil
    }
  }

  private static func sign<T: Comparable>(_ x: T, _ y: T) -> Int {
    x < y ? -1 : (x == y ? 0 : 1)
  }

  /// An integer and a double compared exactly, without rounding the integer to a double.
  static func compare(_ integer: Int, _ double: Double) -> Int? {
    if double.isNaN { return nil }
    if double >= 9_223_372_036_854_775_808.0 { return -1 }
    if double < -9_223_372_036_854_775_808.0 { return 1 }
    let whole = double.rounded(.towardZero)
    let wholeInt = Int(whole)
    if integer != wholeInt { return integer < wholeInt ? -1 : 1 }
    let fraction = double - whole
    return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
  }

  // MARK: - Strings

  /// BEGINSWITH, by code point. Every string begins with the empty string.
  static func beginsWith(_ text: String, _ prefix: String) -> Bool {
    text.utf8.starts(with: prefix.utf8)
  }

  /// ENDSWITH, by code point. Every string ends with the empty string.
  static func endsWith(_ text: String, _ suffix: String) -> Bool {
    text.utf8.reversed().starts(with: suffix.utf8.reversed())
  }

  /// CONTAINS on strings, by code point. Every string contains the empty string.
  static func contains(_ text: String, _ part: String) -> Bool {
    if part.isEmpty { return true }
    return Array(text.utf8).firstRange(of: Array(part.utf8)) != nil
  }

  /// One piece of a LIKE pattern.
  package enum Wildcard: Hashable {
    case scalar(Unicode.Scalar)
    /// `?`: exactly one code point.
    case one
    /// `*`: any run of code points, including none.
    case any
  }

  /// A LIKE pattern's pieces: `?` and `*` are wildcards, a backslash makes the next code point
  /// literal, and a backslash at the very end stands for itself.
  package static func wildcards(_ pattern: String) -> [Wildcard] {
    var result: [Wildcard] = []
    var escaping = false
    for scalar in pattern.unicodeScalars {
      if escaping {
        result.append(.scalar(scalar))
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "?" {
        result.append(.one)
      } else if scalar == "*" {
        result.append(.any)
      } else {
        result.append(.scalar(scalar))
      }
    }
    if escaping { result.append(.scalar("\\")) }
    return result
  }

  /// LIKE: whether the whole of `text` matches `pattern`.
  package static func like(_ text: String, _ pattern: String) -> Bool {
    let value = Array(text.unicodeScalars)
    let pattern = wildcards(pattern)
    var v = 0
    var p = 0
    var star = -1
    var starValue = 0
    while v < value.count {
      if p < pattern.count, pattern[p] == .any {
        star = p
        starValue = v
        p += 1
      } else if p < pattern.count, pattern[p] == .one || pattern[p] == .scalar(value[v]) {
        v += 1
        p += 1
      } else if star >= 0 {
        starValue += 1
        v = starValue
        p = star + 1
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == .any { p += 1 }
    return p == pattern.count
  }
}
