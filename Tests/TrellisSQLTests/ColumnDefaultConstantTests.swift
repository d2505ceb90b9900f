import Testing
import TrellisValues

@testable import TrellisSQL

/// The constants a new row starts with, read from a column's default as SQLite and
/// PostgreSQL write it; anything else is left to the database.
@Suite("Column default constants")
struct ColumnDefaultConstantTests {
  @Test func constantsAreReadAndExpressionsLeft() {
    func constant(_ sql: String, _ kind: InferredColumn.Kind) -> Value? {
      InferredTable.constant(sql, kind: kind)
    }
    #expect(constant("1", .bool) == .bool(true))
    #expect(constant("true", .bool) == .bool(true))
    #expect(constant("FALSE", .bool) == .bool(false))
    #expect(constant("(3)", .integer) == .int(3))
    #expect(constant("'0'::numeric", .real) == .double(0))
    #expect(constant("42::bigint", .integer) == .int(42))
    #expect(constant("'draft'::text", .text) == "draft")
    #expect(constant("'it''s'", .text) == "it's")
    #expect(constant("CURRENT_TIMESTAMP", .date) == nil)
    #expect(constant("now()", .text) == nil)
    #expect(constant("NULL", .text) == nil)
    #expect(constant("'a' || 'b'", .text) == nil)
    #expect(constant("2", .bool) == nil)
    #expect(constant("1e999", .real) == nil)
    #expect(constant("nextval('t_id_seq'::regclass)", .integer) == nil)
  }
}
