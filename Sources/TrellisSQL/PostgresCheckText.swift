/// PostgreSQL's text of a `CHECK` constraint (`pg_get_constraintdef`) rewritten in the plain
/// SQL ``CheckConstraintReader`` reads.
///
/// PostgreSQL prints a constraint as it parsed it: casts on constants and columns
/// (`(0)::numeric`, `'NL'::text`, `(name)::text`), parentheses around every operand, `IN`
/// lists as `= ANY (ARRAY[...])` and `length` as `char_length`. Rewritten, `CHECK ((price >=
/// (0)::numeric))` reads `CHECK ((price >= 0))`, and a domain's `VALUE` is the column's name.
package enum PostgresCheckText {
  /// The constraint text `definition` in plain SQL, a domain's `VALUE` read as `column`.
  package static func normalized(_ definition: String, value column: String? = nil) -> String {
    var text = withoutCasts(definition)
    text = rewritingAnyArrays(text)
    text = text.replacingOccurrences(of: "char_length(", with: "length(")
    text = withoutSimpleParentheses(text)
    if let column { text = replacingWord("VALUE", with: column, in: text) }
    return text
  }

  /// The types whose names have two words and more.
  private static let typeWords: Set<String> = [
    "varying", "precision", "with", "without", "time", "zone",
  ]

  /// `text` without its `::type` casts (strings left as they are).
  static func withoutCasts(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        let end = stringEnd(characters, from: index)
        result += String(characters[index..<end])
        index = end
        continue
      }
      guard character == ":", index + 1 < characters.count, characters[index + 1] == ":" else {
        result.append(character)
        index += 1
        continue
      }
      index = typeEnd(characters, from: index + 2)
    }
    return result
  }

  /// Where the type named at `start` ends: a quoted name or words (several for
  /// `character varying`, `timestamp with time zone`), then `(n, m)` and `[]`.
  private static func typeEnd(_ characters: [Character], from start: Int) -> Int {
    var index = start
    func word() -> String {
      var word = ""
      while index < characters.count,
        characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
          || characters[index] == "."
      {
        word.append(characters[index])
        index += 1
      }
      return word
    }
    if index < characters.count, characters[index] == "\"" {
      index += 1
      while index < characters.count, characters[index] != "\"" { index += 1 }
      index = min(index + 1, characters.count)
    } else {
      _ = word()
      // Further words of the same type: `character varying`, `double precision`.
      while index + 1 < characters.count, characters[index] == " " {
        let saved = index
        index += 1
        if !typeWords.contains(word().lowercased()) {
          index = saved
          break
        }
      }
    }
    if index < characters.count, characters[index] == "(" {
      var probe = index + 1
      while probe < characters.count,
        characters[probe].isNumber || characters[probe] == "," || characters[probe] == " "
      {
        probe += 1
      }
      if probe < characters.count, characters[probe] == ")" { index = probe + 1 }
    }
    while index + 1 < characters.count, characters[index] == "[", characters[index + 1] == "]" {
      index += 2
    }
    return index
  }

  /// The index after the string literal starting at `start` (`''` is a quote inside it).
  private static func stringEnd(_ characters: [Character], from start: Int) -> Int {
    var index = start + 1
    while index < characters.count {
      if characters[index] == "'" {
        if index + 1 < characters.count, characters[index + 1] == "'" {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return characters.count
  }

  /// `x = ANY (ARRAY[a, b])` as `x IN (a, b)`, also with the array in parentheses of its
  /// own (`= ANY ((ARRAY[a, b]))`, as a cast of the array leaves it).
  static func rewritingAnyArrays(_ text: String) -> String {
    var text = text
    var searchFrom = text.startIndex
    while let start = text.range(of: "= ANY (", range: searchFrom..<text.endIndex) {
      var index = start.upperBound
      var extra = 0
      while index < text.endIndex, text[index] == "(" {
        extra += 1
        index = text.index(after: index)
      }
      guard text[index...].hasPrefix("ARRAY["),
        let close = text.range(of: "]", range: index..<text.endIndex)
      else {
        searchFrom = start.upperBound
        continue
      }
      let list = text[text.index(index, offsetBy: "ARRAY[".count)..<close.lowerBound]
      var end = close.upperBound
      // The parentheses opened before the array, and the one of `ANY (`.
      for _ in 0...extra {
        guard end < text.endIndex, text[end] == ")" else { break }
        end = text.index(after: end)
      }
      let replacement = "IN (\(list))"
      text.replaceSubrange(start.lowerBound..<end, with: replacement)
      searchFrom = text.index(start.lowerBound, offsetBy: replacement.count)
    }
    return text
  }

  /// `text` without the parentheses around one name, number or string that no function
  /// name comes before: `(price >= (0))` reads `(price >= 0)`.
  static func withoutSimpleParentheses(_ text: String) -> String {
    var characters = Array(text)
    var changed = true
    while changed {
      changed = false
      var index = 0
      while index < characters.count {
        defer { index += 1 }
        guard characters[index] == "(" else { continue }
        if index > 0,
          characters[index - 1].isLetter || characters[index - 1].isNumber
            || characters[index - 1] == "_"
        {
          continue
        }
        var end = index + 1
        if end < characters.count, characters[end] == "'" {
          end = stringEnd(characters, from: end)
        } else {
          while end < characters.count,
            characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
              || characters[end] == "." || characters[end] == "\""
              || (characters[end] == "-" && end == index + 1)
          {
            end += 1
          }
        }
        guard end > index + 1, end < characters.count, characters[end] == ")" else { continue }
        characters.remove(at: end)
        characters.remove(at: index)
        changed = true
      }
    }
    return String(characters)
  }

  /// `text` with the word `word` (not part of a longer name, not in a string) replaced.
  private static func replacingWord(_ word: String, with replacement: String, in text: String)
    -> String
  {
    let characters = Array(text)
    let target = Array(word)
    var result = ""
    var index = 0
    func isNamePart(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "_"
    }
    while index < characters.count {
      if characters[index] == "'" {
        let end = stringEnd(characters, from: index)
        result += String(characters[index..<end])
        index = end
        continue
      }
      let end = index + target.count
      if end <= characters.count, Array(characters[index..<end]) == target,
        index == 0 || !isNamePart(characters[index - 1]),
        end == characters.count || !isNamePart(characters[end])
      {
        result += replacement
        index = end
        continue
      }
      result.append(characters[index])
      index += 1
    }
    return result
  }
}
