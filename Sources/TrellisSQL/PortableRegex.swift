/// The regular expressions that Swift `Regex` (MATCHES in memory) and PostgreSQL's `~` read
/// alike, so that MATCHES can run in PostgreSQL with the same answers.
///
/// The two engines differ in many places: Swift matches characters (grapheme clusters) where
/// PostgreSQL matches code points, `.` and the shorthand classes (`\d`, `\w`, `\s`) cover
/// different characters, and the syntax of options and escapes is not the same. A pattern is
/// portable when it is made only of printable ASCII literals, escaped ASCII punctuation,
/// bracket classes of those (ranges between letters or digits, not negated), groups,
/// alternatives, and the greedy quantifiers `*`, `+`, `?` and `{m,n}`. Every atom then matches
/// exactly one ASCII character, which is a single code point in both engines.
package enum PortableRegex {
  /// `pattern` anchored for a whole match in PostgreSQL (`^(?:pattern)$`), or `nil` when it is
  /// not portable.
  package static func anchored(_ pattern: String) -> String? {
    var parser = Parser(scalars: Array(pattern.unicodeScalars))
    guard parser.alternatives(), parser.index == parser.scalars.count else { return nil }
    return "^(?:" + pattern + ")$"
  }

  /// A recursive-descent check of the portable grammar.
  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value >= 0x20 && scalar.value < 0x7F
    }
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
    }
    static let special: Set<Unicode.Scalar> = [
      "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}",
    ]

    /// One or more non-empty sequences separated by `|`.
    mutating func alternatives() -> Bool {
      repeat {
        guard sequence() else { return false }
        guard current == "|" else { return true }
        index += 1
      } while true
    }

    /// One or more quantified atoms.
    mutating func sequence() -> Bool {
      var count = 0
      while let scalar = current, scalar != "|", scalar != ")" {
        guard atom(), quantifier() else { return false }
        count += 1
      }
      return count > 0
    }

    mutating func atom() -> Bool {
      guard let scalar = current else { return false }
      index += 1
      switch scalar {
      case "(":
        if current == "?" {
          guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return false }
          index += 2
        }
        guard alternatives(), current == ")" else { return false }
        index += 1
        return true
      case "[":
        return bracket()
      case "\\":
        guard let escaped = current, Self.isPrintable(escaped), !Self.isAlphanumeric(escaped),
          escaped != " "
        else { return false }
        index += 1
        return true
      default:
        return Self.isPrintable(scalar) && !Self.special.contains(scalar)
      }
    }

    /// A bracket class after its `[`: literals and ranges, then `]`.
    mutating func bracket() -> Bool {
      var count = 0
      while let scalar = current, scalar != "]" {
        guard Self.isAlphanumeric(scalar) || scalar == " " || scalar == "_" else { return false }
        index += 1
        if current == "-" {
          guard index + 1 < scalars.count, Self.isAlphanumeric(scalars[index + 1]),
            Self.isAlphanumeric(scalar), scalar.value <= scalars[index + 1].value
          else { return false }
          index += 2
        }
        count += 1
      }
      guard current == "]", count > 0 else { return false }
      index += 1
      return true
    }

    /// An optional greedy quantifier.
    mutating func quantifier() -> Bool {
      switch current {
      case "*", "+", "?":
        index += 1
      case "{":
        index += 1
        guard digits() else { return false }
        if current == "," {
          index += 1
          _ = digits()
        }
        guard current == "}" else { return false }
        index += 1
      default:
        return true
      }
      // No lazy or possessive forms, no quantifier of a quantifier.
      if let next = current, ["*", "+", "?", "{"].contains(next) { return false }
      return true
    }

    /// A repetition count, at most 255 (PostgreSQL's limit).
    mutating func digits() -> Bool {
      var value = 0
      var count = 0
      while let scalar = current, ("0"..."9").contains(scalar) {
        value = value * 10 + Int(scalar.value - 48)
        index += 1
        count += 1
        if value > 255 { return false }
      }
      return count > 0
    }
  }
}
