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
    // Each comparison in parentheses of its own, the whole in more.
    #expect(
      rules("CREATE TABLE t (stock INT CHECK (((stock >= 1) AND (stock <= 5))))")
        == ["stock ≥ 1", "stock ≤ 5"])
  }

  /// PostgreSQL prints a constraint as it parsed it (`pg_get_constraintdef`): casts,
  /// parentheses, `= ANY (ARRAY[...])` and `char_length` are read as plain SQL.
  @Test func postgresConstraintTextIsReadAsPlainSQL() {
    func postgres(_ definition: String, value column: String? = nil) -> [String] {
      rules("CHECK (" + PostgresCheckText.normalized(definition, value: column) + ")")
    }
    #expect(postgres("((price >= (0)::numeric))") == ["price ≥ 0"])
    #expect(postgres("(((stock >= 0) AND (stock <= 1000)))") == ["stock ≥ 0", "stock ≤ 1000"])
    #expect(
      postgres("((kind = ANY (ARRAY['a'::text, 'it''s'::text])))")
        == ["kind one of 'a', 'it's'"])
    #expect(
      postgres(
        "((kind)::text = ANY ((ARRAY['x'::character varying, 'y'::character varying])::text[]))")
        == ["kind one of 'x', 'y'"])
    #expect(postgres("((char_length(name) <= 20))") == ["name at most 20 characters"])
    #expect(
      postgres("(((VALUE >= 1) AND (VALUE <= 5)))", value: "stock") == ["stock ≥ 1", "stock ≤ 5"])
    // A string that holds what looks like a cast or VALUE is left as it is.
    #expect(
      PostgresCheckText.normalized("(name <> 'a::b VALUE')", value: "x") == "(name <> 'a::b VALUE')"
    )
    #expect(postgres("((name IS NULL) OR (name ~~ '%@%'::text))") == ["name like %@%"])
    #expect(postgres("((name ~~* 'a%'::text))") == ["name like a%"])
  }

  @Test func whatTrellisCannotReadIsLeftToTheDatabase() {
    // An OR but for `x IS NULL OR`, two columns, a function other than length, an unknown
    // column.
    #expect(rules("CREATE TABLE t (price REAL CHECK (price > 0 OR price < -5))") == [])
    #expect(rules("CREATE TABLE t (price REAL CHECK (price IS NULL OR stock > 0))") == [])
    #expect(
      rules("CREATE TABLE t (price REAL CHECK (price IS NULL OR price > 0 OR price < -5))") == [])
    #expect(rules("CREATE TABLE t (name TEXT CHECK (name NOT LIKE 'a%'))") == [])
    #expect(rules("CREATE TABLE t (name TEXT CHECK (name LIKE 'a!%' ESCAPE '!'))") == [])
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

  @Test func digitsAfterThePointAreCountedAsTheNumberReads() {
    let cents = ColumnCheck.fractionDigits(2)
    for fine in [0, 12, 12.5, 12.25, -0.01, 1e20, 99_999_999.99] {
      #expect(cents.problem(with: .double(fine), title: "Price") == nil, "\(fine)")
    }
    #expect(cents.problem(with: .int(7), title: "Price") == nil)
    for (number, digits) in [(12.555, 3), (1e-7, 7), (0.001, 3), (-2.125, 3), (1.5e-10, 11)] {
      #expect(ColumnCheck.fractionDigits(of: number) == digits, "\(number)")
      #expect(
        cents.problem(with: .double(number), title: "Price")
          == "Price must have at most 2 digits after the point")
    }
    #expect(
      ColumnCheck.fractionDigits(0).problem(with: .double(2.5), title: "Count")
        == "Count must be a whole number")
    #expect(
      ColumnCheck.fractionDigits(1).problem(with: .double(2.25), title: "Size")
        == "Size must have at most 1 digit after the point")
  }
}

/// `x IS NULL OR …` and `LIKE`, read into rules a form checks as the database would.
@Suite("Reading CHECK constraints that allow an empty value or match a pattern")
struct CheckConstraintLikeTests {
  private func rules(_ sql: String) -> [ColumnCheck] {
    CheckConstraintReader.checks(in: sql, columns: ["email", "price"]).map(\.check)
  }

  @Test func anEmptyValueOrARuleIsTheRule() {
    #expect(
      rules("CREATE TABLE t (email TEXT CHECK (email IS NULL OR email LIKE '%@%'))")
        == [.like("%@%")])
    #expect(
      rules("CREATE TABLE t (price REAL CHECK ((price >= 0 AND price <= 9) OR price IS NULL))")
        == [.minimum(0, inclusive: true), .maximum(9, inclusive: true)])
  }

  @Test func aLikePatternIsCheckedAsTheDatabaseChecksIt() {
    let email = ColumnCheck.like("%@%._%")
    #expect(email.problem(with: "ann@example.org", title: "Email") == nil)
    #expect(email.problem(with: "ANN@EXAMPLE.ORG", title: "Email") == nil, "any case")
    #expect(
      email.problem(with: "no address", title: "Email")
        == "Email must look like %@%._%, where % is any text and _ any one character")
    #expect(email.problem(with: "ann@example.", title: "Email") != nil, "_ is one character")
    #expect(email.problem(with: .null, title: "Email") == nil)
    // `*`, `?` and `\` are no wildcards in SQL.
    #expect(ColumnCheck.like("a*b?").problem(with: "a*b?", title: "X") == nil)
    #expect(ColumnCheck.like("a*b?").problem(with: "aXbY", title: "X") != nil)
    #expect(ColumnCheck.like(#"a\b"#).problem(with: #"a\b"#, title: "X") == nil)
  }
}
