import Foundation
import Testing
import Trellis
import TrellisValues

@testable import TrellisPredicates

/// Patterns are matched in time linear in the text, with Swift `Regex`'s answers.
@Suite("Regular expressions in linear time")
struct RegexAutomatonTests {
  /// Whether `pattern` matches `text` whole (or anywhere), as the automaton says.
  static func automaton(_ pattern: String, _ text: String, anywhere: Bool = false) throws -> Bool {
    let compiled = try PredicateRegex.compile(pattern)
    return anywhere ? compiled.firstMatch(text) : compiled.wholeMatch(text)
  }

  /// Whether `pattern` matches `text` whole (or anywhere), as Swift `Regex` says.
  static func swift(_ pattern: String, _ text: String, anywhere: Bool = false) throws -> Bool {
    let regex = try Regex(pattern)
    return anywhere
      ? (try regex.firstMatch(in: text)) != nil : (try regex.wholeMatch(in: text)) != nil
  }

  @Test func patternsThatBacktrackExponentiallyAnswerAtOnce() throws {
    // Swift `Regex` takes minutes on each of these; a client can type such a value.
    let cases: [(String, String)] = [
      ("^(a+)+$", String(repeating: "a", count: 40) + "!"),
      ("(a|aa)*b", String(repeating: "a", count: 60)),
      (#"^(\w+\s?)*$"#, String(repeating: "word ", count: 30) + "!"),
      ("(x*)*y", String(repeating: "x", count: 5_000)),
    ]
    for (pattern, text) in cases {
      let start = ContinuousClock.now
      #expect(try !Self.automaton(pattern, text), "\(pattern)")
      #expect(try !Self.automaton(pattern, text, anywhere: true), "\(pattern)")
      #expect(ContinuousClock.now - start < .seconds(2), "\(pattern) took too long")
    }
    // A long text costs in proportion to its length.
    let long = String(repeating: "ab", count: 50_000)
    #expect(try Self.automaton("(a|b|ab)*", long))
  }

  @Test func answersAreSwiftRegexs() throws {
    let examples: [(String, String, Bool)] = [
      ("[a-z]+[0-9]{3}", "abc123", true), ("[a-z]+[0-9]{3}", "abc12", false),
      (#"\d+"#, "٣٤", true), (#"\w"#, "é", true), (".", "\r\n", false), (".", "é", true),
      ("(?i)é", "É", true), ("(?i)ß", "SS", false), ("a{,2}", "aa", true), ("a{", "a{", true),
      ("x{2", "x{2", true), ("a{2,3}?", "aaa", true), ("a{2}", "aaa", false), ("", "", true),
      ("a|", "", true), ("(|a)b", "ab", true), ("(?:ab)+", "abab", true),
      ("(?<word>ab)c", "abc", true), (#"\bcat\b"#, "cat", true), (#"a\Bb"#, "ab", true),
      ("^a$", "a", true), ("a$", "a\n", false), (#"\x41\u{42}"#, "AB", true),
      (#"\p{Lu}\p{Ll}+"#, "Émile", true), (#"[^\d\s]+"#, "ab", true), ("[[:alpha:]]+", "abc", true),
      (#"\."#, ".", true), (#"\."#, "a", false), ("[a-c&&[^b]]+", "ac", true),
      ("[a-c&&[^b]]+", "ab", false),
    ]
    for (pattern, text, expected) in examples {
      #expect(try Self.swift(pattern, text) == expected, "Regex: \(pattern) on \(text)")
      #expect(try Self.automaton(pattern, text) == expected, "automaton: \(pattern) on \(text)")
    }
  }

  @Test func randomPatternsAgreeWithSwiftRegex() throws {
    var generator = SeededRandom(seed: 0x7E11_15AA)
    let atoms = [
      "a", "b", "A", "é", ".", "[ab]", "[^a]", #"\d"#, #"\w"#, #"\s"#, #"\W"#, "[a-c]", #"\b"#,
      "^", "$", #"\."#, "1",
    ]
    let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "??"]
    let letters: [Character] = ["a", "b", "A", "é", "1", " ", ".", "\n", "\r\n", "É", "_"]
    func part(_ depth: Int) -> String {
      if depth < 2, Int.random(in: 0..<4, using: &generator) == 0 {
        let options = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
          sequence(depth + 1)
        }
        return "(" + options.joined(separator: "|") + ")"
          + quantifiers.randomElement(using: &generator)!
      }
      let atom = atoms.randomElement(using: &generator)!
      // A quantified anchor is refused by Swift Regex; leave those bare.
      let quantifier =
        atom.count > 1 && atom.hasPrefix(#"\b"#) || atom == "^" || atom == "$"
        ? "" : quantifiers.randomElement(using: &generator)!
      return atom + quantifier
    }
    func sequence(_ depth: Int) -> String {
      (0..<Int.random(in: 1...3, using: &generator)).map { _ in part(depth) }.joined()
    }
    var compared = 0
    for _ in 0..<1_000 {
      let pattern =
        (Int.random(in: 0..<5, using: &generator) == 0 ? "(?i)" : "") + sequence(0)
      guard (try? Regex(pattern)) != nil else { continue }
      for _ in 0..<8 {
        let text = String(
          (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            letters.randomElement(using: &generator)!
          })
        for anywhere in [false, true] {
          let expected = try Self.swift(pattern, text, anywhere: anywhere)
          let found = try Self.automaton(pattern, text, anywhere: anywhere)
          #expect(
            found == expected, "\(pattern) on \(text.debugDescription), anywhere: \(anywhere)")
          compared += 1
        }
      }
    }
    #expect(compared > 10_000)
  }

  @Test func patternsThatNeedBacktrackingAreRefusedWithTheReason() {
    let refused: [(String, String)] = [
      (#"(a)\1"#, "a back-reference"), (#"(?<x>a)\k<x>"#, "a back-reference"),
      ("a(?=b)", "a lookaround"), ("a(?!b)", "a lookaround"), ("(?>a+)b", "an atomic group"),
      ("a++", "a possessive quantifier"), ("(?s).", "inline options"),
      ("(?i:a)", "inline options"), ("(a{1000}){1000}", "repeats too much"),
    ]
    for (pattern, reason) in refused {
      #expect(throws: PredicateRegex.CompileError.self, "\(pattern)") {
        try PredicateRegex.compile(pattern)
      }
      do {
        _ = try PredicateRegex.compile(pattern)
      } catch {
        #expect(error.reason.contains(reason), "\(pattern): \(error.reason)")
      }
    }
  }

  @Test func aPredicateThatNeedsBacktrackingIsRefusedWhereItIsWritten() throws {
    do {
      _ = try Predicate(#"name MATCHES '(a)\\1'"#, file: "rules.json")
      Issue.record("a back-reference was accepted")
    } catch {
      #expect(error.description.contains("rules.json:1:"), "\(error)")
      #expect(error.description.contains("back-reference"), "\(error)")
    }
    // A pattern from a variable is refused when the predicate is evaluated.
    let predicate = try Predicate("name MATCHES $p")
    let error = evaluationError { () throws(PredicateEvaluationError) in
      try predicate.evaluate(on: ["name": "aa"], variables: ["p": #"(a)\1"#])
    }
    guard case .invalidRegularExpression(_, let reason)? = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(reason.contains("back-reference"))
  }
}
