import Foundation
import Testing
import Trellis

@Suite("Predicate diagnostics")
struct PredicateDiagnosticTests {
  /// The diagnostic parsing `text` throws.
  static func diagnostic(_ text: String, file: String? = nil, origin: Trellis.SourceLocation? = nil)
    -> Diagnostic?
  {
    do throws(Diagnostic) {
      _ = try Predicate(text, file: file, origin: origin)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "errors are located and say what was found and expected",
    arguments: [
      ("name ==", "1:8: error: expected a value after '==' but found end of input"),
      (
        "name == 'abc' AND age",
        "1:22: error: expected an operator such as '==', '<', CONTAINS or IN after 'age' but found end of input"
      ),
      ("", "1:1: error: expected a predicate but found end of input"),
      ("   ", "1:4: error: expected a predicate but found end of input"),
      ("a == 1 AND", "1:11: error: expected a predicate after 'AND' but found end of input"),
      (
        "a == 1 OR OR b == 2",
        "1:11: error: expected a predicate after 'OR' but found 'OR' (to use it as a key, write '#OR')"
      ),
      ("NOT", "1:4: error: expected a predicate after 'NOT' but found end of input"),
      ("a == 1 b == 2", "1:8: error: expected AND, OR or the end of the predicate but found 'b'"),
      (
        "(a == 1",
        "1:8: error: expected AND, OR or ')' to close the '(' at column 1 but found end of input"
      ),
      ("a == 1)", "1:7: error: expected AND, OR or the end of the predicate but found ')'"),
      (
        "a == 'abc", "1:6: error: unterminated string: expected a closing ' before the end of input"
      ),
      (
        "a == \"abc",
        "1:6: error: unterminated string: expected a closing \" before the end of input"
      ),
      (
        #"a == 'x\q'"#,
        #"1:8: error: unknown escape '\q': use \\, \', \", \n, \t, \r, \0 or \u{...}"#
      ),
      (
        #"a == '\u{110000}'"#,
        #"1:7: error: invalid escape: '\u' needs 1 to 8 hexadecimal digits of a valid code point in braces, such as \u{e9}"#
      ),
      (
        "a ==[x] 'b'",
        "1:6: error: unknown modifier 'x' on '==': use c (case-insensitive), d (diacritic-insensitive) or cd"
      ),
      (
        "a ==[cx] 'b'",
        "1:7: error: unknown modifier 'x' on '==': use c (case-insensitive), d (diacritic-insensitive) or cd"
      ),
      ("a ==[c 'b'", "1:8: error: expected ']' to close the modifier but found the string 'b'"),
      ("a ==[] 'b'", "1:6: error: expected c, d or cd in the modifier of '==' but found ']'"),
      ("a = = 1", "1:5: error: expected a value after '=' but found '='"),
      ("a =< ", "1:6: error: expected a value after '=<' but found end of input"),
      ("a & b", "1:3: error: unexpected '&'; did you mean '&&'?"),
      ("a | b", "1:3: error: unexpected '|'; did you mean '||'?"),
      ("a == 1 % 2", "1:8: error: unexpected character '%'"),
      (
        "a == - 1",
        "1:6: error: unexpected '-': a negative number needs a digit right after the sign"
      ),
      ("a == 12abc", "1:6: error: invalid number '12a'"),
      ("a == 1.2.3", "1:6: error: invalid number '1.2.'"),
      (
        "a == 99999999999999999999",
        "1:6: error: the integer 99999999999999999999 does not fit in 64 bits; write 99999999999999999999.0 for a decimal"
      ),
      ("a == 1e999", "1:6: error: the number 1e999 is too large"),
      ("a. == 1", "1:3: error: expected a key after 'a.' but found ' '"),
      ("a == $", "1:6: error: expected a variable name after '$' but found end of input"),
      ("# == 1", "1:1: error: expected a key after '#' but found ' '"),
      ("a.@ == 1", "1:3: error: expected a name after '@' (such as @count) but found ' '"),
      ("AND.x == 1", "1:1: error: 'AND' is a reserved word; write '#AND' to use it as a key"),
      (
        "a == AND",
        "1:6: error: expected a value after '==' but found 'AND' (to use it as a key, write '#AND')"
      ),
      (
        "a IN 3",
        "1:6: error: expected a list {...}, a key path or a $variable after IN but found the number 3"
      ),
      (
        "a IN {1, 2",
        "1:11: error: expected ',' or '}' in the list started at column 6 but found end of input"
      ),
      ("a IN {1,}", "1:9: error: expected a value in the list started at column 6 but found '}'"),
      (
        "a BETWEEN {1, 2, 3}",
        "1:11: error: BETWEEN needs exactly two bounds {low, high}, but the list has 3"
      ),
      (
        "a BETWEEN 1",
        "1:11: error: expected two bounds {low, high} after BETWEEN but found the number 1"
      ),
      ("a BEGINSWITH 5", "1:14: error: expected a string after BEGINSWITH but found the number 5"),
      ("a LIKE {'x'}", "1:8: error: expected a string after LIKE but found '{'"),
      ("a MATCHES '(ab'", "1:11: error: invalid regular expression: expected ')'"),
      ("ANY 5 == 1", "1:5: error: expected a key path after ANY but found the number 5"),
      ("ANY", "1:4: error: expected a key path after ANY but found end of input"),
      (
        "a < DATE('yesterday')",
        "1:10: error: the string 'yesterday' is not an ISO-8601 date such as 2026-01-31 or 2026-01-31T09:30:00Z"
      ),
      (
        "a < DATE('2026-01-01'",
        "1:22: error: expected ')' to close DATE(...) but found end of input"
      ),
      (
        "a < DATE()",
        "1:10: error: expected an ISO-8601 string or seconds since 1970 in DATE(...) but found ')'"
      ),
      (
        "a == 'é' AND é",
        "1:15: error: expected an operator such as '==', '<', CONTAINS or IN after 'é' but found end of input"
      ),
      ("a == 1\nAND\nb ==", "3:5: error: expected a value after '==' but found end of input"),
      (
        "(a == 1\n OR b == 2",
        "2:11: error: expected AND, OR or ')' to close the '(' at line 1, column 1 but found end of input"
      ),
    ])
  func located(_ text: String, _ expected: String) {
    #expect(Self.diagnostic(text)?.description == expected)
  }

  @Test func columnsCountCharactersNotScalars() {
    // "e\u{301}" is one character made of two scalars.
    let diagnostic = Self.diagnostic("a == 'e\u{301}' ==")
    #expect(diagnostic?.location == Trellis.SourceLocation(line: 1, column: 10))
  }

  @Test func fileAndOriginShiftLocations() {
    let diagnostic = Self.diagnostic(
      "a ==", file: "Screen.plist", origin: Trellis.SourceLocation(line: 7, column: 20))
    #expect(
      diagnostic?.description
        == "Screen.plist:7:24: error: expected a value after '==' but found end of input")
    let second = Self.diagnostic(
      "a == 1 AND\nb ==", file: "x.json", origin: Trellis.SourceLocation(line: 7, column: 20))
    #expect(second?.location == Trellis.SourceLocation(file: "x.json", line: 8, column: 5))
  }

