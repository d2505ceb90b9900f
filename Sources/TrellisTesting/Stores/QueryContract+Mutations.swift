import Foundation
import Trellis

extension QueryContract {
  /// A mutator of the table's predicates: keys, operators, modifiers and values swapped for
  /// others, so that every operator meets every type, and words of the predicate language put
  /// where they do not belong. A store's query fuzzing compares each variant that parses
  /// with ``expected(_:)``.
  package static func mutator(seed: UInt64) -> TextMutator {
    TextMutator(
      seed: seed,
      words: [
        " AND ", " OR ", " NOT ", "[c]", "[d]", "[cd]", "nil", "YES", "NO", "0", "-1", "2.5",
        "'a'", "''", "%", "_", "*", "?", "\\\\", "ANY ", "{}", "{1, nil}",
      ],
      swaps: [
        ("rank", "score"), ("score", "name"), ("name", "rank"), ("nickname", "note"),
        ("note", "born"), ("active", "rank"), ("==", "!="), ("<", ">="), (">", "<="),
        ("'", "\""), ("BEGINSWITH", "ENDSWITH"), ("CONTAINS", "LIKE"), ("LIKE", "MATCHES"),
        ("[c]", "[cd]"), ("'A'", "'É'"), ("3", "'3'"), ("YES", "1"), ("nil", "''"),
        ("2.5", "1e300"), ("BETWEEN", "IN"), ("$date", "$to"),
      ])
  }

  /// Variants of every case, `perCase` each, that memory answers: each with the names it
  /// lists.
  package static func mutatedCases(seed: UInt64, perCase: Int) -> [(Case, [String])] {
    var mutator = mutator(seed: seed)
    var variants: [(Case, [String])] = []
    for query in cases {
      for _ in 0..<perCase {
        var variant = query
        variant.predicate = mutator.mutate(query.predicate)
        if let expected = try? expected(variant) { variants.append((variant, expected)) }
      }
    }
    return variants
  }
}
