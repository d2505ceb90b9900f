import Testing

@testable import TrellisSQL

/// The reading of PostgreSQL's constraint text on whatever text a catalog could hold: it never
/// traps, and what it gives the reader never traps either.
@Suite("Fuzzing PostgreSQL constraint text")
struct PostgresCheckTextFuzzTests {
  /// A small generator whose sequence a seed fixes.
  private struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }

  private static let seeds = [
    "((price >= (0)::numeric))", "(((stock >= 0) AND (stock <= 1000)))",
    "((kind)::text = ANY ((ARRAY['x'::character varying, 'y'::character varying])::text[]))",
    "((char_length(name) <= 20))", "(((VALUE >= 1) AND (VALUE <= 5)))",
    "((email IS NULL) OR (email ~~ '%@%'::text))",
    "(at > '2024-01-01 00:00:00+00'::timestamp with time zone)",
  ]

  private static let pieces = [
    "(", ")", "::", "'", "''", "= ANY (", "ARRAY[", "]", ",", " ", "VALUE", "::text", "\"",
    "char_length(", "::character", " varying", "(12, 2)", "[]", "AND", "OR", "-", "0", "x",
  ]

  @Test func anyMutationIsReadWithoutTrapping() {
    var random = Seeded(state: 38)
    for round in 0..<20_000 {
      var text = Array(Self.seeds[round % Self.seeds.count])
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let place = Int.random(in: 0...text.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          text.insert(contentsOf: Self.pieces.randomElement(using: &random)!, at: place)
        case 1 where place < text.count:
          text.remove(at: place)
        default:
          text = Array(text.prefix(place))
        }
      }
      let normalized = PostgresCheckText.normalized(String(text), value: "stock")
      _ = CheckConstraintReader.checks(
        in: "CHECK (" + normalized + ")", columns: ["stock", "price", "kind", "name", "email"])
    }
  }
}
