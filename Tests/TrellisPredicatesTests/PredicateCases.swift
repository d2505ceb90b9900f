import Foundation
import Trellis

/// A shared table of predicate cases: a small data set, and for each predicate the rows it must
/// select. The in-memory tests run every case; a SQL store's tests load ``rows`` into a table with
/// ``sqlColumns`` and run the cases marked ``Case/sqlEquivalent`` through
/// `Predicate.sql(columns:variables:)`, expecting the same ids.
///
/// This file depends only on Trellis and Foundation, so another test target can share it.
public enum PredicateCases {
  /// One predicate, its variables, and the ids of the rows it selects, in id order.
  public struct Case: Sendable, CustomStringConvertible {
    public var predicate: String
    public var variables: [String: Value]
    public var expected: [String]
    /// Whether SQL must give the same result; `false` for constructs SQL cannot express (it
    /// must then throw `PredicateEvaluationError.unsupportedInSQL` or `.unknownColumn`).
    public var sqlEquivalent: Bool

    public init(
      _ predicate: String, _ expected: [String], variables: [String: Value] = [:],
      sqlEquivalent: Bool = true
    ) {
      self.predicate = predicate
      self.variables = variables
      self.expected = expected
      self.sqlEquivalent = sqlEquivalent
    }

    public var description: String { predicate }
  }

  /// Seconds since 1970 for a day, UTC.
  static func day(_ year: Int, _ month: Int, _ day: Int) -> Value {
    var components = DateComponents()
    components.timeZone = TimeZone(identifier: "UTC")
    components.year = year
    components.month = month
    components.day = day
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar.date(from: components).map(Value.date) ?? .null
  }

  /// The SQL table's columns: name and declared type. `tags` has no column (arrays are
  /// in-memory only). Booleans are stored as 0/1, dates as seconds since 1970 (REAL).
  public static let sqlColumns: [(name: String, type: String)] = [
    ("id", "TEXT"), ("name", "TEXT"), ("age", "INTEGER"), ("score", "REAL"),
    ("active", "INTEGER"), ("joined", "REAL"), ("nickname", "TEXT"), ("city", "TEXT"),
  ]

  /// The rows. A missing key (eve's `tags`) reads as nil.
  public static let rows: [ValueDictionary] = [
    [
      "id": "ann", "name": "Ann", "age": 34, "score": 88.5, "active": true,
      "joined": day(2020, 1, 15), "nickname": "annie", "city": "Zürich", "tags": ["admin", "ops"],
    ],
    [
      "id": "bob", "name": "bob", "age": 17, "score": 61.0, "active": false,
      "joined": day(2023, 6, 1), "nickname": nil, "city": "Berlin", "tags": [],
    ],
    [
      "id": "cleo", "name": "Cléo", "age": 29, "score": 92.25, "active": true,
      "joined": day(2021, 3, 10), "nickname": "Cle*o", "city": "Paris", "tags": ["ops"],
    ],
    [
      "id": "dan", "name": "Dan", "age": 45, "score": 45.0, "active": false,
      "joined": day(2019, 11, 30), "nickname": "d_n%", "city": "zürich", "tags": ["admin"],
    ],
    [
      "id": "eve", "name": "ÉVE", "age": 17, "score": 70.0, "active": true,
      "joined": day(2024, 2, 29), "nickname": "", "city": "Paris",
    ],
    [
      "id": "fay", "name": "fay?[x]", "age": nil, "score": 61, "active": false,
      "joined": nil, "nickname": "Fay", "city": nil, "tags": ["x"],
    ],
  ]

  /// Every id, in order.
  public static let all = ["ann", "bob", "cleo", "dan", "eve", "fay"]

  /// The cases.
  public static let cases: [Case] = comparisons + strings + logic + variablesAndDates + collections

