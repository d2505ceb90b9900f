import Foundation
import Testing
import Trellis

/// The error `body` throws, or `nil`.
func evaluationError(_ body: () throws(PredicateEvaluationError) -> Bool)
  -> PredicateEvaluationError?
{
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

@Suite("Predicate evaluation")
struct PredicateEvaluationTests {
  /// The ids of the rows a predicate selects.
  static func select(_ text: String, variables: [String: Value] = [:]) throws -> [String] {
    let predicate = try Predicate(text)
    return try PredicateCases.rows.filter {
      try predicate.evaluate(on: .dictionary($0), variables: variables)
    }.compactMap { $0["id"]?.stringValue }
  }

  @Test("shared cases select the expected rows", arguments: PredicateCases.cases)
  func sharedCase(_ testCase: PredicateCases.Case) throws {
    #expect(try Self.select(testCase.predicate, variables: testCase.variables) == testCase.expected)
  }

  @Test func integersAndDoublesCompareExactly() throws {
    let big = try Predicate("value == 9007199254740993")
    // 9007199254740993 is not representable as a Double; the nearest is ...992.
    #expect(try big.evaluate(on: ["value": .double(9_007_199_254_740_992)]) == false)
    #expect(try big.evaluate(on: ["value": .int(9_007_199_254_740_993)]))
    #expect(try Predicate("value > 2").evaluate(on: ["value": 2.5]))
    #expect(try Predicate("value < 3").evaluate(on: ["value": 2.5]))
    #expect(try Predicate("value < -2").evaluate(on: ["value": -2.5]))
    #expect(try Predicate("value == 2").evaluate(on: ["value": 2.0]))
    #expect(try Predicate("value < 1.0e300").evaluate(on: ["value": .int(.max)]))
  }

  @Test func nanHasNoOrderAndEqualsNothing() throws {
    let nan: Value = ["value": .double(.nan)]
    #expect(
      try Predicate("value == $x").evaluate(on: nan, variables: ["x": .double(.nan)]) == false)
    #expect(try Predicate("value != 1").evaluate(on: nan))
    #expect(try Predicate("value < 1").evaluate(on: nan) == false)
    #expect(try Predicate("value >= 1").evaluate(on: nan) == false)
  }

  @Test func mismatchedTypesAreNeverEqualNorOrdered() throws {
    let row: Value = ["number": 1, "text": "1", "flag": true]
    #expect(try Predicate("number == '1'").evaluate(on: row) == false)
    #expect(try Predicate("number != '1'").evaluate(on: row))
    #expect(try Predicate("text < 2").evaluate(on: row) == false)
    #expect(try Predicate("text > 2").evaluate(on: row) == false)
    #expect(try Predicate("flag == 1").evaluate(on: row) == false)
    #expect(try Predicate("number BEGINSWITH '1'").evaluate(on: row) == false)
    #expect(try Predicate("number MATCHES '1'").evaluate(on: row) == false)
  }

  @Test func nilEqualsOnlyNil() throws {
    let row: Value = ["gone": nil, "text": ""]
    #expect(try Predicate("gone == nil").evaluate(on: row))
    #expect(try Predicate("text == nil").evaluate(on: row) == false)
    #expect(try Predicate("gone != ''").evaluate(on: row))
    #expect(try Predicate("gone < 1").evaluate(on: row) == false)
    #expect(try Predicate("gone CONTAINS ''").evaluate(on: row) == false)
    #expect(try Predicate("gone IN {nil}").evaluate(on: row))
    #expect(try Predicate("gone IN $none").evaluate(on: row, variables: ["none": nil]) == false)
  }

  @Test func booleansAndDatesAreOrdered() throws {
    let earlier = Date(timeIntervalSince1970: 100)
    let row: Value = ["flag": true, "when": .date(earlier)]
    #expect(try Predicate("flag > NO").evaluate(on: row))
    #expect(try Predicate("when < DATE(101)").evaluate(on: row))
    #expect(try Predicate("when == DATE(100)").evaluate(on: row))
    #expect(try Predicate("when == DATE('1970-01-01T00:01:40Z')").evaluate(on: row))
  }

  @Test func dataComparesByBytes() throws {
    let row: Value = ["blob": .data(Data([1, 2]))]
    let bigger = Value.data(Data([1, 3]))
    #expect(try Predicate("blob < $x").evaluate(on: row, variables: ["x": bigger]))
    #expect(try Predicate("blob == $x").evaluate(on: row, variables: ["x": .data(Data([1, 2]))]))
  }

  @Test func caseFoldingIsUnicodeAware() throws {
    let row: Value = ["street": "Straße", "word": "İstanbul"]
    #expect(try Predicate("street ==[c] 'STRASSE'").evaluate(on: row))
    #expect(try Predicate("street == 'STRASSE'").evaluate(on: row) == false)
    #expect(try Predicate("street BEGINSWITH[c] 'STRA'").evaluate(on: row))
  }

  @Test func stringsCompareByCodePoint() throws {
    // Composed and decomposed é are different code points; [d] makes them equal.
    let row: Value = ["composed": "\u{E9}", "decomposed": "e\u{301}"]
    #expect(
      try Predicate("composed == $x").evaluate(on: row, variables: ["x": "e\u{301}"]) == false)
    #expect(try Predicate("composed ==[d] $x").evaluate(on: row, variables: ["x": "e\u{301}"]))
    #expect(try Predicate("decomposed BEGINSWITH 'e'").evaluate(on: row))
  }

  @Test func emptyStringIsInEveryString() throws {
    let row: Value = ["text": "abc", "empty": ""]
    for op in ["BEGINSWITH", "ENDSWITH", "CONTAINS"] {
      #expect(try Predicate("text \(op) ''").evaluate(on: row))
      #expect(try Predicate("empty \(op) ''").evaluate(on: row))
      #expect(try Predicate("empty \(op) 'a'").evaluate(on: row) == false)
    }
    #expect(try Predicate("empty LIKE ''").evaluate(on: row))
    #expect(try Predicate("empty MATCHES ''").evaluate(on: row))
    #expect(try Predicate("text LIKE ''").evaluate(on: row) == false)
  }

  @Test func likeWildcards() throws {
    let row: Value = ["text": "a*b?c\\d"]
    #expect(try Predicate("text LIKE 'a*'").evaluate(on: row))
    #expect(try Predicate(#"text LIKE 'a\\*b\\?c\\\\d'"#).evaluate(on: row))
    #expect(try Predicate(#"text LIKE 'a\\*b\\?c\\d'"#).evaluate(on: row) == false)
    #expect(try Predicate("text LIKE '?*?*?*?*?*?*?'").evaluate(on: row))
    #expect(try Predicate("text LIKE '????????'").evaluate(on: row) == false)
    #expect(try Predicate("text LIKE '*d'").evaluate(on: row))
    #expect(try Predicate(#"text LIKE '*\\'"#).evaluate(on: ["text": "a\\"]))
    // A long pattern of stars finishes quickly (no exponential backtracking).
    let long = String(repeating: "a", count: 2000)
    let stars = String(repeating: "*a", count: 50) + "b"
    #expect(try Predicate("text LIKE '\(stars)'").evaluate(on: ["text": .string(long)]) == false)
  }

  @Test func matchesIsAWholeMatch() throws {
    let row: Value = ["text": "abc"]
    #expect(try Predicate("text MATCHES 'a|abc'").evaluate(on: row))
    #expect(try Predicate("text MATCHES 'b'").evaluate(on: row) == false)
    #expect(try Predicate("text MATCHES '.*b.*'").evaluate(on: row))
    #expect(try Predicate("text MATCHES[c] 'ABC'").evaluate(on: row))
    #expect(try Predicate("text MATCHES 'ABC'").evaluate(on: row) == false)
  }

  @Test func invalidPatternFromAVariableIsAnError() throws {
    let predicate = try Predicate("text MATCHES $pattern")
    let error = evaluationError { () throws(PredicateEvaluationError) in
      try predicate.evaluate(on: ["text": "a"], variables: ["pattern": "("])
    }
    guard case .invalidRegularExpression(let pattern, _) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(pattern == "(")
  }

  @Test func unresolvedVariableNamesIt() throws {
    let predicate = try Predicate("age > $minimum")
    #expect(
      evaluationError { () throws(PredicateEvaluationError) in
        try predicate.evaluate(on: ["age": 3])
      }
        == .unresolvedVariable("minimum"))
    #expect(PredicateEvaluationError.unresolvedVariable("minimum").description.contains("$minimum"))
  }

  @Test func operandsOfTheWrongKindAreErrors() throws {
    let row: Value = ["age": 3, "name": "x"]
    let inName = try Predicate("age IN name")
    #expect(
      evaluationError { () throws(PredicateEvaluationError) in try inName.evaluate(on: row) }
        == .notACollection(operator: "IN", operand: "'name'", found: .string))
    let anyName = try Predicate("ANY name == 'x'")
    #expect(
      evaluationError { () throws(PredicateEvaluationError) in try anyName.evaluate(on: row) }
        == .notACollection(operator: "ANY", operand: "'name'", found: .string))
    let between = try Predicate("age BETWEEN $b")
    #expect(
      evaluationError { () throws(PredicateEvaluationError) in
        try between.evaluate(on: row, variables: ["b": [1, 2, 3]])
      } == .invalidBounds(operand: "'$b'", found: "a list of 3"))
    #expect(try Predicate("age BETWEEN $b").evaluate(on: row, variables: ["b": [1, 5]]))
    #expect(try Predicate("age BETWEEN $b").evaluate(on: row, variables: ["b": nil]) == false)
  }

  @Test func selfIsTheEvaluatedValue() throws {
    let names: [Value] = ["apple", "banana", "avocado"]
    let predicate = try Predicate("SELF BEGINSWITH 'a'")
    #expect(try names.filter { try predicate.evaluate(on: $0) } == ["apple", "avocado"])
    #expect(try Predicate("SELF.@count == 2").evaluate(on: [1, 2]))
    #expect(try Predicate("SELF.1 == 20").evaluate(on: [10, 20]))
    #expect(try Predicate("SELF IN {1, 2}").evaluate(on: 2))
  }

  @Test func keyPathsThroughArraysCollectValues() throws {
    let order: Value = [
      "lines": [["sku": "a", "qty": 1], ["sku": "b", "qty": 5]]
    ]
    #expect(try Predicate("ANY lines.qty > 4").evaluate(on: order))
    #expect(try Predicate("ALL lines.qty > 4").evaluate(on: order) == false)
    #expect(try Predicate("lines.sku CONTAINS 'b'").evaluate(on: order))
    #expect(try Predicate("lines.sku == {'a', 'b'}").evaluate(on: order))
    #expect(try Predicate("lines.@count == 2").evaluate(on: order))
  }

  @Test func variablesCanHoldAnyValue() throws {
    let row: Value = ["tags": ["a", "b"], "n": 2]
    #expect(try Predicate("$v IN tags").evaluate(on: row, variables: ["v": "b"]))
    #expect(try Predicate("n IN {$x, $y}").evaluate(on: row, variables: ["x": 1, "y": 2]))
    #expect(try Predicate("$a == $b").evaluate(on: .null, variables: ["a": 1, "b": 1.0]))
  }
}
