import Foundation
import Trellis

extension QueryContract {
  /// A date `seconds` after 1970.
  static func date(_ seconds: TimeInterval) -> Value { .date(Date(timeIntervalSince1970: seconds)) }

  /// The rows, in insertion order: names in mixed case, with accents, `ß` and pattern
  /// characters; nil nicknames and notes; negative, zero and large numbers; equal values for
  /// the sorts' ties.
  public static let records: [[String: Value]] = [
    row("Ann", "annie", 3, 2.5, true, 631_152_000, "likes % and _"),
    row("bob", nil, 7, 10, false, 946_684_800, nil),
    row("Émile", "Emi", 12, -1.5, true, 315_532_800, "café au lait"),
    row("zoë", "Zo", 0, 0, false, 1_262_304_000, ""),
    row("Carl", "carl", -4, 3.25, true, 0, "a*b?c"),
    row("dana", nil, 3, 2.5, true, 631_152_000, "Line\nbreak"),
    row("Ed", "ED", 21, 100, false, 1_577_836_800, "regex: abc123"),
    row("Åsa", "asa", 5, 5, true, 946_684_800, nil),
    row("_under", "x_y", 8, 8.5, false, 1_000_000_000, "100%"),
    row("100 Club", nil, 100, 1_000_000, true, 1_500_000_000, "numbers 42"),
    row("straße", "Strasse", 2, 2, false, 1_234_567_890, "ß"),
    row("ann", "Annie", 3, 2.5, false, 631_152_000, "likes % and _"),
  ]

  static func row(
    _ name: String, _ nickname: String?, _ rank: Int, _ score: Double, _ active: Bool,
    _ born: TimeInterval, _ note: String?
  ) -> [String: Value] {
    [
      "name": .string(name), "nickname": nickname.map(Value.string) ?? .null,
      "rank": .int(rank), "score": .double(score), "active": .bool(active),
      "born": date(born), "note": note.map(Value.string) ?? .null,
    ]
  }

  /// The queries: comparisons, BETWEEN, IN, the string operators with `[c]` and `[d]`,
  /// MATCHES, AND, OR and NOT, nil, Booleans, dates, numbers against strings, and sorts.
  public static let cases: [Case] = [
    // Numbers.
    Case("rank == 3"),
    Case("rank != 3", sort: [SortKey("name")]),
    Case("rank < 3", sort: [SortKey("rank", ascending: false)]),
    Case("rank >= 12"),
    Case("score > 2.5", sort: [SortKey("score")]),
    Case("score <= 2"),
    Case("rank == 2.0"),
    Case("score == 5"),
    Case("rank > score"),
    Case("rank BETWEEN {0, 7}", sort: [SortKey("rank"), SortKey("name", ascending: false)]),
    Case("score BETWEEN {-2, 2.5}"),
    Case("rank IN {3, 7, 100}"),
    // Text, by code point.
    Case("name == 'Ann'"),
    Case("name BETWEEN {'a', 'd'}", sort: [SortKey("name")]),
    Case("name < 'a'", sort: [SortKey("name", ascending: false)]),
    Case("name > 'Z'"),
    Case("name IN {'Ann', 'bob', 'nobody'}"),
    Case("name IN[c] {'ANN', 'ED'}"),
    Case("name ==[c] 'STRASSE'"),
    Case("name ==[c] 'STRAßE'"),
    Case("nickname ==[c] 'annie'", sort: [SortKey("nickname")]),
    Case("nickname ==[c] name"),
    Case("name <[c] 'b'", sort: [SortKey("name")]),
    // Nil.
    Case("nickname == nil"),
    Case("nickname != nil", sort: [SortKey("nickname", ascending: false)]),
    Case("nickname IN {'Emi', nil}"),
    Case("note == nil OR note == ''", sort: [SortKey("note")]),
    Case("TRUEPREDICATE", sort: [SortKey("nickname")]),
    // Booleans.
    Case("active == YES"),
    Case("active == NO AND rank > 2", sort: [SortKey("active"), SortKey("score")]),
    Case("NOT active == YES"),
    // Dates.
    Case("born < $date", ["date": date(946_684_800)], sort: [SortKey("born", ascending: false)]),
    Case("born == $date", ["date": date(631_152_000)]),
    Case("born BETWEEN {$from, $to}", ["from": date(0), "to": date(1_000_000_000)]),
    // String operators.
    Case("name BEGINSWITH 'A'"),
    Case("name BEGINSWITH[c] 'a'", sort: [SortKey("name")]),
    Case("name ENDSWITH 'e'"),
    Case("note CONTAINS '%'"),
    Case("note CONTAINS '_'"),
    Case("note CONTAINS[c] 'LIKES'"),
    Case("name CONTAINS[c] 'É'"),
    Case("nickname BEGINSWITH name"),
    Case("name ENDSWITH[c] nickname"),
    Case("note CONTAINS nickname"),
    Case("name LIKE 'a*'"),
    Case("name LIKE[c] '?d'"),
    Case("note LIKE '*%*'"),
    Case(#"note LIKE 'a\\*b?c'"#),
    Case("note LIKE '*'"),
    // Regular expressions: PostgreSQL runs the portable ones.
    Case("name MATCHES '[a-z]+'"),
    Case("note MATCHES 'regex: [a-z]+[0-9]{3}'"),
    Case("name MATCHES '(Ann|bob|Ed)'"),
    Case("name MATCHES '.*e'", inPostgresSQL: false),
    Case("name MATCHES[c] 'ann'", inPostgresSQL: false),
    // Diacritics: PostgreSQL has no folding of its own for them.
    Case("name ==[d] 'Emile'", inPostgresSQL: false),
    Case("name BEGINSWITH[cd] 'e'", sort: [SortKey("name")], inPostgresSQL: false),
    // Numbers against strings: never equal, in memory and in both databases.
    Case("rank == '3'", inPostgresSQL: false),
    Case("name != 3", inPostgresSQL: false),
    Case("rank < '5'", inPostgresSQL: false),
    // Logic.
    Case("rank > 2 AND (active == YES OR score > 50)"),
    Case("NOT (rank < 3 OR nickname == nil)"),
    Case("NOT nickname BEGINSWITH 'a'", sort: [SortKey("rank")]),
    Case("NOT note CONTAINS 'a' AND NOT rank BETWEEN {1, 10}"),
    Case("FALSEPREDICATE"),
  ]
}