  static let comparisons: [Case] = [
    Case("age == 17", ["bob", "eve"]),
    Case("age = 17", ["bob", "eve"]),
    Case("age == 17.0", ["bob", "eve"]),
    Case("age != 17", ["ann", "cleo", "dan", "fay"]),
    Case("age <> 17", ["ann", "cleo", "dan", "fay"]),
    Case("age < 30", ["bob", "cleo", "eve"]),
    Case("age <= 29", ["bob", "cleo", "eve"]),
    Case("age =< 29", ["bob", "cleo", "eve"]),
    Case("age > 34", ["dan"]),
    Case("age >= 34", ["ann", "dan"]),
    Case("age => 34", ["ann", "dan"]),
    Case("age BETWEEN {17, 29}", ["bob", "cleo", "eve"]),
    Case("NOT age BETWEEN {17, 29}", ["ann", "dan", "fay"]),
    Case("age == nil", ["fay"]),
    Case("nil == age", ["fay"]),
    Case("age != NULL", ["ann", "bob", "cleo", "dan", "eve"]),
    Case("nickname == nil", ["bob"]),
    Case("score == 61", ["bob", "fay"]),
    Case("score > 61.5", ["ann", "cleo", "eve"]),
    Case("score < 61", ["dan"]),
    Case("score >= -1", all),
    Case("score == 88.5", ["ann"]),
    Case("active == YES", ["ann", "cleo", "eve"]),
    Case("active == FALSE", ["bob", "dan", "fay"]),
    Case("active != TRUE", ["bob", "dan", "fay"]),
    Case("NOT age < 30", ["ann", "dan", "fay"]),
    Case("17 == age", ["bob", "eve"]),
  ]

  static let strings: [Case] = [
    Case("name == 'Ann'", ["ann"]),
    Case("name ==[c] 'ANN'", ["ann"]),
    Case("name == 'éve'", []),
    Case("name ==[c] 'éve'", ["eve"]),
    Case("name ==[cd] 'EVE'", ["eve"]),
    Case("name ==[d] 'EVE'", ["eve"]),
    Case("name ==[d] 'Cleo'", ["cleo"]),
    Case("name !=[c] 'bob'", ["ann", "cleo", "dan", "eve", "fay"]),
    Case("name < 'a'", ["ann", "cleo", "dan"]),
    Case("name <[c] 'c'", ["ann", "bob"]),
    Case("name BEGINSWITH 'A'", ["ann"]),
    Case("name BEGINSWITH 'a'", []),
    Case("name BEGINSWITH[c] 'a'", ["ann"]),
    Case("name ENDSWITH 'n'", ["ann", "dan"]),
    Case("name ENDSWITH[c] 'VE'", ["eve"]),
    Case("name CONTAINS 'é'", ["cleo"]),
    Case("name CONTAINS[c] 'e'", ["eve"]),
    Case("name CONTAINS[cd] 'E'", ["cleo", "eve"]),
    Case("name CONTAINS '['", ["fay"]),
    Case("nickname CONTAINS '*'", ["cleo"]),
    Case("nickname CONTAINS '_'", ["dan"]),
    Case("nickname BEGINSWITH ''", ["ann", "cleo", "dan", "eve", "fay"]),
    Case("NOT nickname CONTAINS 'n'", ["bob", "cleo", "eve", "fay"]),
    Case("name LIKE 'D?n'", ["dan"]),
    Case("name LIKE '*n'", ["ann", "dan"]),
    Case("name LIKE 'a*'", []),
    Case("name LIKE[c] 'a*'", ["ann"]),
    Case("name LIKE[cd] '*e*'", ["cleo", "eve"]),
    Case("name LIKE 'fay\\\\?*'", ["fay"]),
    Case("name LIKE 'fay?[x]'", ["fay"]),
    Case("nickname LIKE '*\\\\**'", ["cleo"]),
    Case("nickname LIKE 'd_n%'", ["dan"]),
    Case("nickname LIKE '*'", ["ann", "cleo", "dan", "eve", "fay"]),
    Case("nickname LIKE '?*'", ["ann", "cleo", "dan", "fay"]),
    Case("name MATCHES '[A-D].*'", ["ann", "cleo", "dan"]),
    Case("name MATCHES[c] 'b.b'", ["bob"]),
    Case("name MATCHES 'an'", []),
    Case("name MATCHES[cd] 'eve'", ["eve"]),
    Case("NOT name MATCHES '.*[aeiou].*'", ["ann", "eve"]),
    // Letters with strokes, which Unicode does not decompose, fold as the letters read.
    Case("'Ørsted' BEGINSWITH[cd] 'o' AND name == 'Ann'", ["ann"]),
    Case("'Æble' BEGINSWITH[d] 'AE' AND name == 'Ann'", ["ann"]),
    Case("'Ørsted' BEGINSWITH[c] 'o' AND name == 'Ann'", []),
    Case("city ==[c] 'zürich'", ["ann", "dan"]),
    Case("city == 'zürich'", ["dan"]),
    Case("city IN {'Paris', 'Berlin'}", ["bob", "cleo", "eve"]),
    Case("city IN[c] {'ZÜRICH'}", ["ann", "dan"]),
    Case("city IN {nil, 'Berlin'}", ["bob", "fay"]),
    Case("city IN {}", []),
    Case("NOT city IN {'Paris'}", ["ann", "bob", "dan", "fay"]),
  ]

