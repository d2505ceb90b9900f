/// Whether one character matches one part of a pattern (a literal, a class, an escape, `.`),
/// as Swift `Regex` decides it; the answers for ASCII characters are worked out once.
final class CharacterTest {
  /// The character a literal part matches, compared as `Character`s are (canonically).
  private let literal: Character?
  /// The part as a `Regex` of its own, for any other part.
  private let regex: Regex<Substring>?
  /// The answers for the 128 ASCII characters, each a single scalar.
  private let ascii: [Bool]

  /// A test for exactly `character`.
  init(literal character: Character) {
    literal = character
    regex = nil
    ascii = []
  }

  /// A test for the part `source` (in Swift `Regex` syntax), ignoring case when asked; `nil`
  /// when `source` does not compile on its own.
  init?(source: String, caseInsensitive: Bool) {
    guard let regex = try? Regex<Substring>((caseInsensitive ? "(?i)" : "") + source) else {
      return nil
    }
    literal = nil
    self.regex = regex
    ascii = (0..<128).map { code in
      (try? regex.wholeMatch(in: String(Unicode.Scalar(UInt8(code))))) != nil
    }
  }

  func accepts(_ character: Character) -> Bool {
    if let literal { return character == literal }
    let scalars = character.unicodeScalars
    if let scalar = scalars.first, scalar.isASCII, scalars.count == 1 {
      return ascii[Int(scalar.value)]
    }
    return (try? regex?.wholeMatch(in: String(character))) != nil
  }
}
