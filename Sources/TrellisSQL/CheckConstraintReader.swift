import TrellisValues

/// Reads the `CHECK` constraints of a `CREATE TABLE` statement into rules on columns.
///
/// Trellis reads conjunctions (`AND`) of simple comparisons of a column with constants:
/// `x BETWEEN a AND b`, `x >= a` (and `>`, `<`, `<=`, the constant on either side),
/// `x IN (a, b, ...)`, `length(x) <= n` (or `>=`, `BETWEEN`) and `x LIKE 'pattern'`; and
/// `x IS NULL OR` any of those on `x`, which asks nothing more, since an empty value keeps
/// every rule. Anything else — another `OR`, a function, two columns compared — is left to the
/// database, whose refusal a person then reads on the screen.
package enum CheckConstraintReader {
  /// The rules of every `CHECK` in `sql`, by column, in the order written.
  package static func checks(in sql: String, columns: [String]) -> [(
    column: String, check: ColumnCheck
  )] {
    let tokens = tokenize(sql)
    var result: [(String, ColumnCheck)] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      guard tokens[index] == .word("CHECK"), index + 1 < tokens.count, tokens[index + 1] == .open
      else { continue }
      // The expression between the parentheses.
      var depth = 0
      var end = index + 1
      repeat {
        if tokens[end] == .open { depth += 1 }
        if tokens[end] == .close { depth -= 1 }
        end += 1
      } while depth > 0 && end < tokens.count
      let expression = Array(tokens[(index + 2)..<max(index + 2, end - 1)])
      result += conjunction(
        expression, columns: Set(columns.map { $0.lowercased() }), names: columns)
      index = end - 1
    }
    return result
  }

  /// A token of SQL text: a word (upper-cased keyword or identifier), an identifier quoted,
  /// a number, a string, an operator or punctuation.
  enum Token: Hashable {
    case word(String)
    case identifier(String)
    case number(Double)
    case string(String)
    case symbol(String)
    case open, close, comma
  }

  static func tokenize(_ sql: String) -> [Token] {
    var tokens: [Token] = []
    let characters = Array(sql)
    var index = 0
    func take(until end: Character) -> String {
      var text = ""
      index += 1
      while index < characters.count {
        if characters[index] == end {
          // A doubled quote is the quote itself.
          if index + 1 < characters.count && characters[index + 1] == end && end != "]" {
            text.append(end)
            index += 2
            continue
          }
          break
        }
        text.append(characters[index])
        index += 1
      }
      index += 1
      return text
    }
    while index < characters.count {
      let character = characters[index]
      switch character {
      case " ", "\n", "\t", "\r":
        index += 1
      case "-" where index + 1 < characters.count && characters[index + 1] == "-":
        while index < characters.count && characters[index] != "\n" { index += 1 }
      case "(":
        tokens.append(.open)
        index += 1
      case ")":
        tokens.append(.close)
        index += 1
      case ",":
        tokens.append(.comma)
        index += 1
      case "'": tokens.append(.string(take(until: "'")))
      case "\"": tokens.append(.identifier(take(until: "\"")))
      case "`": tokens.append(.identifier(take(until: "`")))
      case "[": tokens.append(.identifier(take(until: "]")))
      case "<", ">", "=", "!":
        var symbol = String(character)
        index += 1
        if index < characters.count, "=<>".contains(characters[index]) {
          symbol.append(characters[index])
          index += 1
        }
        tokens.append(.symbol(symbol))
      case "-"
      where index + 1 < characters.count && characters[index + 1].isNumber
        && Self.startsOperand(after: tokens.last):
        // A negative constant: `x >= -5`.
        index += 1
        var text = "-"
        while index < characters.count, characters[index].isNumber || characters[index] == "." {
          text.append(characters[index])
          index += 1
        }
        tokens.append(Double(text).map(Token.number) ?? .symbol("-"))
      default:
        if character.isNumber
          || (character == "." && index + 1 < characters.count
            && characters[index + 1].isNumber)
        {
          var text = ""
          while index < characters.count,
            characters[index].isNumber || characters[index] == "."
              || characters[index] == "e" || characters[index] == "E"
          {
            text.append(characters[index])
            index += 1
          }
          tokens.append(Double(text).map(Token.number) ?? .word(text))
        } else if character.isLetter || character == "_" {
          var text = ""
          while index < characters.count,
            characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
              || characters[index] == "$"
          {
            text.append(characters[index])
            index += 1
          }
          // Keywords upper-cased; names as written.
          let keyword = text.uppercased()
          tokens.append(Self.keywords.contains(keyword) ? .word(keyword) : .identifier(text))
        } else {
          tokens.append(.symbol(String(character)))
          index += 1
        }
      }
    }
    return tokens
  }

  /// Whether a constant may start after `token` (an operator, a keyword, `(` or `,`), so
  /// that a `-` there is a sign, not a subtraction.
  static func startsOperand(after token: Token?) -> Bool {
    switch token {
    case .symbol?, .word?, .open?, .comma?, nil: true
    default: false
    }
  }

  static let keywords: Set<String> = [
    "CHECK", "AND", "OR", "NOT", "BETWEEN", "IN", "IS", "NULL", "LENGTH", "CONSTRAINT",
    "COLLATE", "LIKE", "GLOB",
  ]

  /// The rules of an expression: each conjunct that is a readable comparison.
  static func conjunction(_ tokens: [Token], columns: Set<String>, names: [String]) -> [(
    String, ColumnCheck
  )] {
    var tokens = tokens
    while isWrapped(tokens) { tokens = Array(tokens.dropFirst().dropLast()) }
    // An OR at the top makes every conjunct conditional: nothing is read, but for
    // `x IS NULL OR …`.
    let disjuncts = split(tokens, at: .word("OR"))
    if disjuncts.count > 1 {
      return whenNotNull(disjuncts, columns: columns, names: names)
    }
    var parts: [[Token]] = [[]]
    var depth = 0
    var betweenPending = false
    depth = 0
    for token in tokens {
      if token == .open { depth += 1 }
      if token == .close { depth -= 1 }
      if depth == 0 && token == .word("BETWEEN") { betweenPending = true }
      if depth == 0 && token == .word("AND") {
        if betweenPending {
          betweenPending = false
        } else {
          parts.append([])
          continue
        }
      }
      parts[parts.count - 1].append(token)
    }
    var result: [(String, ColumnCheck)] = []
    for part in parts {
      var part = part
      // Parentheses around a whole conjunct (not `(a) AND (b)`, whose first and last match
      // others).
      while isWrapped(part) { part = Array(part.dropFirst().dropLast()) }
      if let inner = innerConjunction(part) {
        result += conjunction(inner, columns: columns, names: names)
        continue
      }
      result += comparison(part, columns: columns, names: names)
    }
    return result
  }

  /// `tokens` split at each `separator` outside parentheses.
  static func split(_ tokens: [Token], at separator: Token) -> [[Token]] {
    var parts: [[Token]] = [[]]
    var depth = 0
    for token in tokens {
      if token == .open { depth += 1 }
      if token == .close { depth -= 1 }
      if depth == 0 && token == separator {
        parts.append([])
      } else {
        parts[parts.count - 1].append(token)
      }
    }
    return parts
  }

  /// The rules of `x IS NULL OR rules on x`, in either order: the rules on `x`, which an
  /// empty value keeps; none for any other disjunction.
  static func whenNotNull(_ disjuncts: [[Token]], columns: Set<String>, names: [String]) -> [(
    String, ColumnCheck
  )] {
    guard disjuncts.count == 2 else { return [] }
    func unwrapped(_ part: [Token]) -> [Token] {
      var part = part
      while isWrapped(part) { part = Array(part.dropFirst().dropLast()) }
      return part
    }
    for (nullIndex, other) in [(0, 1), (1, 0)] {
      let isNull = unwrapped(disjuncts[nullIndex])
      guard isNull.count == 3, isNull[1] == .word("IS"), isNull[2] == .word("NULL"),
        case .identifier(let name) = isNull[0], columns.contains(name.lowercased())
      else { continue }
      let rules = conjunction(unwrapped(disjuncts[other]), columns: columns, names: names)
      // Each rule must be on the column that may be empty; otherwise it asks more.
      guard rules.allSatisfy({ $0.0.lowercased() == name.lowercased() }) else { return [] }
      return rules
    }
    return []
  }

  /// Whether `part` is one parenthesised expression: its first token opens what its last
  /// closes.
  static func isWrapped(_ part: [Token]) -> Bool {
    guard part.count >= 2, part.first == .open, part.last == .close else { return false }
    var depth = 0
    for (index, token) in part.enumerated() {
      if token == .open { depth += 1 }
      if token == .close { depth -= 1 }
      if depth == 0 { return index == part.count - 1 }
    }
    return false
  }

  private static func innerConjunction(_ part: [Token]) -> [Token]? {
    var depth = 0
    for token in part {
      if token == .open { depth += 1 }
      if token == .close { depth -= 1 }
      if depth == 0 && token == .word("AND") && !part.contains(.word("BETWEEN")) { return part }
    }
    return nil
  }

  /// The rules of one comparison: `x BETWEEN a AND b`, `x >= a`, `a <= x`, `x IN (...)`,
  /// `length(x) <= n`.
  static func comparison(_ part: [Token], columns: Set<String>, names: [String]) -> [(
    String, ColumnCheck
  )] {
    // The subject: a column, or length(column).
    var subject: String?
    var isLength = false
    var rest = part
    func column(_ token: Token) -> String? {
      guard case .identifier(let name) = token, columns.contains(name.lowercased()) else {
        return nil
      }
      return names.first { $0.lowercased() == name.lowercased() }
    }
    if let first = part.first, let name = column(first) {
      subject = name
      rest = Array(part.dropFirst())
    } else if part.count >= 4, part[0] == .word("LENGTH"), part[1] == .open,
      let name = column(part[2]), part[3] == .close
    {
      subject = name
      isLength = true
      rest = Array(part.dropFirst(4))
    } else if part.count == 3, case .number(let bound) = part[0], case .symbol(let op) = part[1],
      let name = column(part[2])
    {
      // A constant first: `0 <= x` is `x >= 0`.
      let flipped = ["<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="][op] ?? op
      return comparison(
        [.identifier(name), .symbol(flipped), .number(bound)], columns: columns, names: names)
    }
    guard let subject else { return [] }
    func bounded(_ low: Double?, _ high: Double?, inclusive: Bool) -> [(String, ColumnCheck)] {
      if isLength {
        var rules: [(String, ColumnCheck)] = []
        if let low {
          let count = Int((inclusive ? low : low + 1).rounded(.up))
          if count > 0 { rules.append((subject, .minLength(count))) }
        }
        if let high {
          rules.append((subject, .maxLength(Int((inclusive ? high : high - 1).rounded(.down)))))
        }
        return rules
      }
      var rules: [(String, ColumnCheck)] = []
      if let low { rules.append((subject, .minimum(low, inclusive: inclusive))) }
      if let high { rules.append((subject, .maximum(high, inclusive: inclusive))) }
      return rules
    }
    switch rest.first {
    case .word("BETWEEN")?:
      guard rest.count == 4, let low = number(rest[1]), rest[2] == .word("AND"),
        let high = number(rest[3])
      else { return [] }
      return bounded(low, high, inclusive: true)
    case .symbol("~")? where !isLength:
      // PostgreSQL prints LIKE as `~~`, and ILIKE as `~~*`.
      guard rest.count >= 3, rest[1] == .symbol("~"), case .string(let pattern) = rest.last,
        rest.count == 3 || (rest.count == 4 && rest[2] == .symbol("*"))
      else { return [] }
      return [(subject, .like(pattern))]
    case .symbol(let op)?:
      guard rest.count == 2, let bound = number(rest[1]) else { return [] }
      switch op {
      case ">=": return bounded(bound, nil, inclusive: true)
      case ">": return bounded(bound, nil, inclusive: false)
      case "<=": return bounded(nil, bound, inclusive: true)
      case "<": return bounded(nil, bound, inclusive: false)
      default: return []
      }
    case .word("LIKE")? where !isLength:
      guard rest.count == 2, case .string(let pattern) = rest[1] else { return [] }
      return [(subject, .like(pattern))]
    case .word("IN")? where !isLength:
      guard rest.count >= 3, rest[1] == .open, rest.last == .close else { return [] }
      var values: [Value] = []
      for (offset, token) in rest.dropFirst(2).dropLast().enumerated() {
        if offset % 2 == 1 {
          guard token == .comma else { return [] }
          continue
        }
        switch token {
        case .number(let number):
          values.append(
            number.rounded() == number && abs(number) < 1e15 ? .int(Int(number)) : .double(number))
        case .string(let text): values.append(.string(text))
        default: return []
        }
      }
      return values.isEmpty ? [] : [(subject, .oneOf(values))]
    default:
      return []
    }
  }

  private static func number(_ token: Token) -> Double? {
    if case .number(let value) = token { return value }
    return nil
  }
}
