import Testing
import TrellisValues

@testable import TrellisSQL

/// The `CHECK` constraints Trellis reads into rules a form checks before it writes, and those
/// it leaves to the database.
@Suite("Reading CHECK constraints")
struct CheckConstraintReaderTests {
  private func rules(_ sql: String, columns: [String] = ["price", "stock", "name", "kind"])
    -> [String]
  {
    CheckConstraintReader.checks(in: sql, columns: columns).map { "\($0.column) \($0.check.words)" }
  }

  @Test func rangesComparisonsListsAndLengthsAreRead() {
    #expect(
      rules("CREATE TABLE t (stock INTEGER CHECK (stock BETWEEN 0 AND 1000))")
        == ["stock ≥ 0", "stock ≤ 1000"])
    #expect(rules("CREATE TABLE t (price REAL, CHECK (price >= 0))") == ["price ≥ 0"])
    #expect(rules("CREATE TABLE t (price REAL CHECK (0 < price))") == ["price > 0"])
    #expect(
      rules("CREATE TABLE t (stock INT CHECK (stock >= -5 AND stock < 10))")
        == ["stock ≥ -5", "stock < 10"])
    #expect(
      rules(#"CREATE TABLE t (kind TEXT CHECK ("kind" IN ('a', 'it''s', 'c')))"#)
        == ["kind one of 'a', 'it's', 'c'"])
    #expect(
      rules("CREATE TABLE t (name TEXT CHECK (length(name) <= 20))")
        == ["name at most 20 characters"])
    #expect(
      rules("CREATE TABLE t (name TEXT CHECK (LENGTH([name]) BETWEEN 2 AND 8))")
        == ["name at least 2 characters", "name at most 8 characters"])
  }

  @Test func whatTrellisCannotReadIsLeftToTheDatabase() {
    // An OR, two columns, a function other than length, an unknown column.
    #expect(rules("CREATE TABLE t (price REAL CHECK (price > 0 OR price IS NULL))") == [])
    #expect(rules("CREATE TABLE t (price REAL, stock INT, CHECK (price > stock))") == [])
    #expect(rules("CREATE TABLE t (name TEXT CHECK (upper(name) = name))") == [])
    #expect(rules("CREATE TABLE t (other INT CHECK (other > 0))") == [])
    // A readable conjunct beside an unreadable one is still read.
    #expect(
      rules("CREATE TABLE t (price REAL CHECK (price >= 1 AND typeof(price) = 'real'))")
        == ["price ≥ 1"])
  }

  @Test func aRuleSaysWhyAValueBreaksIt() {
    #expect(
      ColumnCheck.minimum(0, inclusive: true).problem(with: .double(-1), title: "Price")
        == "Price must be at least 0")
    #expect(ColumnCheck.minimum(0, inclusive: true).problem(with: .int(0), title: "Price") == nil)
    #expect(
      ColumnCheck.maximum(5, inclusive: true).problem(with: .int(6), title: "Stars")
        == "Stars must be at most 5")
    #expect(
      ColumnCheck.oneOf([.string("NL"), .string("FR")]).problem(with: "BE", title: "Country")
        == "Country must be one of 'NL', 'FR'")
    #expect(ColumnCheck.oneOf([.int(0), .int(1)]).problem(with: .bool(true), title: "On") == nil)
    #expect(
      ColumnCheck.maxLength(3).problem(with: "abcd", title: "Code")
        == "Code must be at most 3 characters")
    #expect(ColumnCheck.maxLength(3).problem(with: .null, title: "Code") == nil)
  }
}
