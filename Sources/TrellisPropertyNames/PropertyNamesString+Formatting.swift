import TrellisValues

extension PropertyNamesString {
  /// Writes groups as a names string that parses back to the same groups (apart from locations).
  ///
  /// A group without header or footer is written as ungrouped names (`name;description`), unless
  /// the group before it was too, in which case it is written `:(...)` so the two stay apart.
  /// Other groups are written `Header:(a,b):Footer`. Headers, footers and custom names are
  /// escaped where needed; key paths are written as they are. A group without names is written
  /// `Header:()`, which does not parse: the parser never makes one.
  public static func format(_ groups: [PropertyGroup]) -> String {
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
  static func format(group: PropertyGroup) -> String {
    var text = escape(group.header ?? "", specials: ["\\", ";", ":", "(", ")"], escapesTilde: true)
    text += ":(" + group.names.map(format(name:)).joined(separator: ",") + ")"
    if let footer = group.footer, !footer.isEmpty {
      text += ":" + escapeFooter(footer)
    }
    return text
  }

  /// A key path as it is, or `~` and the escaped custom name.
  static func format(name: PropertyName) -> String {
    guard name.isCustom else { return name.name }
    return "~" + escape(name.name, specials: ["\\", ";", ":", "(", ")", ","], escapesTilde: false)
  }

  /// Escapes `specials` and the whitespace that parsing would trim or collapse.
  static func escape(_ text: String, specials: Set<Unicode.Scalar>, escapesTilde: Bool) -> String {
    escape(text) { scalars, index in
      let scalar = scalars[index]
      return specials.contains(scalar) || (escapesTilde && index == 0 && scalar == "~")
    }
  }

  /// Escapes a footer: `\`, `;`, a `:` before `(`, and whitespace as in headers.
  static func escapeFooter(_ footer: String) -> String {
    escape(footer) { scalars, index in
      switch scalars[index] {
      case "\\", ";": return true
      case ":":
        return scalars[(index + 1)...].first { !PropertyNamesParser.isWhitespace($0) } == "("
      default: return false
      }
    }
  }

  /// Escapes the scalars `isSpecial` picks, and all whitespace except a single space between
  /// two other scalars: the whitespace that parsing would trim or collapse.
  private static func escape(
    _ text: String, isSpecial: ([Unicode.Scalar], Int) -> Bool
  ) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      if PropertyNamesParser.isWhitespace(scalar) {
        let kept =
          scalar == " " && index > 0 && index < scalars.count - 1
          && !PropertyNamesParser.isWhitespace(scalars[index - 1])
        if !kept { result += "\\" }
      } else if isSpecial(scalars, index) {
        result += "\\"
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