  @Test func nestingIsLimited() throws {
    let depth = 64
    let fine =
      String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
    #expect(try Predicate(fine).description == "a == 1")
    let tooDeep = "(" + fine + ")"
    #expect(
      Self.diagnostic(tooDeep)?.description
        == "1:65: error: the predicate is nested too deeply (more than 64 levels)")
    let nots = String(repeating: "NOT ", count: 65) + "a == 1"
    #expect(
      Self.diagnostic(nots)?.message == "the predicate is nested too deeply (more than 64 levels)")
    let lists = "a IN " + String(repeating: "{", count: 65) + String(repeating: "}", count: 65)
    #expect(
      Self.diagnostic(lists)?.message == "the predicate is nested too deeply (more than 64 levels)")
    let hostile = String(repeating: "(", count: 100_000)
    #expect(Self.diagnostic(hostile) != nil)
  }

  @Test func deepNestingParsesOffTheMainThread() async throws {
    // 31 × (NOT, parenthesis) + two braces: exactly the limit of 64 levels.
    let text =
      String(repeating: "NOT (", count: 31) + "a IN {{1}}"
      + String(repeating: ")", count: 31)
    let result = try await Task.detached {
      let predicate = try Predicate(text)
      return (predicate.description, try predicate.evaluate(on: ["a": [1]]))
    }.value
    #expect(result.0 == String(repeating: "NOT ", count: 31) + "a IN {{1}}")
    #expect(result.1 == false)
  }

  @Test func longChainsDoNotNest() throws {
    let terms = (0..<20_000).map { "a == \($0)" }.joined(separator: " OR ")
    let predicate = try Predicate(terms)
    #expect(try predicate.evaluate(on: ["a": 19_999]))
    #expect(try Predicate(predicate.description) == predicate)
  }
}
