import Foundation
import Testing
import TrellisPredicates
import TrellisSQL
import TrellisValues

@Suite("Predicate SQL translation")
struct PredicateSQLTests {
  /// The SQL for `text`, with every key path mapped to the column of the same name.
  static func sql(_ text: String, variables: [String: Value] = [:]) throws -> (String, [Value]) {
    let result = try Predicate(text).sql(columns: { $0 }, variables: variables)
    return (result.clause, result.arguments)
  }

  /// The error translating `text` throws, or `nil`.
  static func sqlError(
    _ text: String, columns: (String) -> String? = { $0 }, variables: [String: Value] = [:]
  ) throws -> PredicateEvaluationError? {
    let predicate = try Predicate(text)
    do throws(PredicateEvaluationError) {
      _ = try predicate.sql(columns: columns, variables: variables)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "comparisons",
    arguments: [
      ("age == 3", #""age" IS ?"#, [Value.int(3)]),
      ("age != 3", #""age" IS NOT ?"#, [3]),
      ("age < 3", #""age" < ?"#, [3]),
      ("age <= 3.5", #""age" <= ?"#, [3.5]),
      ("age > -3", #""age" > ?"#, [-3]),
      ("age >= 3", #""age" >= ?"#, [3]),
      ("age == nil", #""age" IS NULL"#, []),
      ("nil != age", #""age" IS NOT NULL"#, []),
      ("age == other", #""age" IS "other""#, []),
      ("flag == YES", #""flag" IS ?"#, [1]),
      ("flag == NO", #""flag" IS ?"#, [0]),
      ("when < DATE(1000)", #""when" < ?"#, [1000.0]),
      ("age BETWEEN {1, 9}", #"("age" BETWEEN ? AND ?)"#, [1, 9]),
      ("age IN {1, 2, 3}", #""age" IN (?, ?, ?)"#, [1, 2, 3]),
      ("age IN {1, nil}", #"("age" IS ? OR "age" IS ?)"#, [1, nil]),
      ("age IN {1, other}", #"("age" IS ? OR "age" IS "other")"#, [1]),
      ("age IN {}", "0", []),
      ("TRUEPREDICATE", "1", []),
      ("FALSEPREDICATE", "0", []),
      ("3 < age", #"? < "age""#, [3]),
    ])
  func comparisons(_ text: String, _ clause: String, _ arguments: [Value]) throws {
    let (sql, values) = try Self.sql(text)
    #expect(sql == clause)
    #expect(values == arguments)
  }

  @Test(
    "strings use case-sensitive GLOB, instr and substr, with escaping",
    arguments: [
      ("name BEGINSWITH 'ab'", #""name" GLOB ?"#, [Value.string("ab*")]),
      ("name ENDSWITH 'ab'", #""name" GLOB ?"#, ["*ab"]),
      ("name CONTAINS 'ab'", #""name" GLOB ?"#, ["*ab*"]),
      ("name CONTAINS '*?[]%_'", #""name" GLOB ?"#, ["*[*][?][[]]%_*"]),
      ("name LIKE 'a?b*'", #""name" GLOB ?"#, ["a?b*"]),
      (#"name LIKE 'a\\?b\\*[%_'"#, #""name" GLOB ?"#, ["a[?]b[*][[]%_"]),
      ("name LIKE[c] 'AB*'", #"trellis_fold("name", 1) GLOB ?"#, ["ab*"]),
      ("name ==[c] 'AB'", #"trellis_fold("name", 1) IS ?"#, ["ab"]),
      ("name ==[d] 'É'", #"trellis_fold("name", 2) IS ?"#, ["E"]),
      ("name ==[cd] 'É'", #"trellis_fold("name", 3) IS ?"#, ["e"]),
      ("name <[c] other", #"trellis_fold("name", 1) < trellis_fold("other", 1)"#, []),
      ("name ==[c] 3", #"trellis_fold("name", 1) IS ?"#, [3]),
      ("name IN[c] {'A', 'B'}", #"trellis_fold("name", 1) IN (?, ?)"#, ["a", "b"]),
      ("name CONTAINS other", #"instr("name", "other") > 0"#, []),
      ("name BEGINSWITH other", #"substr("name", 1, length("other")) = "other""#, []),
      (
        "name ENDSWITH other",
        #"(length("other") <= length("name") AND substr("name", length("name") - length("other") + 1) = "other")"#,
        []
      ),
      ("name MATCHES 'a.*'", #"regexp(?, "name")"#, ["a.*"]),
      ("name MATCHES[c] 'a.*'", #"regexp(?, "name")"#, ["(?i)a.*"]),
      ("name MATCHES[cd] 'a.*'", #"regexp(?, trellis_fold("name", 2))"#, ["(?i)a.*"]),
      ("name MATCHES pattern", #"regexp("pattern", "name")"#, []),
      ("name MATCHES[c] pattern", #"regexp(? || "pattern", "name")"#, ["(?i)"]),
    ])
  func strings(_ text: String, _ clause: String, _ arguments: [Value]) throws {
    let (sql, values) = try Self.sql(text)
    #expect(sql == clause)
    #expect(values == arguments)
  }

  @Test func logicKeepsPrecedenceAndTwoValuedNot() throws {
    #expect(try Self.sql("a == 1 OR b == 2 AND c == 3").0 == #""a" IS ? OR "b" IS ? AND "c" IS ?"#)
    #expect(
      try Self.sql("(a == 1 OR b == 2) AND c == 3").0 == #"("a" IS ? OR "b" IS ?) AND "c" IS ?"#)
    // IS never yields NULL, so NOT needs no guard.
    #expect(try Self.sql("NOT a == 1").0 == #"NOT "a" IS ?"#)
    #expect(try Self.sql("NOT (a == 1 AND b == 2)").0 == #"NOT ("a" IS ? AND "b" IS ?)"#)
    // < yields NULL for a NULL column; in memory that is false, so NOT of it is true.
    #expect(try Self.sql("NOT a < 1").0 == #"NOT coalesce("a" < ?, 0)"#)
    #expect(try Self.sql("NOT (a < 1 OR b == 2)").0 == #"NOT coalesce("a" < ? OR "b" IS ?, 0)"#)
    #expect(try Self.sql("NOT NOT a < 1").0 == #"NOT NOT coalesce("a" < ?, 0)"#)
  }

  @Test func argumentsFollowPlaceholderOrder() throws {
    let (sql, arguments) = try Self.sql(
      "a == 1 AND b IN {2, 3} AND c BETWEEN {4, $five} AND d MATCHES[c] e AND f LIKE '6'",
      variables: ["five": 5])
    #expect(sql.filter { $0 == "?" }.count == arguments.count)
    #expect(arguments == [1, 2, 3, 4, 5, "(?i)", "6"])
  }

  @Test func literalsAreNeverInterpolated() throws {
    let hostile = "x'); DROP TABLE t; --"
    let (sql, arguments) = try Self.sql(
      "name == $v OR name CONTAINS '\(hostile.replacingOccurrences(of: "'", with: "\\'"))'",
      variables: ["v": .string(hostile)])
    #expect(!sql.contains("DROP"))
    #expect(arguments == [.string(hostile), .string("*" + hostile + "*")])
  }

  @Test func identifiersAreQuoted() throws {
    let result = try Predicate("profile.firstName == 'a'").sql(columns: { _ in #"first "name""# })
    #expect(result.clause == #""first ""name""" IS ?"#)
  }

  @Test func variablesAreBound() throws {
    let (sql, arguments) = try Self.sql(
      "age > $min AND name IN $names AND joined < $when AND flag == $flag AND x == $none",
      variables: [
        "min": 3, "names": ["a", "b"], "when": .date(Date(timeIntervalSince1970: 60)),
        "flag": true, "none": nil,
      ])
    #expect(
      sql == #""age" > ? AND "name" IN (?, ?) AND "joined" < ? AND "flag" IS ? AND "x" IS NULL"#)
    #expect(arguments == [3, "a", "b", 60.0, 1])
  }

  @Test func constantsWithoutMeaningBecomeFalse() throws {
    #expect(try Self.sql("name CONTAINS $v", variables: ["v": 3]).0 == "0")
    #expect(try Self.sql("name LIKE $v", variables: ["v": nil]).0 == "0")
    #expect(try Self.sql("name MATCHES $v", variables: ["v": nil]).0 == "0")
    #expect(try Self.sql("name IN $v", variables: ["v": nil]).0 == "0")
    #expect(try Self.sql("name BETWEEN $v", variables: ["v": nil]).0 == "0")
  }

  @Test func errors() throws {
    #expect(
      try Self.sqlError("nmae == 1", columns: { $0 == "name" ? "name" : nil })
        == .unknownColumn(keyPath: "nmae"))
    #expect(try Self.sqlError("a == $x") == .unresolvedVariable("x"))
    #expect(
      try Self.sqlError("ANY tags == 'a'")
        == .unsupportedInSQL("ANY (a quantifier over a collection)"))
    #expect(
      try Self.sqlError("SELF == 1") == .unsupportedInSQL("SELF (the evaluated value itself)"))
    #expect(
      try Self.sqlError("'a' IN tags") == .unsupportedInSQL("IN with a key path to a collection"))
    #expect(
      try Self.sqlError("a LIKE b")
        == .unsupportedInSQL("LIKE with a key path or a list as its pattern"))
    #expect(
      try Self.sqlError("a BETWEEN b") == .unsupportedInSQL("BETWEEN with a key path as its bounds")
    )
    #expect(
      try Self.sqlError("a == {1, 2}") == .unsupportedInSQL("a list used as a single value in =="))
    #expect(
      try Self.sqlError("{1} CONTAINS a") == .unsupportedInSQL("a list on the left of CONTAINS"))
    #expect(
      try Self.sqlError("a IN $x", variables: ["x": 3])
        == .notACollection(operator: "IN", operand: "'$x'", found: .int))
    #expect(
      try Self.sqlError("a BETWEEN $x", variables: ["x": [1]])
        == .invalidBounds(operand: "'$x'", found: "a list of 1"))
    #expect(try Self.sqlError("a MATCHES $x", variables: ["x": "("]) != nil)
    #expect(
      try Self.sqlError("a == $x", variables: ["x": ["k": 1]])
        == .unsupportedInSQL("a dictionary value"))
    #expect(
      PredicateEvaluationError.unknownColumn(keyPath: "nmae").description
        == "no column for key path 'nmae'")
  }

  @Test func foldFunctionMatchesInMemoryFolding() {
    #expect(PredicateSQLFunctions.fold("Crème BRÛLÉE", flags: 1) == "crème brûlée")
    #expect(PredicateSQLFunctions.fold("Crème BRÛLÉE", flags: 2) == "Creme BRULEE")
    #expect(PredicateSQLFunctions.fold("Crème BRÛLÉE", flags: 3) == "creme brulee")
    #expect(PredicateSQLFunctions.fold("ABC", flags: 0) == "ABC")
    #expect(PredicateSQLFunctions.fold("ABC", flags: 4) == "ABC")
    #expect(PredicateSQLFunctions.fold("Straße", flags: 1) == "strasse")
  }

  @Test func regexpFunctionIsAWholeMatch() throws {
    #expect(try PredicateSQLFunctions.matches("a|ab", "ab"))
    #expect(try PredicateSQLFunctions.matches("b", "ab") == false)
    #expect(try PredicateSQLFunctions.matches("(?i)AB", "ab"))
    #expect(throws: (any Error).self) { try PredicateSQLFunctions.matches("(", "ab") }
  }
}
