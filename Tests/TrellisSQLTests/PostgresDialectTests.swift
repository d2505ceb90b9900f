import Foundation
import Testing
import TrellisPredicates
import TrellisSQL
import TrellisValues

@Suite("Predicate SQL in the PostgreSQL dialect")
struct PostgresDialectTests {
  /// The columns of the examples, with their kinds.
  static func column(_ name: String) -> SQLColumn? {
    switch name {
    case "age": SQLColumn(name, kind: .integer)
    case "score": SQLColumn(name, kind: .real)
    case "flag": SQLColumn(name, kind: .bool)
    case "when": SQLColumn(name, kind: .date)
    case "name", "other": SQLColumn(name, kind: .text)
    default: nil
    }
  }

  /// The SQL for `text` in PostgreSQL, its placeholders after `offset` earlier ones.
  static func sql(_ text: String, variables: [String: Value] = [:], offset: Int = 0) throws
    -> (String, [Value])
  {
    let result = try Predicate(text).sql(
      in: .postgres, columns: column, variables: variables, placeholderOffset: offset)
    return (result.clause, result.arguments)
  }

  @Test(
    "comparisons, with typed placeholders",
    arguments: [
      ("age == 3", #""age" = $1::bigint"#, [Value.int(3)]),
      ("age != 3", #""age" IS DISTINCT FROM $1::bigint"#, [3]),
      ("score <= 3.5", #""score" <= $1::double precision"#, [3.5]),
      ("age == nil", #""age" IS NULL"#, []),
      ("flag == YES", #""flag" = $1::boolean"#, [true]),
      ("when < $d", #""when" < $1::timestamptz"#, [.date(Date(timeIntervalSince1970: 9))]),
      ("name < 'b'", #"(("name") COLLATE "C") < (($1::text) COLLATE "C")"#, ["b"]),
      ("age IN {1, nil}", #"("age" IS NOT DISTINCT FROM $1::bigint OR "age" IS NULL)"#, [1]),
      ("age IN {}", "FALSE", []),
      ("TRUEPREDICATE", "TRUE", []),
      ("name BEGINSWITH 'a%'", #""name" LIKE $1::text"#, [#"a\%%"#]),
      ("name ENDSWITH other", #"right("name", length("other")) = "other""#, []),
      ("name CONTAINS other", #"strpos("name", "other") > 0"#, []),
      ("name LIKE 'a?_*'", #""name" LIKE $1::text"#, [#"a_\_%"#]),
      ("name MATCHES '[a-z]+'", #""name" ~ $1::text"#, ["^(?:[a-z]+)$"]),
      ("NOT age < 3", #"NOT coalesce("age" < $1::bigint, FALSE)"#, [3]),
      // `=` is unknown where age is NULL: under NOT it reads as false, as nil == 3 does.
      ("NOT age == 3", #"NOT coalesce("age" = $1::bigint, FALSE)"#, [3]),
      ("name == other", #""name" IS NOT DISTINCT FROM "other""#, []),
    ] as [(String, String, [Value])])
  func comparisons(_ text: String, _ clause: String, _ arguments: [Value]) throws {
    let (sql, values) = try Self.sql(text, variables: ["d": .date(Date(timeIntervalSince1970: 9))])
    #expect(sql == clause)
    #expect(values == arguments)
  }

  @Test func placeholdersFollowTheStatementsOwn() throws {
    let (sql, arguments) = try Self.sql("age > 1 AND name == 'x'", offset: 4)
    #expect(sql == #""age" > $5::bigint AND "name" = $6::text"#)
    #expect(arguments == [1, "x"])
  }

  @Test func caseFoldingReplacesWhatLowerDoesNotFold() throws {
    let (sql, arguments) = try Self.sql("name ==[c] 'STRASSE'")
    #expect(sql.hasPrefix("lower(translate(replace("))
    #expect(arguments.last == "strasse")
    #expect(arguments.contains("ß") && arguments.contains("ss"))
  }

  @Test(
    "what PostgreSQL would answer otherwise is declined",
    arguments: [
      "name ==[d] 'e'", "name BEGINSWITH[cd] 'e'", "name MATCHES '.*'", "name MATCHES '\\\\d+'",
      "name MATCHES[c] 'a'", "name MATCHES other", "age == '3'", "name > 3", "flag == 1",
      "when < 5", "age CONTAINS '3'", "name == $object",
    ])
  func declined(_ text: String) throws {
    let predicate = try Predicate(text)
    #expect(throws: PredicateEvaluationError.self) {
      _ = try predicate.sql(
        in: .postgres, columns: Self.column, variables: ["object": ["k": 1]])
    }
  }

  @Test func portableRegularExpressions() {
    for pattern in ["abc", "(a|bc)+", "[a-z0-9_]{2,5}", "x\\.y", "(?:ab)*c?", "a b"] {
      #expect(PortableRegex.anchored(pattern) == "^(?:\(pattern))$", "\(pattern)")
    }
    for pattern in [
      ".", "\\d", "\\w", "[^a]", "a*?", "a++", "é", "^a", "a$", "(?i)a", "a{300}", "", "a|",
      "[a-]", "\\n", "(?=a)",
    ] {
      #expect(PortableRegex.anchored(pattern) == nil, "\(pattern)")
    }
  }
}
