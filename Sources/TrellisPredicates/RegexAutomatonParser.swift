/// Reads a pattern in Swift `Regex` syntax into the tree a ``RegexAutomaton`` is built from,
/// refusing, with the reason, whatever needs backtracking to mean what it says.
///
/// It runs on patterns `Regex` has compiled already, so it reads only the forms `Regex` accepts
/// and leaves checking the rest to it.
struct RegexAutomatonParser {
  /// A part of a pattern.
  indirect enum Node {
    case character(CharacterTest)
    case check(PositionCheck)
    case sequence([Node])
    case alternatives([Node])
    case repetition(Node, min: Int, max: Int?)
  }

  let characters: [Character]
  var index = 0
  /// Whether the pattern starts with `(?i)`: every character test then ignores case.
  var caseInsensitive = false
  /// The position checks read, each once.
  var checks: [PositionCheck] = []

  init(_ pattern: String) { characters = Array(pattern) }

  var current: Character? { index < characters.count ? characters[index] : nil }

  /// The whole pattern.
  mutating func parse() throws(PredicateRegex.CompileError) -> Node {
    if characters.starts(with: Array("(?i)")) {
      caseInsensitive = true
      index = 4
    }
    let node = try alternatives()
    guard index == characters.count else { throw Self.refusal("an unmatched “)”") }
    return node
  }

  static func refusal(_ what: String) -> PredicateRegex.CompileError {
    PredicateRegex.CompileError(
      reason: "it uses \(what), which Trellis does not match: matching it could take time "
        + "exponential in the text's length")
  }

  /// Sequences separated by `|`.
  mutating func alternatives() throws(PredicateRegex.CompileError) -> Node {
    var options = [try sequence()]
    while current == "|" {
      index += 1
      options.append(try sequence())
    }
    return options.count == 1 ? options[0] : .alternatives(options)
  }

  /// Quantified parts up to a `|`, a `)` or the end.
  mutating func sequence() throws(PredicateRegex.CompileError) -> Node {
    var parts: [Node] = []
    while let character = current, character != "|", character != ")" {
      parts.append(try quantified())
    }
    return parts.count == 1 ? parts[0] : .sequence(parts)
  }

  /// A part and the quantifier after it, if any.
  mutating func quantified() throws(PredicateRegex.CompileError) -> Node {
    let part = try primary()
    guard let (min, max) = quantifier() else { return part }
    // A lazy quantifier matches the same texts as a greedy one; a possessive one does not.
    if current == "?" {
      index += 1
    } else if current == "+" {
      throw Self.refusal("a possessive quantifier")
    }
    return .repetition(part, min: min, max: max)
  }

