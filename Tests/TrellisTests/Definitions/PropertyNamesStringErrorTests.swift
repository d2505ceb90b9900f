import Testing
import Trellis

/// The diagnostics parsing `text` throws, as `LINE:COL: error: MESSAGE` lines.
func errors(_ text: String) -> [String] {
  do {
    _ = try PropertyNamesString.parse(text)
    return []
  } catch {
    return error.diagnostics.map(\.description)
  }
}

@Suite("Names string: errors")
struct PropertyNamesStringErrorTests {
  @Test("an unclosed group says where it was opened")
  func unclosedGroup() {
    #expect(
      errors("Task Details:(name,description;Status:(completed)") == [
        "1:31: error: expected ')' to close the group opened at column 14"
      ])
    #expect(errors("A:(name") == ["1:8: error: expected ')' to close the group opened at column 3"])
    #expect(
      errors("A:(name,\nb") == [
        "2:2: error: expected ')' to close the group opened at line 1, column 3"
      ])
  }

  @Test("a missing '(' or ':' is named")
  func missingPunctuation() {
    #expect(
      errors("Details:name") == [
        "1:9: error: expected '(' after ':' to open the group's names, found 'n'"
      ])
    #expect(
      errors("Details:") == [
        "1:9: error: expected '(' after ':' to open the group's names, found the end"
      ])
    #expect(
      errors("Details(name)") == ["1:8: error: expected ':' between the header 'Details' and '('"])
    #expect(
      errors("(name)") == [
        "1:1: error: expected ':' before '('; a group without a header is written ':(...)'"
      ])
  }

  @Test("empty entries, empty groups and missing names are errors")
  func emptyParts() {
    #expect(errors(";name") == ["1:1: error: expected a property name or a group before ';'"])
    #expect(errors("a;;b") == ["1:3: error: expected a property name or a group before ';'"])
    #expect(errors("Status:()") == ["1:8: error: the group 'Status' lists no properties"])
    #expect(errors(":( )") == ["1:2: error: the group lists no properties"])
    #expect(errors(":(a,)") == ["1:5: error: expected a property name after ','"])
    #expect(errors(":(a,,b)") == ["1:5: error: expected a property name before ','"])
    #expect(errors(":(,a)") == ["1:3: error: expected a property name before ','"])
    #expect(errors("~") == ["1:2: error: expected a custom name after '~'"])
    #expect(errors(":(a,~ )") == ["1:6: error: expected a custom name after '~'"])
    #expect(errors(":(a):") == ["1:6: error: expected a footer after ':'"])
  }

  @Test("stray punctuation is reported where it is")
  func strayPunctuation() {
    #expect(errors("a)") == ["1:2: error: unexpected ')' with no group open"])
    #expect(errors("A:(a) B:(b)") == ["1:7: error: expected ';' between entries, found 'B'"])
    #expect(errors(":(a:b)") == ["1:4: error: expected ',' or ')' after 'a', found ':'"])
    #expect(errors(":(a(b))") == ["1:4: error: expected ',' or ')' after 'a', found '('"])
    #expect(errors(":(:a)") == ["1:3: error: expected a property name, found ':'"])
    #expect(
      errors(":(~Sort: A-Z)") == [
        "1:8: error: unexpected ':' in the custom name '~Sort'; write '\\:' for a literal ':'"
      ])
    #expect(
      errors("~Actions:(a)") == [
        "1:9: error: unexpected ':' after the custom name '~Actions'; a header that starts with "
          + "'~' is written '\\~'"
      ])
  }

  @Test("commas outside a group get a hint to use ';'")
  func commaOutsideGroup() {
    let hint =
      "',' separates names only inside a group's parentheses; use ';' between ungrouped names"
    #expect(errors("name,description") == ["1:5: error: \(hint)"])
    #expect(errors("~One, ~Two") == ["1:5: error: \(hint)"])
  }

  @Test("property names are key paths: no spaces, no stray characters, well-formed keys")
  func badKeyPaths() {
    #expect(
      errors("name;due date") == [
        "1:9: error: the property name 'due date' contains whitespace; a custom row's name starts "
          + "with '~', a group is written 'Header:(names)'"
      ])
    #expect(
      errors(":(due date)") == [
        "1:6: error: the property name 'due date' contains whitespace; a custom row's name "
          + "starts with '~'"
      ])
    #expect(errors("due-date") == ["1:4: error: unexpected '-' in the property name 'due-date'"])
    #expect(errors("owner..name") == ["1:7: error: expected a key before '.' in 'owner..name'"])
    #expect(errors("owner.") == ["1:7: error: expected a key after '.' in 'owner.'"])
    #expect(errors(".name") == ["1:1: error: expected a key before '.' in '.name'"])
    #expect(
      errors("steps.2nd") == [
        "1:7: error: the key '2nd' in 'steps.2nd' starts with a digit; a key starts with a letter "
          + "or '_', or is an array index"
      ])
    #expect(
      errors("steps.@sum") == [
        "1:7: error: unknown operator '@sum' in 'steps.@sum'; only '@count' is supported"
      ])
    #expect(
      errors(#"na\;me"#) == [
        "1:3: error: a property name cannot contain '\\'; escapes are for headers, footers and "
          + "custom names"
      ])
  }

  @Test("a name listed twice is reported at the repeat, naming the first")
  func duplicates() {
    #expect(
      errors("name;A:(description, name)") == ["1:22: error: 'name' is listed twice (first at 1:1)"]
    )
    #expect(errors("~Go;:(~Go)") == ["1:7: error: '~Go' is listed twice (first at 1:1)"])
  }

  @Test("a footer that swallows the next group is caught")
  func footerSwallowingGroup() {
    #expect(
      errors("A:(a):Note B:(b)") == [
        "1:13: error: a footer cannot contain ':(' (is a ';' missing before the next group?); "
          + "write '\\:' for a literal ':'"
      ])
  }

  @Test("a trailing backslash is reported")
  func trailingBackslash() {
    #expect(errors(#"A\"#) == ["1:3: error: expected a character after '\\'"])
    #expect(errors(#"a;\"#) == ["1:4: error: expected a character after '\\'"])
  }

  @Test("every problem is reported, not only the first, and the file is named")
  func allProblems() {
    do {
      _ = try PropertyNamesString.parse("a,b;Details:(x;due date;x", file: "Task.names")
      Issue.record("expected errors")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "Task.names:1:2: error: ',' separates names only inside a group's parentheses; use ';' "
            + "between ungrouped names",
          "Task.names:1:15: error: expected ')' to close the group opened at column 13",
          "Task.names:1:19: error: the property name 'due date' contains whitespace; a custom "
            + "row's name starts with '~', a group is written 'Header:(names)'",
          "Task.names:1:25: error: 'x' is listed twice (first at 1:14)",
        ])
    }
  }

  @Test("columns count characters, and a combining mark cannot hide a separator")
  func unicodeColumns() {
    #expect(
      errors("~👩‍👩‍👧;a b") == [
        "1:5: error: the property name 'a b' contains whitespace; a custom row's name starts "
          + "with '~', a group is written 'Header:(names)'"
      ])
    #expect(
      errors("a;\u{301}b") == ["1:2: error: unexpected '\u{301}' in the property name '\u{301}b'"])
  }
}
