import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisPredicates

/// The predicate parser against hostile input: every shared case's text mutated. Each variant
/// parses or fails with a diagnostic located in its file; never a crash. What parses prints as
/// text that parses to the same predicate, and evaluates on the shared rows to a result or a
/// clear refusal.
@Suite("Predicate parser fuzzing")
struct PredicateParserFuzzTests {
  @Test func aMutatedPredicateParsesOrSaysWhere() {
    var mutator = TextMutator(
      seed: 0x9D1C,
      words: [
        "AND", "OR", "NOT", "ANY", "ALL", "IN", "BETWEEN", "BEGINSWITH[cd]", "LIKE", "MATCHES",
        "CONTAINS", "@count", "$", "$x", "==", "!=", "<=", "%@", "{", "}", "(", ")", "\"", "'",
        "SUBQUERY(", "FUNCTION(", "TRUEPREDICATE", "nil", "CAST(", "[", "]", "\\",
      ])
    var parsed = 0
    for testCase in PredicateCases.cases {
      for _ in 0..<40 {
        let text = mutator.mutate(testCase.predicate)
        let predicate: TrellisPredicates.Predicate
        do {
          predicate = try TrellisPredicates.Predicate(text, file: "Filter.plist")
        } catch {
          #expect(error.location?.file == "Filter.plist", "\(error) for \(text.debugDescription)")
          continue
        }
        parsed += 1
        #expect(
          (try? TrellisPredicates.Predicate(predicate.description)) == predicate,
          "\(text.debugDescription) prints as \(predicate.description.debugDescription)")
        for row in PredicateCases.rows {
          _ = try? predicate.evaluate(on: .dictionary(row), variables: testCase.variables)
        }
      }
    }
    // The mutations are small: many variants still parse, so the checks above run.
    #expect(parsed > PredicateCases.cases.count * 2)
  }
}
