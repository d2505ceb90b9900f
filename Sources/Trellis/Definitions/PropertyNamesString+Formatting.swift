extension PropertyNamesString {
  /// Writes groups as a names string that parses back to the same groups (apart from locations).
  ///
  /// A group without header or footer is written as ungrouped names (`name;description`), unless
  /// the group before it was too, in which case it is written `:(...)` so the two stay apart.
  /// Other groups are written `Header:(a,b):Footer`. Headers, footers and custom names are
  /// escaped where needed; key paths are written as they are. A group without names is written
  /// `Header:()`, which does not parse: the parser never makes one.
  public static func format(_ groups: [PropertyGroupSpec]) -> String {
    var entries: [String] = []
    var previousWasLoose = false
    for group in groups {
      let plain = (group.header ?? "").isEmpty && (group.footer ?? "").isEmpty
      if plain && !group.names.isEmpty && !previousWasLoose {
        entries += group.names.map(format(name:))
        previousWasLoose = true
      } else {
        entries.append(format(group: group))
        previousWasLoose = false
      }
    }
    return entries.joined(separator: ";")
  }

  /// One group in parentheses: `Header:(a,b):Footer`, or `:(a,b)` without a header.
  static func format(group: PropertyGroupSpec) -> String {
    var text = escape(group.header ?? "", specials: ["\\", ";", ":", "(", ")"], escapesTilde: true)
    text += ":(" + group.names.map(format(name:)).joined(separator: ",") + ")"
    if let footer = group.footer, !footer.isEmpty {
      text += ":" + escapeFooter(footer)
    }
    return text
  }

  /// A key path as it is, or `~` and the escaped custom name.
  static func format(name: PropertyNameSpec) -> String {
    guard name.isCustom else { return name.name }
    return "~" + escape(name.name, specials: ["\\", ";", ":", "(", ")", ","], escapesTilde: false)
  }

  /// Escapes `specials` and the whitespace that parsing would trim or collapse.
  static func escape(_ text: String, specials: Set<Character>, escapesTilde: Bool) -> String {
    escape(text) { characters, index in
      let character = characters[index]
      return specials.contains(character) || (escapesTilde && index == 0 && character == "~")
    }
  }

  /// Escapes a footer: `\`, `;`, a `:` before `(`, and whitespace as in headers.
  static func escapeFooter(_ footer: String) -> String {
    escape(footer) { characters, index in
      switch characters[index] {
      case "\\", ";": return true
      case ":": return characters[(index + 1)...].first { !$0.isWhitespace } == "("
      default: return false
      }
    }
  }

  /// Escapes the characters `isSpecial` picks, and every whitespace character except a single
  /// space between two other characters: the whitespace that parsing would trim or collapse.
  private static func escape(
    _ text: String, isSpecial: ([Character], Int) -> Bool
  ) -> String {
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isWhitespace {
        let kept =
          character == " " && index > 0 && index < characters.count - 1
          && !characters[index - 1].isWhitespace
        if !kept { result += "\\" }
      } else if isSpecial(characters, index) {
        result += "\\"
      }
      result.append(character)
    }
    return result
  }
}
