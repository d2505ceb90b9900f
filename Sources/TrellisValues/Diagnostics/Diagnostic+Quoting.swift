extension Diagnostic {
  /// The longest quoted value a message repeats whole, in characters.
  static let longestQuote = 120

  /// `message` with each quoted value longer than ``longestQuote`` shortened to its start and
  /// its length: a 10 MB value in a file is reported, not printed back.
  static func shortened(_ message: String) -> String {
    guard message.count > longestQuote else { return message }
    var result = ""
    var quote: [Character] = []
    var closing: Character?
    for character in message {
      if let close = closing {
        if character == close {
          result +=
            quote.count > longestQuote
            ? String(quote.prefix(60)) + "…(\(quote.count) characters)" : String(quote)
          result.append(character)
          quote = []
          closing = nil
        } else {
          quote.append(character)
        }
      } else {
        // An apostrophe inside a word ("the cell's") opens nothing.
        let opensQuote =
          character == "'" && !(result.last.map { $0.isLetter || $0.isNumber } ?? false)
        result.append(character)
        if opensQuote { closing = "'" } else if character == "“" { closing = "”" }
      }
    }
    // A quote that never closes was not one: what followed it stays as it was.
    if closing != nil { result += String(quote) }
    return result
  }
}