  /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` or `{,m}`, read; `nil`, reading nothing, when
  /// none is next (a `{` that is no count is a literal, as in `Regex`).
  mutating func quantifier() -> (Int, Int?)? {
    switch current {
    case "*":
      index += 1
      return (0, nil)
    case "+":
      index += 1
      return (1, nil)
    case "?":
      index += 1
      return (0, 1)
    case "{":
      var end = index + 1
      func number() -> Int? {
        let start = end
        while end < characters.count, characters[end].isASCII, characters[end].isWholeNumber,
          end - start < 6
        {
          end += 1
        }
        return end > start ? Int(String(characters[start..<end])) : nil
      }
      let low = number()
      var high = low
      if end < characters.count, characters[end] == "," {
        end += 1
        high = number()
      }
      guard end < characters.count, characters[end] == "}", low != nil || high != nil,
        high.map({ $0 >= (low ?? 0) }) ?? true
      else { return nil }
      index = end + 1
      return (low ?? 0, high)
    default:
      return nil
    }
  }

  /// A group, a class, an escape, `.`, an anchor or a literal character.
  mutating func primary() throws(PredicateRegex.CompileError) -> Node {
    let character = characters[index]
    index += 1
    switch character {
    case "(":
      try groupOpening()
      let inside = try alternatives()
      guard current == ")" else { throw Self.refusal("an unclosed group") }
      index += 1
      return inside
    case "[":
      return .character(try test(source: "[" + classBody()))
    case "\\":
      return try escape()
    case ".":
      return .character(try test(source: "."))
    case "^", "$":
      return try check(String(character))
    default:
      guard caseInsensitive else { return .character(CharacterTest(literal: character)) }
      return .character(try test(source: String(character)))
    }
  }

  /// Reads what follows a group's `(`: nothing, `?:`, or a name; refuses lookaround, atomic
  /// groups and inline options.
  mutating func groupOpening() throws(PredicateRegex.CompileError) {
    guard current == "?" else { return }
    let rest = characters[(index + 1)...]
    if rest.starts(with: [":"]) {
      index += 2
    } else if rest.starts(with: ["<", "="]) || rest.starts(with: ["<", "!"])
      || rest.starts(with: ["="]) || rest.starts(with: ["!"])
    {
      throw Self.refusal("a lookaround")
    } else if rest.starts(with: [">"]) {
      throw Self.refusal("an atomic group")
    } else if let close = rest.first.flatMap({ ["<": ">", "'": "'"][$0] as Character? })
      ?? (rest.starts(with: ["P", "<"]) ? ">" : nil)
    {
      // A named group: `(?<name>`, `(?'name'` or `(?P<name>`.
      guard let end = rest.dropFirst(2).firstIndex(of: close) else {
        throw Self.refusal("a group name that does not end")
      }
      index = end + 1
    } else {
      throw Self.refusal("inline options other than a leading (?i)")
    }
  }

  /// A bracketed class's body after its `[`, with its closing `]`, nested classes included.
  mutating func classBody() -> String {
    let start = index
    var depth = 1
    if current == "^" { index += 1 }
    while let character = current, depth > 0 {
      index += 1
      switch character {
      case "\\": index += 1
      case "[": depth += 1
      case "]": depth -= 1
      default: break
      }
    }
    return String(characters[start..<Swift.min(index, characters.count)])
  }

  /// What follows a `\`.
  mutating func escape() throws(PredicateRegex.CompileError) -> Node {
    guard let letter = current else { throw Self.refusal("a “\\” at the end") }
    index += 1
    switch letter {
    case "b", "B", "A", "z", "Z":
      return try check("\\" + String(letter))
    case "1"..."9", "k", "g":
      throw Self.refusal("a back-reference")
    case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "R", "X", "n", "t", "r", "f", "e", "a":
      return .character(try test(source: "\\" + String(letter)))
    case "p", "P", "N", "x", "u", "o":
      var source = "\\" + String(letter)
      if current == "{" {
        guard let end = characters[index...].firstIndex(of: "}") else {
          throw Self.refusal("an escape that does not end")
        }
        source += String(characters[index...end])
        index = end + 1
      } else if letter != "N" {
        let length = ["p": 1, "P": 1, "x": 2, "u": 4][letter] ?? 0
        while source.count < 2 + length, let next = current,
          letter == "p" || letter == "P"
            || next.isHexDigit
        {
          source.append(next)
          index += 1
        }
      }
      return .character(try test(source: source))
    case "0":
      var source = "\\0"
      while source.count < 4, let next = current, ("0"..."7").contains(next) {
        source.append(next)
        index += 1
      }
      return .character(try test(source: source))
    default:
      guard !letter.isLetter, !letter.isNumber else {
        throw Self.refusal("the escape \\\(letter)")
      }
      return .character(try test(source: "\\" + String(letter)))
    }
  }

  /// The test of one character that `source` describes, case-insensitive when the pattern is.
  func test(source: String) throws(PredicateRegex.CompileError) -> CharacterTest {
    guard let test = CharacterTest(source: source, caseInsensitive: caseInsensitive) else {
      throw Self.refusal("“\(source)”, which is not one character")
    }
    return test
  }

  /// The position check `source` describes, read once however often the pattern uses it.
  mutating func check(_ source: String) throws(PredicateRegex.CompileError) -> Node {
    if let known = checks.first(where: { $0.source == source }) { return .check(known) }
    guard let check = PositionCheck(source: source, index: checks.count) else {
      throw Self.refusal("the anchor \(source)")
    }
    checks.append(check)
    return .check(check)
  }
}