  static let logic: [Case] = [
    Case("TRUEPREDICATE", all),
    Case("FALSEPREDICATE", []),
    Case("NOT FALSEPREDICATE", all),
    Case("age < 20 OR age > 40 AND active == YES", ["bob", "eve"]),
    Case("(age < 20 OR age > 40) AND active == NO", ["bob", "dan"]),
    Case("NOT active == YES AND age > 20", ["dan"]),
    Case("! (age > 20) && score >= 60 || name == 'Dan'", ["bob", "dan", "eve", "fay"]),
    Case("NOT (city == 'Paris' OR age > 40)", ["ann", "bob", "fay"]),
    Case("NOT (NOT age > 30)", ["ann", "dan"]),
    Case("name beginswith[c] 'a' and age > 30", ["ann"]),
    Case("active == yes or nickname == 'x'", ["ann", "cleo", "eve"]),
  ]

  static let variablesAndDates: [Case] = [
    Case("age > $min", ["ann", "dan"], variables: ["min": 30]),
    Case("name IN $names", ["ann", "bob"], variables: ["names": ["Ann", "bob"]]),
    Case("joined < $date", ["ann", "dan"], variables: ["date": day(2021, 1, 1)]),
    Case("name BEGINSWITH[c] $prefix", ["cleo"], variables: ["prefix": "c"]),
    Case("age BETWEEN $range", ["ann", "cleo"], variables: ["range": [20, 40]]),
    Case("nickname == $none", ["bob"], variables: ["none": nil]),
    Case("joined > DATE('2022-01-01')", ["bob", "eve"]),
    Case("joined BETWEEN {DATE('2020-01-01'), DATE('2021-12-31T23:59:59Z')}", ["ann", "cleo"]),
    Case("joined == nil", ["fay"]),
  ]

  static let collections: [Case] = [
    Case("ANY tags == 'ops'", ["ann", "cleo"], sqlEquivalent: false),
    Case("SOME tags == 'ops'", ["ann", "cleo"], sqlEquivalent: false),
    Case("ALL tags == 'admin'", ["bob", "dan", "eve"], sqlEquivalent: false),
    Case("NONE tags == 'admin'", ["bob", "cleo", "eve", "fay"], sqlEquivalent: false),
    Case("tags CONTAINS 'x'", ["fay"], sqlEquivalent: false),
    Case("tags.@count == 2", ["ann"], sqlEquivalent: false),
    Case("tags.@count == 0", ["bob"], sqlEquivalent: false),
    Case("'ops' IN tags", ["ann", "cleo"], sqlEquivalent: false),
    Case("tags.0 == 'admin'", ["ann", "dan"], sqlEquivalent: false),
  ]
}
