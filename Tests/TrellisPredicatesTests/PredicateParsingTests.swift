import Foundation
import Testing
import Trellis
import TrellisPredicates

@Suite("Predicate parsing")
struct PredicateParsingTests {
  /// The canonical text of `text`.
  static func canonical(_ text: String) throws -> String { try Predicate(text).description }

  @Test(
    "operator spellings parse to the same predicate",
    arguments: [
      ("a == 1", ["a = 1"]),
      ("a != 1", ["a <> 1"]),
      ("a <= 1", ["a =< 1"]),
      ("a >= 1", ["a => 1"]),
      ("a == 1 AND b == 2", ["a == 1 && b == 2", "a == 1 and b == 2", "a==1 AnD b==2"]),
      ("a == 1 OR b == 2", ["a == 1 || b == 2", "a == 1 or b == 2"]),
      ("NOT a == 1", ["!a == 1", "! a == 1", "not a == 1", "NOT (a == 1)"]),
      ("a BEGINSWITH \"x\"", ["a beginswith 'x'", "a BeginsWith \"x\""]),
      ("a == TRUE", ["a == YES", "a == yes", "a == true"]),
      ("a == FALSE", ["a == NO", "a == false"]),
      ("a == nil", ["a == NULL", "a == Nil"]),
      ("TRUEPREDICATE", ["truepredicate", "(TRUEPREDICATE)"]),
      ("ANY a == 1", ["SOME a == 1", "any a == 1"]),
      ("a.b == 1", ["SELF.a.b == 1", "self.a.b == 1", "a.#b == 1"]),
    ])
  func spellings(_ canonical: String, _ variants: [String]) throws {
    let expected = try Predicate(canonical)
    #expect(expected.description == canonical)
    for variant in variants {
      #expect(try Predicate(variant) == expected, "\(variant)")
    }
  }

