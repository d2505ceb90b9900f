/// Column arithmetic for terminal text: how wide a string shows, and cutting it to fit.
///
/// A terminal gives most characters one column, East Asian wide characters and emoji two,
/// and combining marks none; control characters are shown as nothing. This is a small,
/// deliberate approximation of `wcwidth`, enough that no line the host writes wraps.
package enum TerminalText {
  /// The columns `character` takes.
  package static func width(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if scalar.properties.generalCategory == .nonspacingMark { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The columns `text` takes.
  package static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// `text` with control characters (a newline, a tab, an escape) made visible as spaces, so
  /// that nothing a document holds can move the cursor.
  package static func sanitized(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? " " : $0 }))
  }

  /// `text` cut to at most `columns` columns, then padded with spaces to exactly `columns`
  /// when `pad`.
  package static func fit(_ text: String, to columns: Int, pad: Bool = false) -> String {
    var result = ""
    var used = 0
    for character in sanitized(text) {
      let width = width(of: character)
      if used + width > columns { break }
      result.append(character)
      used += width
    }
    if pad && used < columns { result += String(repeating: " ", count: columns - used) }
    return result
  }

  /// `text` in lines of at most `columns` columns: each of its lines broken between words,
  /// and a word longer than a line broken where the line ends.
  package static func wrapped(_ text: String, to columns: Int) -> [String] {
    let columns = Swift.max(columns, 1)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var used = 0
      for word in sanitized(String(paragraph)).split(separator: " ") {
        var word = Substring(word)
        while !word.isEmpty {
          let size = width(of: word)
          if used > 0 && used + 1 + size <= columns {
            line += " " + word
            used += 1 + size
            word = ""
          } else if used == 0 && size <= columns {
            line = String(word)
            used = size
            word = ""
          } else if used > 0 {
            lines.append(line)
            line = ""
            used = 0
          } else {
            let piece = fit(String(word), to: columns)
            lines.append(piece)
            word = word.dropFirst(Swift.max(piece.count, 1))
          }
        }
      }
      lines.append(line)
    }
    return lines
  }
}