  @Test func precedenceIsOrThenAndThenNotThenComparison() throws {
    #expect(try Self.canonical("a == 1 OR b == 2 AND c == 3") == "a == 1 OR b == 2 AND c == 3")
    #expect(
      try Predicate("a == 1 OR b == 2 AND c == 3") == Predicate("a == 1 OR (b == 2 AND c == 3)"))
    #expect(
      try Predicate("a == 1 OR b == 2 AND c == 3") != Predicate("(a == 1 OR b == 2) AND c == 3"))
    #expect(try Self.canonical("(a == 1 OR b == 2) AND c == 3") == "(a == 1 OR b == 2) AND c == 3")
    #expect(try Predicate("NOT a == 1 AND b == 2") == Predicate("(NOT a == 1) AND b == 2"))
    #expect(try Self.canonical("NOT (a == 1 AND b == 2)") == "NOT (a == 1 AND b == 2)")
    #expect(try Self.canonical("NOT NOT a == 1") == "NOT NOT a == 1")
    #expect(try Self.canonical("((a == 1))") == "a == 1")
  }

  @Test func chainsAreFlattened() throws {
    #expect(
      try Predicate("(a == 1 AND b == 2) AND c == 3") == Predicate("a == 1 AND (b == 2 AND c == 3)")
    )
    #expect(
      try Predicate("a == 1 OR (b == 2 OR c == 3)") == Predicate("a == 1 OR b == 2 OR c == 3"))
  }

  @Test func modifiers() throws {
    #expect(try Self.canonical("a ==[c] 'x'") == "a ==[c] \"x\"")
    #expect(try Self.canonical("a CONTAINS [d] 'x'") == "a CONTAINS[d] \"x\"")
    #expect(try Self.canonical("a LIKE[dc] 'x'") == "a LIKE[cd] \"x\"")
    #expect(try Self.canonical("a IN[C] {'x'}") == "a IN[c] {\"x\"}")
    #expect(try Predicate("a <[cd] 'x'") == Predicate("a <[dc] 'x'"))
    #expect(try Predicate("a ==[c] 'x'") != Predicate("a == 'x'"))
  }

  @Test func stringLiteralsAndEscapes() throws {
    #expect(try Self.canonical(#"a == 'it\'s'"#) == #"a == "it's""#)
    #expect(try Self.canonical(#"a == "say \"hi\"""#) == #"a == "say \"hi\"""#)
    #expect(try Self.canonical(#"a == 'tab\tnew\nline\\'"#) == #"a == "tab\tnew\nline\\""#)
    #expect(try Self.canonical(#"a == '\u{e9}\u{1F600}'"#) == "a == \"é😀\"")
    #expect(try Self.canonical("a == '\u{7}'") == #"a == "\u{7}""#)
    #expect(try Self.canonical("a == ''") == #"a == """#)
    #expect(try Self.canonical("a == 'multi\nline'") == #"a == "multi\nline""#)
  }

  @Test func numbers() throws {
    #expect(try Self.canonical("a == 42") == "a == 42")
    #expect(try Self.canonical("a == -42") == "a == -42")
    #expect(try Self.canonical("a == 0.5") == "a == 0.5")
    #expect(try Self.canonical("a == -0.25") == "a == -0.25")
    #expect(try Self.canonical("a == 2.0") == "a == 2.0")
    #expect(try Self.canonical("a == 1e3") == "a == 1000.0")
    #expect(try Self.canonical("a == 1.5E-7") == "a == 1.5e-07")
    #expect(try Self.canonical("a == 1e20") == "a == 1e+20")
    #expect(try Self.canonical("a == -9223372036854775808") == "a == -9223372036854775808")
    #expect(try Predicate("a == 2") != Predicate("a == 2.0"))
  }

  @Test func dateLiterals() throws {
    let morning = try Predicate("d == DATE('2026-01-31T09:30:00.250+02:00')")
    #expect(morning.description == "d == DATE(1769844600.25)")
    #expect(try morning.evaluate(on: ["d": .date(Date(timeIntervalSince1970: 1_769_844_600.25))]))
    #expect(try Self.canonical("d == DATE(-86400)") == "d == DATE(\"1969-12-31T00:00:00Z\")")
  }

  @Test func keyPathsVariablesAndAggregates() throws {
    #expect(try Self.canonical("profile.firstName == $name") == "profile.firstName == $name")
    #expect(try Self.canonical("steps.@count > 0") == "steps.@count > 0")
    #expect(try Self.canonical("steps.0.name == 'a'") == "steps.0.name == \"a\"")
    #expect(try Self.canonical("#in == 1 AND #Self.x == 2") == "#in == 1 AND #Self.x == 2")
    #expect(try Self.canonical("a.in == 1") == "a.in == 1")
    #expect(try Self.canonical("café == 1 AND _x2 == $ü") == "café == 1 AND _x2 == $ü")
    #expect(try Self.canonical("a IN {1, 'b', nil, {2}}") == "a IN {1, \"b\", nil, {2}}")
    #expect(try Self.canonical("a IN {}") == "a IN {}")
    #expect(try Self.canonical("SELF.0 == 1") == "SELF.0 == 1")
    #expect(try Self.canonical("SELF == 1") == "SELF == 1")
    #expect(
      try Self.canonical("date < DATE('2026-01-31')") == "date < DATE(\"2026-01-31T00:00:00Z\")")
    #expect(try Self.canonical("d < date(0)") == "d < DATE(\"1970-01-01T00:00:00Z\")")
    #expect(try Self.canonical("d < DATE(0.5)") == "d < DATE(0.5)")
    #expect(
      try Self.canonical("d == DATE('2026-01-31T10:00:00+02:00')")
        == "d == DATE(\"2026-01-31T08:00:00Z\")")
  }

  @Test func keyPathsAndVariablesAreListed() throws {
    let predicate = try Predicate("a == $x AND (b.c IN {d, $y} OR a > 1) AND ANY e == $x")
    #expect(predicate.keyPaths == ["a", "b.c", "d", "e"])
    #expect(predicate.variableNames == ["x", "y"])
  }

  @Test func combining() throws {
    let a = try Predicate("a == 1")
    let b = try Predicate("b == 2 OR c == 3")
    #expect((a && b).description == "a == 1 AND (b == 2 OR c == 3)")
    #expect((a || b).description == "a == 1 OR b == 2 OR c == 3")
    #expect((!b).description == "NOT (b == 2 OR c == 3)")
    #expect(!(!a) == a)
    #expect(try (a && b) == Predicate((a && b).description))
    #expect(Predicate.always.description == "TRUEPREDICATE")
    #expect(Predicate.never.description == "FALSEPREDICATE")
    #expect(try Predicate.always.evaluate(on: .null))
  }

  @Test(
    "description round-trips",
    arguments: PredicateCases.cases.map(\.predicate) + [
      "a == 1 OR b == 2 AND NOT (c == 3 OR d == 4)",
      "NOT (a == 1 AND NOT b == 2) OR FALSEPREDICATE",
      "ALL lines.qty BETWEEN {1, $max}",
      "NONE tags MATCHES[cd] '^(a|b)+$'",
      "x == DATE(1767225600.123)",
      "x == -0.0",
      "x == 5e-324",
      "x == \"\\u{0}\\u{1f}\\u{7f}\\u{85}\"",
      "SELF.@count == 0",
      "#AND.or == #NOT",
    ])
  func roundTrip(_ text: String) throws {
    let predicate = try Predicate(text)
    let reparsed = try Predicate(predicate.description)
    #expect(reparsed == predicate)
    #expect(reparsed.description == predicate.description)
    #expect(reparsed.hashValue == predicate.hashValue)
  }

  @Test func predicatesAreUsableAsKeys() throws {
    let set: Set<Trellis.Predicate> = [
      try Predicate("a = 1"), try Predicate("a == 1"), try Predicate("a == 2"),
    ]
    #expect(set.count == 2)
  }

  /// A relationship's filter, made without parsing, is the predicate its text parses to.
  @Test func aKeyPathEqualToAVariableIsThePredicateItsTextParsesTo() throws {
    #expect(Predicate.keyPath("group", equals: "target") == (try Predicate("group == $target")))
    #expect(
      Predicate.keyPath("tags", equals: "target", anyElement: true)
        == (try Predicate("ANY tags == $target")))
    #expect(Predicate.keyPath("owner.id", equals: "x").description == "owner.id == $x")
  }
}
